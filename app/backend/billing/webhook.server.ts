import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/backend/db/client.server";
import { stripeEvent, subscription, user } from "~/backend/db/schema.server";
import { siteBaseUrl } from "~/utils/seo";
import { fromLookupKey, PLAN_NAMES, type PaidPlanId } from "~/domain/plans";
import { type StoredPlan } from "./plans.server";
import { graceFrom, queuePlanMail, scheduleSettle, settlePlan } from "./plan-changes.server";
import {
  callStripe,
  missingInStripe,
  PaymentsUnavailableError,
  stripe,
  webhookSecret,
} from "./stripe.server";
import {
  readWebhookEvent,
  subscriptionSchema,
  type InvoiceData,
  type SubscriptionData,
  type WebhookEvent,
} from "./webhook-events.server";

/*
 * Stripe's webhook: each event checked and applied once, keeping each account's plan as Stripe
 * has it, with the mails that say what changed. Checkout's return applies a subscription the
 * same way (applySubscription).
 */

export type WebhookAnswer = { status: 200 | 400; body: string };

/** Stripe's answer about a subscription, as applySubscription reads it; unreadable, the payment page's error. */
export function readSubscription(answer: Stripe.Subscription): SubscriptionData {
  const read = subscriptionSchema.safeParse(answer);
  if (read.success) return read.data;
  console.error("[billing] Stripe answered a subscription we cannot read", { subscriptionId: answer.id });
  throw new PaymentsUnavailableError(`unreadable subscription ${answer.id}`);
}

/**
 * POST /api/billing/webhook: the signature checked on the raw body (400, nothing changed, when
 * it fails), the event read (webhook-events.server.ts; 400, nothing changed, when it cannot be),
 * each event applied once by id, in one transaction with its record. Throws (a 500 Stripe
 * retries) only when the database or Stripe fails, never for what the event holds.
 */
export async function receiveWebhook(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  let json: unknown;
  try {
    json = stripe().webhooks.constructEvent(rawBody, signature ?? "", webhookSecret());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      console.warn("[billing] webhook refused", { error: message });
      return { status: 400, body: "The Stripe signature is missing or does not match." };
    }
    // Signed, but no JSON (or a thin event, which we do not subscribe to).
    console.warn("[billing] webhook event unreadable", { error: message });
    return { status: 400, body: "The event could not be read." };
  }
  const read = readWebhookEvent(json);
  if (!read.ok) {
    console.warn("[billing] webhook event unreadable", { eventId: read.eventId, problem: read.problem });
    return { status: 400, body: "The event could not be read." };
  }
  const event = read.event;
  const db = await getDb();
  // A completed Checkout names its subscription: read it before the transaction holds locks
  // (and not for a replay, which changes nothing).
  let checkoutSubscription: SubscriptionData | null = null;
  const replayed = async () =>
    (await db.select({ id: stripeEvent.id }).from(stripeEvent).where(eq(stripeEvent.id, event.id))).length >
    0;
  if (event.kind === "checkout" && event.subscriptionId && !(await replayed())) {
    const subscriptionId = event.subscriptionId;
    let answer: Stripe.Subscription;
    try {
      answer = await callStripe("reading the subscription", (api) =>
        api.subscriptions.retrieve(subscriptionId),
      );
    } catch (error) {
      // Stripe has no such subscription: no retry will find it. Anything else (unreachable,
      // a 5xx) is an outage: thrown, a 500, and Stripe sends the event again.
      if (!missingInStripe(error)) throw error;
      console.warn("[billing] checkout names a subscription Stripe does not have; nothing changed", {
        eventId: event.id,
        subscriptionId,
      });
      return { status: 200, body: "ok" };
    }
    const subscription = subscriptionSchema.safeParse(answer);
    if (!subscription.success) {
      console.warn("[billing] webhook event unreadable: Stripe's answer about its subscription", {
        eventId: event.id,
        subscriptionId,
      });
      return { status: 400, body: "The event could not be read." };
    }
    checkoutSubscription = subscription.data;
  }
  const touched = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!fresh) return null; // a replay: applied before
    const changed = await applyEvent(tx, event, checkoutSubscription);
    // The event is recorded with this commit and will not come again: what the change ends
    // (a family) is also queued, in case settling it below fails.
    if (changed) await scheduleSettle(changed, new Date(), tx);
    return changed;
  });
  if (touched) {
    await settlePlan(touched).catch((error: unknown) =>
      console.error("[billing] settling the plan failed; the queued job retries it", {
        error: String(error),
      }),
    );
  }
  return { status: 200, body: "ok" };
}

/** Applies one event in `tx`; answers the account whose plan it changed, if any. */
function applyEvent(tx: Transaction, event: WebhookEvent, checkoutSubscription: SubscriptionData | null) {
  const at = event.created;
  switch (event.kind) {
    case "checkout":
      return checkoutSubscription ? applySubscription(tx, checkoutSubscription, at) : null;
    case "subscription":
      return applySubscription(tx, event.subscription, at);
    case "invoicePaid":
      return applyInvoicePaid(tx, event.invoice, at);
    case "invoicePaymentFailed":
      return applyPaymentFailed(tx, event.invoice, at);
    case "other":
      return null; // not one we act on: answered 200 so Stripe stops sending it
  }
}

/** The account a Stripe customer belongs to (we made the customer), locked for this transaction. */
async function rowForCustomer(tx: Transaction, customerId: string) {
  const [row] = await tx
    .select()
    .from(subscription)
    .where(eq(subscription.stripeCustomerId, customerId))
    .for("update");
  if (!row) console.warn("[billing] event for a customer we do not know", { customerId });
  return row ?? null;
}

async function accountOf(tx: Transaction, userId: string) {
  const [account] = await tx
    .select({ userId: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return account;
}

/** Stripe's statuses we act on (a Map: a status such as "__proto__" finds nothing); others change nothing. */
const STATUSES = new Map<string, StoredPlan["status"]>([
  ["active", "active"],
  ["trialing", "active"],
  ["past_due", "past_due"],
  ["unpaid", "past_due"],
  ["canceled", "canceled"],
  ["incomplete_expired", "canceled"],
]);

/**
 * Makes the account's plan what this subscription says, unless it is older news: an event
 * created before the last one applied, or anything about a subscription that already ended
 * or was replaced, changes nothing. Answers the account when its plan changed.
 */
export async function applySubscription(
  tx: Transaction,
  sub: SubscriptionData,
  at: Date,
): Promise<string | null> {
  const row = await rowForCustomer(tx, sub.customer);
  const status = STATUSES.get(sub.status);
  const item = sub.items.data[0];
  const priced = fromLookupKey(item?.price.lookup_key);
  if (!row || !status || !item || !priced) return null;
  const sameSubscription = row.stripeSubscriptionId === sub.id;
  if (sameSubscription && row.stripeEventAt && at < row.stripeEventAt) return null;
  // Canceled with no event of this subscription applied: its invoice.paid came first (Stripe
  // does not promise the order), on a row that had no live plan. That is no end.
  if (sameSubscription && row.status === "canceled" && row.stripeEventAt) return null;
  // Another subscription of the account: only a new, live one replaces the one stored.
  if (!sameSubscription && row.stripeSubscriptionId && status === "canceled") return null;
  if (row.source === "staff" && status === "canceled") return null;

  const periodEnd = item.current_period_end;
  const endsAt =
    status === "canceled"
      ? (sub.ended_at ?? sub.canceled_at ?? new Date(Math.floor(at.getTime() / 1000) * 1000))
      : sub.cancel_at_period_end
        ? periodEnd
        : sub.cancel_at;
  const graceUntil = status === "past_due" ? graceFrom(row, at) : null;
  await tx
    .update(subscription)
    .set({
      plan: priced.plan,
      source: "stripe",
      status,
      interval: priced.interval,
      amountCents: item.price.unit_amount,
      currentPeriodEnd: periodEnd,
      endsAt,
      graceUntil,
      stripeSubscriptionId: sub.id,
      stripeEventAt: at,
      ...(sameSubscription ? {} : { firstPaidAt: null, lastPaidInvoiceId: null }),
      updatedAt: new Date(),
    })
    .where(eq(subscription.userId, row.userId));
  if (graceUntil) await scheduleSettle(row.userId, graceUntil, tx);
  if (endsAt && status !== "canceled") await scheduleSettle(row.userId, endsAt, tx);

  const account = await accountOf(tx, row.userId);
  if (account) await mailAboutChange(tx, row, account, sub, status, priced.plan, endsAt);
  return row.userId;
}

async function mailAboutChange(
  tx: Transaction,
  before: StoredPlan,
  account: { userId: string; email: string; name: string },
  sub: SubscriptionData,
  status: StoredPlan["status"],
  plan: PaidPlanId,
  endsAt: Date | null,
) {
  const name = PLAN_NAMES[plan];
  const mail = (key: string, subject: string, lines: string[]) =>
    queuePlanMail(account, { key, subject, lines }, tx);
  const planPage = `${siteBaseUrl()}/account/plan`;
  if (status === "active" && !endsAt) {
    await mail(`plan-welcome:${sub.id}:${plan}`, `Welcome to PawPal ${name}`, [
      `Your ${name} plan is active. Everything it includes is open in your account now.`,
      `Your plan, your next payment and your invoices: ${planPage}`,
    ]);
  }
  if (status === "active" && endsAt && before.endsAt?.getTime() !== endsAt.getTime()) {
    await mail(
      `plan-ending:${sub.id}:${endsAt.toISOString()}`,
      `Your PawPal ${name} plan ends on ${endsAt.toISOString().slice(0, 10)}`,
      [
        `As you asked, your ${name} plan will not renew. Everything it includes stays open until ${endsAt.toISOString().slice(0, 10)}; then your account moves to the Free plan and keeps every record you wrote.`,
        `Changed your mind? Renew it from ${planPage}`,
      ],
    );
  }
  // A subscription ended by the guarantee has its own mail (the refund's).
  if (
    status === "canceled" &&
    !(before.refundedInvoiceId && before.refundedInvoiceId === before.lastPaidInvoiceId)
  ) {
    await mail(`plan-ended:${sub.id}`, `Your PawPal ${name} plan has ended`, [
      `Your ${name} plan has ended and your account is on the Free plan. Every record you wrote is still there to read, print and export.`,
      `Come back any time: ${planPage}`,
    ]);
  }
}

/** A paid invoice: the plan is paid for (a failed renewal's grace ends), and it is the one a refund returns. */
async function applyInvoicePaid(tx: Transaction, invoice: InvoiceData, at: Date): Promise<string | null> {
  if (!invoice.customer) return null;
  const row = await rowForCustomer(tx, invoice.customer);
  const subscriptionId = invoice.subscriptionId;
  if (!row || !subscriptionId) return null;
  const sameSubscription = row.stripeSubscriptionId === subscriptionId;
  if (sameSubscription && row.status === "canceled") return null;
  await tx
    .update(subscription)
    .set({
      stripeSubscriptionId: subscriptionId,
      // A new subscription's invoice before any of its events: none of them is older news yet.
      ...(sameSubscription ? {} : { stripeEventAt: null }),
      firstPaidAt: sameSubscription && row.firstPaidAt ? row.firstPaidAt : at,
      lastPaidInvoiceId: invoice.id,
      ...(row.status === "past_due" ? { status: "active" as const, graceUntil: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(subscription.userId, row.userId));
  return row.userId;
}

/** A renewal that failed: the plan stays for the grace period, and the owner is told. */
async function applyPaymentFailed(tx: Transaction, invoice: InvoiceData, at: Date): Promise<string | null> {
  if (!invoice.customer) return null;
  const row = await rowForCustomer(tx, invoice.customer);
  if (!row || row.status === "canceled" || row.stripeSubscriptionId !== invoice.subscriptionId) return null;
  // Stripe retries the same invoice: once it was paid, a failure delivered late is old news.
  if (row.lastPaidInvoiceId === invoice.id) return null;
  const graceUntil = graceFrom(row, at);
  await tx
    .update(subscription)
    .set({ status: "past_due", graceUntil, updatedAt: new Date() })
    .where(eq(subscription.userId, row.userId));
  await scheduleSettle(row.userId, graceUntil, tx);
  const account = await accountOf(tx, row.userId);
  if (account) {
    const until = graceUntil.toISOString().slice(0, 10);
    await queuePlanMail(
      account,
      {
        key: `plan-renewal-failed:${invoice.id}`,
        subject: "Your PawPal payment did not go through",
        lines: [
          `We could not take the payment to renew your ${PLAN_NAMES[row.plan]} plan. Your plan stays as it is until ${until} while you put it right: update your card from ${siteBaseUrl()}/account/plan.`,
          "After that date your account moves to the Free plan; nothing you wrote is lost.",
        ],
      },
      tx,
    );
  }
  return row.userId;
}
