import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { BILLING_INTERVALS, PLAN_IDS } from "../../../domain/plans";
import { user } from "./accounts.server";

/**
 * An account's plan, when it has or had one other than Free (backend/billing/plans.server.ts): a
 * Stripe subscription, or a plan staff set. No row: Free.
 */
export const subscription = pgTable("subscription", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: PLAN_IDS }).notNull(),
  /** "stripe" or "staff": who set it. */
  source: text("source", { enum: ["stripe", "staff"] }).notNull(),
  status: text("status", { enum: ["active", "past_due", "canceled"] }).notNull(),
  interval: text("interval", { enum: BILLING_INTERVALS }),
  /** What the next renewal costs, in cents (Stripe). */
  amountCents: integer("amount_cents"),
  /** The end of the period paid for: the next renewal, or the end when cancelled (Stripe). */
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  /** When the plan ends (domain/plans.ts PlanState.endsAt). */
  endsAt: timestamp("ends_at", { withTimezone: true }),
  graceUntil: timestamp("grace_until", { withTimezone: true }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** `created` of the last Stripe event applied: an older one arriving late changes nothing. */
  stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
  /** The first payment of the current subscription: the money-back guarantee counts from it. */
  firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
  /** The latest paid invoice: the one the guarantee refunds. */
  lastPaidInvoiceId: text("last_paid_invoice_id"),
  /** Once used, the guarantee is not offered again on this account. */
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
  /** The invoice the guarantee refunded: a refund whose subscription did not end yet is finished for it only. */
  refundedInvoiceId: text("refunded_invoice_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events applied, by id: a replayed event is answered and changes nothing. */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Photo analyses a signed-in account ran in a month (UTC), counted against its plan's limit. */
export const analysisUse = pgTable(
  "analysis_use",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "2026-11" */
    month: text("month").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);
