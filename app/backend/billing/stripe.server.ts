import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { subscription } from "~/backend/db/schema.server";
import { priceLookupKey, type BillingInterval, type PaidPlanId } from "~/domain/plans";
import { outboundHttpAgent, outboundHttpsAgent } from "~/backend/net/outbound.server";

/*
 * PawPal's only door to Stripe: configured by STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 * Without them payments are off (the embedded default) and staff set plans. STRIPE_API_URL
 * points the SDK elsewhere (the tests' local fake; stripe-mock).
 */

export function paymentsConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY && process.env.STRIPE_WEBHOOK_SECRET);
}

export function webhookSecret(): string {
  return process.env.STRIPE_WEBHOOK_SECRET ?? "";
}

/**
 * Where PawPal's forms send an owner to pay or manage billing (Stripe Checkout and the customer
 * portal, or the local fake's pages in tests): the Content-Security-Policy's form-action allows them.
 */
export function paymentPageOrigins(): string[] {
  if (!paymentsConfigured()) return [];
  const api = process.env.STRIPE_API_URL;
  return api ? [new URL(api).origin] : ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

/** Stripe could not be reached or refused the request: the page says payments are unavailable. */
export class PaymentsUnavailableError extends Error {}

/**
 * Stripe answered that the object asked for does not exist (404 resource_missing): no retry
 * will find it, unlike an outage. `error` is what callStripe threw.
 */
export function missingInStripe(error: unknown): boolean {
  const cause = error instanceof PaymentsUnavailableError ? error.cause : error;
  return cause instanceof Stripe.errors.StripeInvalidRequestError && cause.code === "resource_missing";
}

/** The client for the configured key and API, and the price ids found with it (an account's own). */
let client: { key: string; url: string; stripe: Stripe; priceIds: Map<string, string> } | undefined;

function currentClient() {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new PaymentsUnavailableError("STRIPE_SECRET_KEY is not set");
  const url = process.env.STRIPE_API_URL ?? "";
  if (client?.key !== key || client.url !== url) {
    const api = url ? new URL(url) : null;
    client = {
      key,
      url,
      priceIds: new Map(),
      stripe: new Stripe(key, {
        // The SDK retries a failed request with the same idempotency key: nothing happens twice.
        maxNetworkRetries: 2,
        timeout: 15_000,
        appInfo: { name: "PawPal" },
        // The guarded agents (decision 16): a configured STRIPE_API_URL is reached as configured.
        httpAgent: api?.protocol === "http:" ? outboundHttpAgent : outboundHttpsAgent,
        ...(api
          ? {
              host: api.hostname,
              port: api.port || (api.protocol === "https:" ? 443 : 80),
              protocol: api.protocol === "https:" ? "https" : "http",
            }
          : {}),
      }),
    };
  }
  return client;
}

export function stripe(): Stripe {
  return currentClient().stripe;
}

/** Runs a Stripe call; a connection or API failure becomes PaymentsUnavailableError. */
export async function callStripe<T>(what: string, call: (api: Stripe) => Promise<T>): Promise<T> {
  try {
    return await call(stripe());
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[billing] Stripe: ${what} failed`, { error: message });
    throw new PaymentsUnavailableError(`${what}: ${message}`, { cause: error });
  }
}

/** The price of a plan and interval, found by its lookup key (npm run billing:setup makes them). */
export async function priceId(plan: PaidPlanId, interval: BillingInterval): Promise<string> {
  const key = priceLookupKey(plan, interval);
  const { priceIds } = currentClient();
  const known = priceIds.get(key);
  if (known) return known;
  const prices = await callStripe("finding the price", (api) =>
    api.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
  );
  const found = prices.data[0];
  if (!found)
    throw new PaymentsUnavailableError(`no active price with lookup key ${key}: run npm run billing:setup`);
  priceIds.set(key, found.id);
  return found.id;
}

/**
 * The account's Stripe customer, made once (an idempotency key per account) and kept; `known`
 * is the one the caller already read from the account's row.
 */
export async function customerFor(
  account: { id: string; email: string; name: string },
  known?: string | null,
): Promise<string> {
  if (known) return known;
  const db = await getDb();
  const [row] = await db
    .select({ customerId: subscription.stripeCustomerId })
    .from(subscription)
    .where(eq(subscription.userId, account.id));
  if (row?.customerId) return row.customerId;
  const customer = await callStripe("creating the customer", (api) =>
    api.customers.create(
      { email: account.email, name: account.name, metadata: { userId: account.id } },
      { idempotencyKey: `pawpal-customer-${account.id}` },
    ),
  );
  await db
    .insert(subscription)
    .values({
      userId: account.id,
      plan: "free",
      source: "stripe",
      status: "canceled",
      stripeCustomerId: customer.id,
    })
    .onConflictDoUpdate({ target: subscription.userId, set: { stripeCustomerId: customer.id } });
  return customer.id;
}
