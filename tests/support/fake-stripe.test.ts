import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_PRICES, startFakeStripe, type FakeStripe } from "./fake-stripe";

const SECRET = "whsec_fake_stripe_test";
/** A fixed clock, so periods are exact: 15 January 2026, noon UTC. */
const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

/**
 * The fake, driven by the real SDK; its events go to a tiny endpoint that verifies each one as
 * the app's webhook must (the SDK's constructEvent), so the signatures are proven real.
 */
let fake: FakeStripe;
let stripe: Stripe;
let receiver: http.Server;
const received: { id: string; type: string }[] = [];
const rejected: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      try {
        const event = stripe.webhooks.constructEvent(body, req.headers["stripe-signature"] ?? "", SECRET);
        received.push({ id: event.id, type: event.type });
        res.writeHead(200).end();
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  fake = await startFakeStripe({
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${String(port)}/webhook`,
    now: () => NOW,
  });
  stripe = new Stripe("sk_test_fake", fake.sdkOptions);
});

afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** What a browser's form post does: no API key, a form body, the redirect not followed. */
function postForm(url: string, form: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
}

describe("the fake Stripe, through the real SDK", () => {
  let customerId = "";
  let sessionId = "";
  let subscriptionId = "";

  it("lists the seeded prices by lookup key, products expanded", async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ["pawpal_pro_year", "pawpal_premium_month"],
      active: true,
      expand: ["data.product"],
    });
    const summary = prices.data.map((price) => ({
      key: price.lookup_key,
      amount: price.unit_amount,
      interval: price.recurring?.interval,
      product: (price.product as Stripe.Product).name,
    }));
    expect(summary).toHaveLength(2);
    expect(summary).toEqual(
      expect.arrayContaining([
        { key: "pawpal_pro_year", amount: 9999, interval: "year", product: "PawPal Pro" },
        { key: "pawpal_premium_month", amount: 1999, interval: "month", product: "PawPal Premium" },
      ]),
    );
    expect(fake.priceId("pawpal_pro_year")).toBe(
      prices.data.find((price) => price.lookup_key === "pawpal_pro_year")?.id,
    );
  });

  it("creates a customer and an open Checkout session that keeps its params", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada" });
    customerId = customer.id;
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: fake.priceId("pawpal_pro_year"), quantity: 1 }],
      success_url: "http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/pricing",
      client_reference_id: "user_1",
      metadata: { userId: "user_1" },
      subscription_data: { metadata: { userId: "user_1", plan: "pro" } },
    });
    sessionId = session.id;
    expect(customer.id).toMatch(/^cus_/);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      customer: customer.id,
      client_reference_id: "user_1",
      metadata: { userId: "user_1" },
      amount_total: FAKE_PRICES.pawpal_pro_year.unitAmount,
      url: `${fake.url}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
  });

  it("pays: three signed events in order, and a subscription for a year", async () => {
    const redirect = await fake.pay(sessionId);
    expect(redirect).toBe(`http://app.test/billing/done?session_id=${sessionId}`);
    expect(rejected).toEqual([]);
    expect(received.map((event) => event.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    expect(fake.events.map((entry) => entry.status)).toEqual([200, 200, 200]);

    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", customer: customerId });
    const subscription = session.subscription as Stripe.Subscription;
    subscriptionId = subscription.id;
    expect(subscription).toMatchObject({ status: "active", metadata: { userId: "user_1", plan: "pro" } });

    const retrieved = await stripe.subscriptions.retrieve(subscriptionId);
    const [item] = retrieved.items.data;
    expect(item?.price.lookup_key).toBe("pawpal_pro_year");
    expect(item?.current_period_start).toBe(NOW);
    expect(item?.current_period_end).toBe(Date.UTC(2027, 0, 15, 12) / 1000);

    const invoice = await stripe.invoices.retrieve(retrieved.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: "paid",
      amount_paid: 9999,
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    });
  });

  it("serves a Checkout page whose Pay button pays once, and redirects", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: fake.priceId("pawpal_premium_year"), quantity: 1 }],
      success_url: "http://app.test/done?id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/pricing",
    });
    const html = await (await fetch(session.url ?? "")).text();
    expect(html).toContain("<title>Fake Stripe Checkout</title>");
    expect(html).toContain("PawPal Premium");
    expect(html).toContain("$199.99 / year");
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain('<a href="http://app.test/pricing">Back</a>');

    const paid = await postForm(`${fake.url}/checkout/${session.id}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/done?id=${session.id}`);
    expect(fake.state.checkoutSessions.get(session.id)?.status).toBe("complete");
    expect((await postForm(`${fake.url}/checkout/${session.id}/pay`)).status).toBe(400);
  });

  it("replays a request with a used idempotency key, and creates nothing", async () => {
    const customers = fake.state.customers.size;
    const first = await stripe.customers.create(
      { email: "bob@example.com" },
      { idempotencyKey: "signup-bob" },
    );
    const again = await stripe.customers.create(
      { email: "bob@example.com" },
      { idempotencyKey: "signup-bob" },
    );
    expect(again.id).toBe(first.id);
    expect(fake.state.customers.size).toBe(customers + 1);
    expect(fake.requests.filter((request) => request.idempotencyKey === "signup-bob")).toHaveLength(2);
    await expect(
      stripe.customers.create({ email: "eve@example.com" }, { idempotencyKey: "signup-bob" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("cancels at the period's end from the portal page", async () => {
    const portal = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: "http://app.test/account",
    });
    expect(portal.url).toBe(`${fake.url}/portal/${portal.id}`);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("<title>Fake Stripe customer portal</title>");
    expect(html).toContain("Renews on January 15, 2027");

    const cancelled = await postForm(`${portal.url}/cancel`, { subscription: subscriptionId });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://app.test/account");
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect(subscription.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    expect(received.at(-1)?.type).toBe("customer.subscription.updated");
    expect(fake.events.at(-1)?.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(await (await fetch(portal.url)).text()).toContain("Cancels on January 15, 2027");
  });

  it("refunds an invoice's payment once", async () => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const payments = await stripe.invoicePayments.list({ invoice: subscription.latest_invoice as string });
    const paymentIntent = payments.data[0]?.payment.payment_intent as string;
    expect(paymentIntent).toMatch(/^pi_/);
    const refund = await stripe.refunds.create({
      payment_intent: paymentIntent,
      reason: "requested_by_customer",
    });
    expect(refund).toMatchObject({ object: "refund", amount: 9999, status: "succeeded" });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("renews, fails a renewal, recovers, replays an event, and cancels", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customerId,
      line_items: [{ price: fake.priceId("pawpal_pro_month") }],
      success_url: "http://app.test/done",
    });
    await fake.pay(session.id);
    const monthly = fake.state.checkoutSessions.get(session.id)?.subscription ?? "";
    const since = received.length;

    await fake.renew(monthly);
    await fake.failRenewal(monthly);
    expect(fake.state.subscriptions.get(monthly)?.status).toBe("past_due");
    await fake.renew(monthly);
    const subscription = await stripe.subscriptions.retrieve(monthly);
    expect(subscription.status).toBe("active");
    expect(subscription.items.data[0]?.current_period_end).toBe(Date.UTC(2026, 3, 15, 12) / 1000);
    expect(received.slice(since).map((event) => event.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_failed",
      "customer.subscription.updated",
      "customer.subscription.updated",
      "invoice.paid",
    ]);
    // The first renewal's invoice bills the month that ended (Stripe's dating), and no event
    // is older than the one before it, though the test's clock stands still.
    const renewal = fake.events.find((entry) => entry.event.id === received[since + 1]?.id)?.event.data
      .object;
    const february = Date.UTC(2026, 1, 15, 12) / 1000;
    expect(renewal).toMatchObject({
      billing_reason: "subscription_cycle",
      period_start: NOW,
      period_end: february,
    });
    const times = fake.events.map((entry) => entry.event.created);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const replayed = received[since]?.id ?? "";
    expect(await fake.resend(replayed)).toBe(200);
    expect(received.at(-1)?.id).toBe(replayed);

    const canceled = await stripe.subscriptions.cancel(monthly);
    expect(canceled).toMatchObject({ status: "canceled", canceled_at: NOW, ended_at: NOW });
    expect(received.at(-1)?.type).toBe("customer.subscription.deleted");
    expect(rejected).toEqual([]);
  });

  it("answers errors as Stripe does", async () => {
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
    const wrongKey = new Stripe("sk_live_wrong", fake.sdkOptions);
    await expect(wrongKey.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const unknown = await fetch(`${fake.url}/v1/nothing`, { headers: { Authorization: "Bearer sk_test_x" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});
