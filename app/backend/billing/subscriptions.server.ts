import { eq } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { subscription } from "~/backend/db/schema.server";
import { siteBaseUrl } from "~/utils/seo";
import {
  formatUsd,
  MONEY_BACK_DAYS,
  PLAN_NAMES,
  type BillingInterval,
  type PaidPlanId,
} from "~/domain/plans";
import { paysThroughStripe, readStoredPlan, type StoredPlan } from "./plans.server";
import { queuePlanMail, settlePlan } from "./plan-changes.server";
import { callStripe, customerFor, priceId, PaymentsUnavailableError } from "./stripe.server";

import { applySubscription, readSubscription } from "./webhook.server";

/*
 * Paid plans through Stripe: Checkout to subscribe, the customer portal to change or cancel, the
 * money-back guarantee, a deleted account's subscription ended. The webhook that keeps each
 * account's plan as Stripe has it is webhook.server.ts.
 */

type Account = { id: string; email: string; name: string };

const DAY_MS = 86_400_000;

/**
 * Where Stripe sends the owner back: the public site (BASE_URL), or, where none is set (a local
 * server), the address the request came to.
 */
export function returnSite(request: Request) {
  return process.env.BASE_URL ? siteBaseUrl() : new URL(request.url).origin;
}

/**
 * Where "Choose Pro/Premium" sends a signed-in account: Stripe Checkout for a new subscription,
 * or the customer portal when one is already paid for (switching happens there, never a second
 * subscription).
 */
export async function checkoutUrl(
  account: Account,
  plan: PaidPlanId,
  interval: BillingInterval,
  now = new Date(),
  site = siteBaseUrl(),
) {
  const stored = await readStoredPlan(account.id);
  if (paysThroughStripe(stored, now)) return portalUrl(account, site);
  const [customer, price] = await Promise.all([
    customerFor(account, stored?.stripeCustomerId),
    priceId(plan, interval),
  ]);
  // A retried click within ten minutes is the same session; once a subscription came of one
  // (even if refunded since), the key changes and the next purchase gets a session of its own.
  const window = Math.floor(now.getTime() / 600_000);
  const after = stored?.stripeSubscriptionId ?? "first";
  const session = await callStripe("starting Checkout", (api) =>
    api.checkout.sessions.create(
      {
        mode: "subscription",
        customer,
        client_reference_id: account.id,
        line_items: [{ price, quantity: 1 }],
        success_url: `${site}/account/plan?checkout={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/account/plan?checkout=cancelled`,
        metadata: { userId: account.id, plan, interval },
        subscription_data: { metadata: { userId: account.id } },
      },
      { idempotencyKey: `pawpal-checkout-${account.id}-${plan}-${interval}-${window}-${after}` },
    ),
  );
  if (!session.url) throw new PaymentsUnavailableError("Checkout answered without a URL");
  return session.url;
}

/** Stripe's customer portal: the card, invoices, switching plan or billing, cancelling. */
export async function portalUrl(account: Account, site = siteBaseUrl()) {
  const customer = await customerFor(account);
  const session = await callStripe("opening the customer portal", (api) =>
    api.billingPortal.sessions.create({ customer, return_url: `${site}/account/plan` }),
  );
  return session.url;
}

/**
 * Back from Checkout: the session's subscription is applied at once (the webhook may still be
 * on its way; it then changes nothing). A session of another account changes nothing.
 */
export async function completeCheckout(account: Account, sessionId: string) {
  const session = await callStripe("reading the Checkout session", (api) =>
    api.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] }),
  );
  if (session.client_reference_id !== account.id) return false;
  if (!session.subscription || typeof session.subscription === "string") return false;
  const sub = readSubscription(session.subscription);
  const db = await getDb();
  // As of the session's start, on Stripe's clock: any event about the subscription is newer news.
  await db.transaction((tx) => applySubscription(tx, sub, new Date(session.created * 1000)));
  await settlePlan(account.id);
  return true;
}

/**
 * Before an account is deleted: a subscription it still pays for ends now in Stripe, so nobody
 * is charged for an account that is gone. Throws PaymentsUnavailableError when Stripe cannot be
 * reached (the account is then not deleted).
 */
export async function endSubscriptionOfDeletedAccount(userId: string, now = new Date()) {
  const row = await readStoredPlan(userId);
  if (!paysThroughStripe(row, now) || !row?.stripeSubscriptionId) return;
  const subscriptionId = row.stripeSubscriptionId;
  await callStripe("ending the subscription of a deleted account", (api) =>
    api.subscriptions.cancel(
      subscriptionId,
      {},
      { idempotencyKey: `pawpal-delete-cancel-${subscriptionId}` },
    ),
  );
}

// The money-back guarantee

export function guaranteeOpen(row: StoredPlan | null, now: Date) {
  return Boolean(
    row?.source === "stripe" &&
    row.firstPaidAt &&
    row.lastPaidInvoiceId &&
    !row.refundedAt &&
    row.status !== "canceled" &&
    now.getTime() - row.firstPaidAt.getTime() <= MONEY_BACK_DAYS * DAY_MS,
  );
}

export type RefundOutcome = { ok: true; amountCents: number } | { ok: false; reason: "closed" };

/**
 * Within 30 days of the first payment: refunds the latest paid invoice, ends the subscription
 * now and mails the owner. Idempotency keys per invoice: a retry never refunds twice.
 */
export async function refundUnderGuarantee(account: Account, now = new Date()): Promise<RefundOutcome> {
  const row = await readStoredPlan(account.id);
  // Refunded, but Stripe could not be reached to end the subscription: this finishes it.
  const unfinished =
    row?.refundedInvoiceId && row.refundedInvoiceId === row.lastPaidInvoiceId && row.status !== "canceled";
  if (!row || (!unfinished && !guaranteeOpen(row, now))) return { ok: false, reason: "closed" };
  const invoiceId = row.lastPaidInvoiceId!;
  const payments = await callStripe("finding the payment", (api) =>
    api.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
  );
  const paid = payments.data.find((payment) => payment.status === "paid" && payment.payment.payment_intent);
  const intent = paid?.payment.payment_intent;
  if (!intent) throw new PaymentsUnavailableError(`no paid payment on invoice ${invoiceId}`);
  const refund = await callStripe("refunding", (api) =>
    api.refunds.create(
      { payment_intent: typeof intent === "string" ? intent : intent.id, reason: "requested_by_customer" },
      { idempotencyKey: `pawpal-refund-${invoiceId}` },
    ),
  );
  const db = await getDb();
  // Recorded before the subscription ends, so the "plan has ended" mail of the webhook that
  // follows gives way to the refund's own mail.
  await db
    .update(subscription)
    .set({ refundedAt: row.refundedAt ?? now, refundedInvoiceId: invoiceId, updatedAt: now })
    .where(eq(subscription.userId, account.id));
  if (row.stripeSubscriptionId) {
    const subscriptionId = row.stripeSubscriptionId;
    await callStripe("ending the subscription", (api) =>
      api.subscriptions.cancel(
        subscriptionId,
        {},
        { idempotencyKey: `pawpal-refund-cancel-${subscriptionId}` },
      ),
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(subscription)
      .set({ status: "canceled", endsAt: now, graceUntil: null, updatedAt: now })
      .where(eq(subscription.userId, account.id));
    await queuePlanMail(
      { userId: account.id, email: account.email, name: account.name },
      {
        key: `plan-refund:${invoiceId}`,
        subject: "Your PawPal refund is on its way",
        lines: [
          `We have refunded ${formatUsd(refund.amount)} under our ${MONEY_BACK_DAYS}-day money-back guarantee. It reaches your card within 5–10 days.`,
          `Your ${PLAN_NAMES[row.plan]} plan has ended and your account is on the Free plan. Everything you wrote is still there: ${siteBaseUrl()}/pets`,
        ],
      },
      tx,
    );
  });
  await settlePlan(account.id, now);
  console.info("[billing] refunded under the guarantee", { userId: account.id, invoiceId });
  return { ok: true, amountCents: refund.amount };
}
