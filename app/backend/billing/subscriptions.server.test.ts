import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mailsTo } from "~tests/support/queued-mails";
import { startFakeStripe, type FakeStripe } from "~tests/support/fake-stripe";
import { getDb } from "~/backend/db/client.server";
import { familyInvite, familyMember, job, stripeEvent, user } from "~/backend/db/schema.server";
import type { BillingInterval, PaidPlanId } from "~/domain/plans";
import { planOf, readStoredPlan } from "./plans.server";
import { PLAN_SETTLE_JOB, setPlanByStaff } from "./plan-changes.server";
import { PaymentsUnavailableError } from "./stripe.server";
import {
  checkoutUrl,
  completeCheckout,
  endSubscriptionOfDeletedAccount,
  guaranteeOpen,
  portalUrl,
  refundUnderGuarantee,
} from "./subscriptions.server";
import { receiveWebhook } from "./webhook.server";

/*
 * Paid plans against a local fake of Stripe (tests/support/fake-stripe.ts), driven by the real
 * SDK. The fake POSTs its signed events to a tiny server that answers with receiveWebhook, as
 * /api/billing/webhook does, and delivers them before it answers the request that caused them:
 * when an SDK call or fake.pay resolves, the webhook has been handled.
 */

type Account = { id: string; email: string; name: string };

const WEBHOOK_SECRET = "whsec_subscriptions_test";
const BASE_URL = "https://pawpal.test";
const DAY_MS = 86_400_000;
const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "BASE_URL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let fake: FakeStripe;
/** The SDK against the fake, for what a customer or Stripe itself does (cancel, update). */
let sdk: Stripe;
let receiver: http.Server;
let webhookUrl = "";
/** receiveWebhook throwing (a 500 to Stripe): never expected. */
const webhookCrashes: unknown[] = [];

beforeAll(async () => {
  await getDb(); // the file's database, migrated before the first test's clock starts
  receiver = http.createServer((req, res) => {
    void (async () => {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const signature = req.headers["stripe-signature"];
        const answer = await receiveWebhook(
          Buffer.concat(chunks).toString("utf8"),
          typeof signature === "string" ? signature : null,
        );
        res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body);
      } catch (error) {
        webhookCrashes.push(error);
        res.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/api/billing/webhook`;
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, webhookUrl });
  sdk = new Stripe("sk_test_subscriptions", fake.sdkOptions);
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_subscriptions",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    BASE_URL,
  });
});

afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await fake?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

afterEach(() => {
  expect(webhookCrashes.splice(0), "receiveWebhook threw").toEqual([]);
});

// --- Helpers ---------------------------------------------------------------------------------

let serial = 0;

/** A fresh account (each test its own), Free: no subscription row. */
async function anAccount(name = "Ada Lovelace"): Promise<Account> {
  serial += 1;
  const account = {
    id: `billing-test-${serial}`,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}-${serial}@example.com`,
  };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  return account;
}

async function subjectsTo(to: string) {
  return (await mailsTo(to)).map((mail) => mail.subject);
}

/** When the plan of `userId` is settled again by the job queue. */
async function settleTimes(userId: string) {
  const rows = await (
    await getDb()
  )
    .select({ runAfter: job.runAfter })
    .from(job)
    .where(and(eq(job.kind, PLAN_SETTLE_JOB), eq(job.userId, userId)));
  return rows.map((row) => row.runAfter.getTime());
}

async function recordedEvents() {
  return (await getDb()).select().from(stripeEvent);
}

/** The Checkout session behind a URL checkoutUrl answered. */
function checkoutSessionOf(url: string) {
  expect(url.startsWith(`${fake.url}/checkout/`), `${url} is the fake's Checkout`).toBe(true);
  const session = fake.state.checkoutSessions.get(url.slice(`${fake.url}/checkout/`.length));
  expect(session).toBeDefined();
  return session!;
}

/** Checkout, then the Pay button: answers the subscription, its webhooks handled. */
async function subscribe(account: Account, plan: PaidPlanId, interval: BillingInterval) {
  const session = checkoutSessionOf(await checkoutUrl(account, plan, interval));
  const mark = fake.events.length;
  await fake.pay(session.id);
  expect(fake.events.slice(mark).map((entry) => entry.status)).toEqual([200, 200, 200]);
  const subscriptionId = fake.state.checkoutSessions.get(session.id)!.subscription!;
  return { sessionId: session.id, subscriptionId, customerId: session.customer! };
}

/** A new account that has paid for `plan`. */
async function aSubscriber(plan: PaidPlanId = "pro", interval: BillingInterval = "month", name?: string) {
  const account = await anAccount(name);
  return { account, ...(await subscribe(account, plan, interval)) };
}

/** The subscription as the fake has it now: a copy, to send as an event's object. */
function snapshot(subscriptionId: string) {
  const subscription = fake.state.subscriptions.get(subscriptionId);
  expect(subscription).toBeDefined();
  return JSON.parse(JSON.stringify(subscription)) as NonNullable<typeof subscription>;
}

function periodEndOf(subscriptionId: string) {
  return new Date(snapshot(subscriptionId).items.data[0]!.current_period_end * 1000);
}

/** `created` of the newest event the fake sent (seconds): later ones are made relative to it. */
function lastEventCreated() {
  return Math.max(...fake.events.map((entry) => entry.event.created));
}

function customerPostsFor(userId: string) {
  return fake.requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/customers" &&
      (request.params.metadata as Record<string, string> | undefined)?.userId === userId,
  );
}

function customersOf(userId: string) {
  return [...fake.state.customers.values()].filter((customer) => customer.metadata.userId === userId);
}

/** POSTs to the webhook as Stripe would, with this signature (none when undefined). */
async function postWebhook(payload: string, signature?: string) {
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature === undefined ? {} : { "Stripe-Signature": signature }),
    },
    body: payload,
  });
  return { status: response.status, body: await response.text() };
}

/** A port on 127.0.0.1 where nothing listens. */
async function aClosedPort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `work` with the SDK pointed at `url` instead of the fake. */
async function withStripeAt<T>(url: string, work: () => Promise<T>) {
  process.env.STRIPE_API_URL = url;
  try {
    return await work();
  } finally {
    process.env.STRIPE_API_URL = fake.url;
  }
}

/** Runs `work` while the fake keeps its events instead of sending them (a webhook that never came). */
async function withoutWebhooks<T>(work: () => Promise<T>) {
  fake.setWebhookUrl(null);
  try {
    return await work();
  } finally {
    fake.setWebhookUrl(webhookUrl);
  }
}

// --- Tests -----------------------------------------------------------------------------------

describe("subscribing", () => {
  it("Checkout, then paying: Pro for a year at $99.99, a customer made once, welcomed once", async () => {
    const ada = await anAccount();
    const clickedAt = new Date();
    const url = await checkoutUrl(ada, "pro", "year", clickedAt);
    const session = checkoutSessionOf(url);
    expect(session).toMatchObject({ status: "open", amount_total: 9999, client_reference_id: ada.id });

    // A second click: the stored customer and the same session (both idempotency keys sent).
    expect(await checkoutUrl(ada, "pro", "year", clickedAt)).toBe(url);
    const customerPosts = customerPostsFor(ada.id);
    expect(customerPosts).toHaveLength(1);
    expect(customerPosts[0]!.idempotencyKey).toBe(`pawpal-customer-${ada.id}`);
    expect(customersOf(ada.id)).toHaveLength(1);
    expect((await readStoredPlan(ada.id))?.stripeCustomerId).toBe(session.customer);
    const checkoutKeys = fake.requests
      .filter((request) => request.path === "/v1/checkout/sessions" && request.method === "POST")
      .filter((request) => request.params.client_reference_id === ada.id)
      .map((request) => request.idempotencyKey);
    expect(checkoutKeys).toHaveLength(2);
    expect(checkoutKeys[0]).toMatch(new RegExp(`^pawpal-checkout-${ada.id}-pro-year-`));
    expect(checkoutKeys[1]).toBe(checkoutKeys[0]);
    expect(await planOf(ada.id)).toBe("free");

    const mark = fake.events.length;
    expect(await fake.pay(session.id)).toBe(`${BASE_URL}/account/plan?checkout=${session.id}`);
    const sent = fake.events.slice(mark);
    expect(sent.map((entry) => [entry.event.type, entry.status])).toEqual([
      ["customer.subscription.created", 200],
      ["invoice.paid", 200],
      ["checkout.session.completed", 200],
    ]);

    const subscriptionId = fake.state.checkoutSessions.get(session.id)!.subscription!;
    const start = new Date(snapshot(subscriptionId).items.data[0]!.current_period_start * 1000);
    const yearLater = new Date(start);
    yearLater.setUTCFullYear(start.getUTCFullYear() + 1);
    expect(Math.abs(start.getTime() - clickedAt.getTime())).toBeLessThan(60_000);
    expect(await planOf(ada.id)).toBe("pro");
    const row = await readStoredPlan(ada.id);
    expect(row).toMatchObject({
      plan: "pro",
      source: "stripe",
      status: "active",
      interval: "year",
      amountCents: 9999,
      currentPeriodEnd: yearLater,
      endsAt: null,
      graceUntil: null,
      stripeSubscriptionId: subscriptionId,
    });
    expect(await subjectsTo(ada.email)).toEqual(["Welcome to PawPal Pro"]);

    // Stripe sends the same events again: answered, and nothing changes, no second welcome.
    const recorded = (await recordedEvents()).length;
    for (const entry of sent) expect(await fake.resend(entry.event.id)).toBe(200);
    expect((await recordedEvents()).length).toBe(recorded);
    expect(await readStoredPlan(ada.id)).toEqual(row);
    expect(await subjectsTo(ada.email)).toEqual(["Welcome to PawPal Pro"]);
  });

  it("an account that pays already is sent to the customer portal, never to a second Checkout", async () => {
    const { account, customerId } = await aSubscriber("pro", "month");
    const sessions = fake.state.checkoutSessions.size;
    const url = await checkoutUrl(account, "premium", "year");
    const portal = [...fake.state.portalSessions.values()].at(-1);
    expect(url).toBe(`${fake.url}/portal/${portal?.id}`);
    expect(portal).toMatchObject({ customer: customerId, return_url: `${BASE_URL}/account/plan` });
    expect(fake.state.checkoutSessions.size).toBe(sessions);
    expect(await planOf(account.id)).toBe("pro");
  });

  it("back from Checkout before the webhook: the subscription applies; another account's session changes nothing", async () => {
    const ada = await anAccount();
    const eve = await anAccount("Eve Other");
    const session = checkoutSessionOf(await checkoutUrl(ada, "premium", "month"));
    const mark = fake.events.length;
    await withoutWebhooks(() => fake.pay(session.id));
    expect(await planOf(ada.id)).toBe("free");

    expect(await completeCheckout(eve, session.id)).toBe(false);
    expect(await planOf(ada.id)).toBe("free");
    expect(await readStoredPlan(eve.id)).toBeNull();
    expect(await subjectsTo(eve.email)).toEqual([]);
    expect(await subjectsTo(ada.email)).toEqual([]);

    expect(await completeCheckout(ada, session.id)).toBe(true);
    expect(await planOf(ada.id)).toBe("premium");
    const applied = await readStoredPlan(ada.id);
    expect(applied).toMatchObject({
      plan: "premium",
      status: "active",
      interval: "month",
      amountCents: 1999,
    });
    expect(await subjectsTo(ada.email)).toEqual(["Welcome to PawPal Premium"]);

    // The webhooks come after all: the plan stays as it is, no second welcome.
    for (const entry of fake.events.slice(mark)) expect(await fake.resend(entry.event.id)).toBe(200);
    expect(await readStoredPlan(ada.id)).toMatchObject({
      plan: "premium",
      status: "active",
      currentPeriodEnd: applied!.currentPeriodEnd,
      endsAt: null,
    });
    expect(await subjectsTo(ada.email)).toEqual(["Welcome to PawPal Premium"]);
  });
});

describe("the webhook", () => {
  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const before = await readStoredPlan(account.id);
    const mails = await subjectsTo(account.email);
    const created = lastEventCreated() + 1;
    const eventId = `evt_forged_${serial}`;
    const forged = JSON.stringify(
      {
        id: eventId,
        object: "event",
        created,
        type: "customer.subscription.deleted",
        data: { object: { ...snapshot(subscriptionId), status: "canceled", ended_at: created } },
        livemode: false,
      },
      null,
      2,
    );

    const otherSecret = sdk.webhooks.generateTestHeaderString({ payload: forged, secret: "whsec_not_ours" });
    expect((await postWebhook(forged, otherSecret)).status).toBe(400);
    const ofOtherBytes = fake.signature(forged.replace("canceled", "active"));
    expect((await postWebhook(forged, ofOtherBytes)).status).toBe(400);
    expect(await postWebhook(forged)).toMatchObject({
      status: 400,
      body: expect.stringContaining("signature"),
    });
    expect(await receiveWebhook(forged, null)).toMatchObject({ status: 400 });

    expect((await recordedEvents()).filter((row) => row.id === eventId)).toEqual([]);
    expect(await readStoredPlan(account.id)).toEqual(before);
    expect(await planOf(account.id)).toBe("pro");
    expect(await subjectsTo(account.email)).toEqual(mails);

    // The same bytes, signed with our secret, would have ended the plan.
    expect((await postWebhook(forged, fake.signature(forged))).status).toBe(200);
    expect(await planOf(account.id)).toBe("free");
  });

  it("answers a replayed event 200 and applies it only once: an old change does not come back", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const mark = fake.events.length;
    await sdk.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await sdk.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    const [cancelled, renewed] = fake.events.slice(mark);
    expect([cancelled?.event.type, renewed?.event.type]).toEqual([
      "customer.subscription.updated",
      "customer.subscription.updated",
    ]);
    expect((await readStoredPlan(account.id))?.endsAt).toBeNull();
    const recorded = (await recordedEvents()).length;
    const mails = await subjectsTo(account.email);

    expect(await fake.resend(cancelled!.event.id)).toBe(200);
    expect((await recordedEvents()).length).toBe(recorded);
    expect((await readStoredPlan(account.id))?.endsAt).toBeNull();
    const afterPeriod = new Date(periodEndOf(subscriptionId).getTime() + DAY_MS);
    expect(await planOf(account.id, afterPeriod)).toBe("pro");
    expect(await subjectsTo(account.email)).toEqual(mails);
  });

  it("ignores an older event for the subscription that arrives after a newer one", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const asPro = snapshot(subscriptionId);
    const asPremium = snapshot(subscriptionId);
    const premium = fake.state.prices.get(fake.priceId("pawpal_premium_month"))!;
    asPremium.items.data[0]!.price = JSON.parse(JSON.stringify(premium)) as typeof premium;
    const base = lastEventCreated();

    // Switched to Premium in the portal; the event of an earlier state arrives last.
    expect(await fake.sendEvent("customer.subscription.updated", asPremium, { created: base + 20 })).toBe(
      200,
    );
    expect(await planOf(account.id)).toBe("premium");
    expect(await fake.sendEvent("customer.subscription.updated", asPro, { created: base + 10 })).toBe(200);
    expect(await planOf(account.id)).toBe("premium");
    expect(await readStoredPlan(account.id)).toMatchObject({
      plan: "premium",
      amountCents: 1999,
      stripeEventAt: new Date((base + 20) * 1000),
    });
  });

  it("never brings back a subscription that was deleted, whatever arrives late", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const whileActive = snapshot(subscriptionId);
    const mark = fake.events.length;
    await sdk.subscriptions.cancel(subscriptionId);
    const deleted = fake.events[mark]!;
    expect([deleted.event.type, deleted.status]).toEqual(["customer.subscription.deleted", 200]);
    expect(await planOf(account.id)).toBe("free");
    expect(await subjectsTo(account.email)).toContain("Your PawPal Pro plan has ended");

    const late = deleted.event.created - 10;
    expect(await fake.sendEvent("customer.subscription.updated", whileActive, { created: late })).toBe(200);
    expect(await planOf(account.id)).toBe("free");
    expect((await readStoredPlan(account.id))?.status).toBe("canceled");
  });

  it("applies the subscription when its invoice.paid arrives before customer.subscription.created", async () => {
    // Stripe does not promise the order of events.
    const account = await anAccount();
    const session = checkoutSessionOf(await checkoutUrl(account, "pro", "month"));
    const mark = fake.events.length;
    await withoutWebhooks(() => fake.pay(session.id));
    const byType = (type: string) => fake.events.slice(mark).find((entry) => entry.event.type === type)!;
    for (const type of ["invoice.paid", "customer.subscription.created", "checkout.session.completed"])
      expect(await fake.resend(byType(type).event.id)).toBe(200);

    expect(await planOf(account.id)).toBe("pro");
    const row = await readStoredPlan(account.id);
    expect(row).toMatchObject({
      status: "active",
      lastPaidInvoiceId: byType("invoice.paid").event.data.object.id,
    });
    expect(guaranteeOpen(row, new Date())).toBe(true);
    expect(await subjectsTo(account.email)).toEqual(["Welcome to PawPal Pro"]);
  });

  it("answers 200 to an event type it does not act on, records it once and changes nothing", async () => {
    const { account, customerId } = await aSubscriber("pro", "month");
    const before = await readStoredPlan(account.id);
    const mails = await subjectsTo(account.email);
    const customer = fake.state.customers.get(customerId)!;

    expect(await fake.sendEvent("customer.created", customer)).toBe(200);
    const sent = fake.events.at(-1)!.event;
    expect(await fake.resend(sent.id)).toBe(200);
    expect((await recordedEvents()).filter((row) => row.id === sent.id)).toMatchObject([
      { type: "customer.created" },
    ]);
    expect(await readStoredPlan(account.id)).toEqual(before);
    expect(await subjectsTo(account.email)).toEqual(mails);
  });
});

describe("a signed event it cannot read", () => {
  // Stripe signed it, so it is no forgery; but a 500 would be retried for days and reads as an
  // outage. Each is refused with 400 (or 200 where a retry cannot help), and nothing changes.

  let unreadable = 0;

  /** customer.subscription.deleted for this subscription as Stripe sends it: whole, it ends the plan. */
  function endingEvent(subscriptionId: string) {
    unreadable += 1;
    const created = lastEventCreated() + 1;
    return {
      id: `evt_unreadable_${String(unreadable)}`,
      object: "event",
      created,
      type: "customer.subscription.deleted",
      data: { object: { ...snapshot(subscriptionId), status: "canceled", ended_at: created } },
      livemode: false,
    };
  }

  /** POSTs `event` as JSON, signed with our secret. */
  async function postSigned(event: unknown) {
    const payload = JSON.stringify(event, null, 2);
    return postWebhook(payload, fake.signature(payload));
  }

  /** Each case POSTed signed, in turn: its HTTP status by name. */
  async function statusesOf(cases: Record<string, unknown>) {
    const statuses: Record<string, number> = {};
    for (const [name, event] of Object.entries(cases)) statuses[name] = (await postSigned(event)).status;
    return statuses;
  }

  function mapValues<T>(cases: Record<string, unknown>, value: T) {
    return Object.fromEntries(Object.keys(cases).map((name) => [name, value]));
  }

  /** What a refused event must leave as it was: the account's plan and mails, and the events recorded. */
  async function stateOf(account: Account) {
    return {
      plan: await readStoredPlan(account.id),
      mails: await subjectsTo(account.email),
      events: (await recordedEvents()).length,
    };
  }

  it("answers 400 to a signed body that is no event (null, an array, a string, no JSON) and records nothing", async () => {
    const recorded = (await recordedEvents()).length;
    const bodies = ["null", "[1,2]", '"hello"', "{not json"];
    const statuses: Record<string, number> = {};
    for (const payload of bodies)
      statuses[payload] = (await postWebhook(payload, fake.signature(payload))).status;
    expect(statuses).toEqual(Object.fromEntries(bodies.map((payload) => [payload, 400])));
    expect((await recordedEvents()).length).toBe(recorded);
  });

  it("answers 400 to an event with no id, no data, or a data.object that is a string, an array or null; nothing changes", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const before = await stateOf(account);
    const { id: _id, ...withoutId } = endingEvent(subscriptionId);
    const { data: _data, ...withoutData } = endingEvent(subscriptionId);
    const cases: Record<string, unknown> = {
      "no id": withoutId,
      "no data": withoutData,
      "data.object a string": { ...endingEvent(subscriptionId), data: { object: subscriptionId } },
      "data.object an array": {
        ...endingEvent(subscriptionId),
        data: { object: [snapshot(subscriptionId)] },
      },
      "data.object null": { ...endingEvent(subscriptionId), data: { object: null } },
    };
    expect(await statusesOf(cases)).toEqual(mapValues(cases, 400));
    expect(await stateOf(account)).toEqual(before);

    // The same event, whole, ends the plan: it was only the malformed parts.
    expect((await postSigned(endingEvent(subscriptionId))).status).toBe(200);
    expect(await planOf(account.id)).toBe("free");
  });

  it("answers 400 to a subscription whose items are missing or a string, or whose period ends at no real date; nothing changes", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const before = await stateOf(account);
    const withObject = (change: (object: Record<string, unknown>) => void) => {
      const event = endingEvent(subscriptionId);
      change(event.data.object as Record<string, unknown>);
      return event;
    };
    const cases: Record<string, unknown> = {
      "items missing": withObject((object) => delete object.items),
      "items a string": withObject((object) => (object.items = "si_1")),
      "current_period_end 1e15": withObject((object) => {
        (object.items as ReturnType<typeof snapshot>["items"]).data[0]!.current_period_end = 1e15;
      }),
    };
    expect(await statusesOf(cases)).toEqual(mapValues(cases, 400));
    expect(await stateOf(account)).toEqual(before);
  });

  it("answers 400 to an invoice whose customer is no id; nothing changes", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const invoiceId = fake.state.subscriptions.get(subscriptionId)!.latest_invoice!;
    const invoice = JSON.parse(JSON.stringify(fake.state.invoices.get(invoiceId))) as Record<string, unknown>;
    const before = await stateOf(account);
    expect(await fake.sendEvent("invoice.payment_failed", { ...invoice, customer: 42 })).toBe(400);
    expect(await stateOf(account)).toEqual(before);
  });

  it("answers 200 to a checkout naming a subscription Stripe does not have: logged, nothing recorded or changed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const account = await anAccount();
      const session = checkoutSessionOf(await checkoutUrl(account, "pro", "month"));
      const before = await stateOf(account);
      const completed = { ...session, status: "complete", subscription: "sub_StripeHasNoSuchOne" };
      expect(await fake.sendEvent("checkout.session.completed", completed)).toBe(200);
      expect(await stateOf(account)).toEqual(before);
      expect(await planOf(account.id)).toBe("free");
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining("[billing]"),
        expect.objectContaining({ subscriptionId: "sub_StripeHasNoSuchOne" }),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("fails (a 500: Stripe retries) while Stripe is unreachable or answers 5xx, records nothing, and applies the retry", async () => {
    const account = await anAccount();
    const session = checkoutSessionOf(await checkoutUrl(account, "pro", "month"));
    const mark = fake.events.length;
    await withoutWebhooks(() => fake.pay(session.id));
    const completed = fake.events
      .slice(mark)
      .find((entry) => entry.event.type === "checkout.session.completed")!;
    const before = await stateOf(account);
    const deliver = () => receiveWebhook(completed.payload, fake.signature(completed.payload));

    const closed = `http://127.0.0.1:${String(await aClosedPort())}`;
    await expect(withStripeAt(closed, deliver)).rejects.toBeInstanceOf(PaymentsUnavailableError);
    const failing = http.createServer((_req, res) => {
      res
        .writeHead(503, { "Content-Type": "application/json", "Stripe-Should-Retry": "false" })
        .end(JSON.stringify({ error: { type: "api_error", message: "Stripe is having a bad day" } }));
    });
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${String((failing.address() as AddressInfo).port)}`;
      await expect(withStripeAt(url, deliver)).rejects.toBeInstanceOf(PaymentsUnavailableError);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
    expect(await stateOf(account)).toEqual(before);
    expect(await planOf(account.id)).toBe("free");

    expect(await fake.resend(completed.event.id)).toBe(200);
    expect(await planOf(account.id)).toBe("pro");
  });

  it("fails (a 500: Stripe retries) while the database fails, records nothing, and applies the retry", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const mark = fake.events.length;
    await withoutWebhooks(() => sdk.subscriptions.cancel(subscriptionId));
    const deleted = fake.events[mark]!;
    const before = await stateOf(account);

    // The connection drops as the event's transaction starts.
    const db = await getDb();
    const down = vi
      .spyOn(db, "transaction")
      .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    try {
      await expect(receiveWebhook(deleted.payload, fake.signature(deleted.payload))).rejects.toThrow(
        "Connection terminated",
      );
    } finally {
      down.mockRestore();
    }
    expect(await stateOf(account)).toEqual(before);
    expect(await planOf(account.id)).toBe("pro");

    expect(await fake.resend(deleted.event.id)).toBe(200);
    expect(await planOf(account.id)).toBe("free");
  });
});

describe("cancelling and renewals", () => {
  it("cancelling in the portal keeps the plan until the period ends, and says so by mail", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const portal = await portalUrl(account);
    const cancelled = await fetch(`${portal}/cancel`, {
      method: "POST",
      body: new URLSearchParams({ subscription: subscriptionId }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${BASE_URL}/account/plan`);

    const periodEnd = periodEndOf(subscriptionId);
    expect(await readStoredPlan(account.id)).toMatchObject({ status: "active", endsAt: periodEnd });
    expect(await planOf(account.id)).toBe("pro");
    expect(await planOf(account.id, new Date(periodEnd.getTime() - 1))).toBe("pro");
    expect(await planOf(account.id, periodEnd)).toBe("free");
    expect(await planOf(account.id, new Date(periodEnd.getTime() + DAY_MS))).toBe("free");
    expect(await subjectsTo(account.email)).toEqual([
      "Welcome to PawPal Pro",
      `Your PawPal Pro plan ends on ${periodEnd.toISOString().slice(0, 10)}`,
    ]);
    expect(await settleTimes(account.id)).toContain(periodEnd.getTime());
  });

  it("a failed renewal keeps the plan for 7 days, then a successful retry clears the grace", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const mark = fake.events.length;
    await fake.failRenewal(subscriptionId);
    const sent = fake.events.slice(mark);
    expect(sent.map((entry) => [entry.event.type, entry.status])).toEqual([
      ["invoice.payment_failed", 200],
      ["customer.subscription.updated", 200],
    ]);
    // The renewal fails at the period's end: the grace counts from then.
    const failedAt = new Date(sent[0]!.event.created * 1000);
    const graceUntil = new Date(failedAt.getTime() + 7 * DAY_MS);
    expect(await readStoredPlan(account.id)).toMatchObject({ status: "past_due", graceUntil });
    expect(await planOf(account.id)).toBe("pro");
    expect(await planOf(account.id, failedAt)).toBe("pro");
    expect(await planOf(account.id, new Date(failedAt.getTime() + 6 * DAY_MS))).toBe("pro");
    expect(await planOf(account.id, new Date(failedAt.getTime() + 8 * DAY_MS))).toBe("free");
    const [, failedMail] = await mailsTo(account.email);
    expect(failedMail?.subject).toBe("Your PawPal payment did not go through");
    expect(failedMail?.text).toContain(graceUntil.toISOString().slice(0, 10));
    expect(await settleTimes(account.id)).toContain(graceUntil.getTime());

    await fake.renew(subscriptionId);
    expect(await readStoredPlan(account.id)).toMatchObject({ status: "active", graceUntil: null });
    expect(await planOf(account.id, new Date(failedAt.getTime() + 8 * DAY_MS))).toBe("pro");
    expect(await subjectsTo(account.email)).toHaveLength(2);

    // The failure delivered again late, after the same invoice was paid: old news.
    expect(await fake.resend(sent[0]!.event.id)).toBe(200);
    await fake.sendEvent("invoice.payment_failed", sent[0]!.event.data.object, {
      created: lastEventCreated(),
    });
    expect(await readStoredPlan(account.id)).toMatchObject({ status: "active", graceUntil: null });
    expect(await subjectsTo(account.email)).toHaveLength(2);
  });

  it("past due beyond the grace, the account is sent to the portal to fix or cancel, never to a second Checkout", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    await fake.failRenewal(subscriptionId);
    const later = new Date((await readStoredPlan(account.id))!.graceUntil!.getTime() + DAY_MS);
    expect(await planOf(account.id, later)).toBe("free");
    const sessions = fake.state.checkoutSessions.size;
    const url = await checkoutUrl(account, "premium", "month", later);
    expect(url.startsWith(`${fake.url}/portal/`)).toBe(true);
    expect(fake.state.checkoutSessions.size).toBe(sessions);
  });
});

describe("the 30-day money-back guarantee", () => {
  it("refunds once within 30 days: Free now, the subscription ended, the owner mailed", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "year");
    expect(guaranteeOpen(await readStoredPlan(account.id), new Date())).toBe(true);

    expect(await refundUnderGuarantee(account)).toEqual({ ok: true, amountCents: 9999 });
    expect(await refundUnderGuarantee(account)).toEqual({ ok: false, reason: "closed" });

    const invoiceId = fake.state.subscriptions.get(subscriptionId)!.latest_invoice!;
    const paymentIntents = [...fake.state.invoicePayments.values()]
      .filter((payment) => payment.invoice === invoiceId)
      .map((payment) => payment.payment.payment_intent);
    const refunds = [...fake.state.refunds.values()].filter((refund) =>
      paymentIntents.includes(refund.payment_intent),
    );
    expect(refunds).toMatchObject([{ amount: 9999, reason: "requested_by_customer" }]);
    expect(fake.state.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect(await planOf(account.id)).toBe("free");
    expect(await readStoredPlan(account.id)).toMatchObject({
      status: "canceled",
      refundedAt: expect.any(Date),
    });
    const refundMail = (await mailsTo(account.email)).find(
      (mail) => mail.subject === "Your PawPal refund is on its way",
    );
    expect(refundMail?.text).toContain("$99.99");
    // One mail about it: the refund's, not also "plan has ended" from the deletion's webhook.
    expect((await subjectsTo(account.email)).filter((subject) => /ended|refund/.test(subject))).toEqual([
      "Your PawPal refund is on its way",
    ]);
  });

  it("a refund whose subscription could not be ended yet is finished by the next try, refunded once", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    // Stripe refunds, then does not answer when the subscription is to end (DELETE dropped).
    const refundsBefore = fake.state.refunds.size;
    const proxy = http.createServer((req, res) => {
      if (req.method === "DELETE") {
        res.socket?.destroy();
        return;
      }
      req.pipe(
        http.request(
          `${fake.url}${req.url ?? "/"}`,
          { method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        ),
      );
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const through = `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`;
      await expect(withStripeAt(through, () => refundUnderGuarantee(account))).rejects.toBeInstanceOf(
        PaymentsUnavailableError,
      );
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
    expect(fake.state.refunds.size).toBe(refundsBefore + 1);
    expect(fake.state.subscriptions.get(subscriptionId)?.status).toBe("active");
    expect(await readStoredPlan(account.id)).toMatchObject({
      status: "active",
      refundedAt: expect.any(Date),
    });

    expect(await refundUnderGuarantee(account)).toEqual({ ok: true, amountCents: 999 });
    expect(fake.state.refunds.size).toBe(refundsBefore + 1);
    expect(fake.state.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect(await planOf(account.id)).toBe("free");
  });

  it("after a refund the plan can be bought again at once; the guarantee is not offered twice", async () => {
    const { account, sessionId } = await aSubscriber("premium", "month");
    expect(await refundUnderGuarantee(account)).toMatchObject({ ok: true });
    const again = checkoutSessionOf(await checkoutUrl(account, "premium", "month"));
    expect(again.id).not.toBe(sessionId);
    expect(again.status).toBe("open");

    await fake.pay(again.id);
    expect(await planOf(account.id)).toBe("premium");
    const refunds = fake.state.refunds.size;
    expect(await refundUnderGuarantee(account)).toEqual({ ok: false, reason: "closed" });
    expect(fake.state.refunds.size).toBe(refunds);
    expect(await planOf(account.id)).toBe("premium");
    // This subscription ending is told by mail: the refund was another one's.
    const subscriptionId = fake.state.checkoutSessions.get(again.id)!.subscription!;
    await sdk.subscriptions.cancel(subscriptionId);
    expect(await subjectsTo(account.email)).toContain("Your PawPal Premium plan has ended");
  });
});

describe("staff and payers", () => {
  it("staff cannot set the plan of an account that pays through Stripe", async () => {
    const { account } = await aSubscriber("pro", "month");
    expect(await setPlanByStaff({ userId: account.id, plan: "free", until: null })).toEqual({
      ok: false,
      reason: "paysThroughStripe",
    });
    expect(await planOf(account.id)).toBe("pro");
  });

  it("is closed after 30 days: no refund, and Stripe is not called", async () => {
    const { account } = await aSubscriber("pro", "month");
    const row = await readStoredPlan(account.id);
    const firstPaidAt = row!.firstPaidAt!;
    expect(guaranteeOpen(row, new Date(firstPaidAt.getTime() + 29 * DAY_MS))).toBe(true);
    const later = new Date(firstPaidAt.getTime() + 31 * DAY_MS);
    expect(guaranteeOpen(row, later)).toBe(false);

    const requests = fake.requests.length;
    const refunds = fake.state.refunds.size;
    expect(await refundUnderGuarantee(account, later)).toEqual({ ok: false, reason: "closed" });
    expect(fake.requests.length).toBe(requests);
    expect(fake.state.refunds.size).toBe(refunds);
    expect(await planOf(account.id)).toBe("pro");
  });
});

describe("when Stripe cannot be reached", () => {
  it("Checkout fails with PaymentsUnavailableError and the plan is unchanged; a retry makes one customer", async () => {
    const account = await anAccount();
    await setPlanByStaff({ userId: account.id, plan: "pro", until: new Date(Date.now() + 10 * DAY_MS) });
    const before = await readStoredPlan(account.id);

    const closed = `http://127.0.0.1:${String(await aClosedPort())}`;
    await expect(withStripeAt(closed, () => checkoutUrl(account, "premium", "month"))).rejects.toBeInstanceOf(
      PaymentsUnavailableError,
    );
    expect(await readStoredPlan(account.id)).toEqual(before);
    expect(await planOf(account.id)).toBe("pro");

    const url = await checkoutUrl(account, "premium", "month");
    expect(checkoutSessionOf(url).client_reference_id).toBe(account.id);
    expect(customerPostsFor(account.id)).toHaveLength(1);
    expect(customersOf(account.id)).toHaveLength(1);
    expect(await readStoredPlan(account.id)).toMatchObject({
      plan: "pro",
      source: "staff",
      stripeCustomerId: customersOf(account.id)[0]!.id,
    });
  });

  it("a customer made while its answer was lost is not made again on the retry", async () => {
    // A proxy that passes each request to the fake and drops the connection instead of the answer.
    const proxy = http.createServer((req, res) => {
      const forward = http.request(
        `${fake.url}${req.url ?? "/"}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          answer.resume();
          answer.on("end", () => res.socket?.destroy());
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const account = await anAccount();
    try {
      const through = `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`;
      await expect(withStripeAt(through, () => checkoutUrl(account, "pro", "month"))).rejects.toBeInstanceOf(
        PaymentsUnavailableError,
      );
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
    expect(customersOf(account.id)).toHaveLength(1);
    expect(await readStoredPlan(account.id)).toBeNull();

    checkoutSessionOf(await checkoutUrl(account, "pro", "month"));
    expect(customersOf(account.id)).toHaveLength(1);
    expect((await readStoredPlan(account.id))?.stripeCustomerId).toBe(customersOf(account.id)[0]!.id);
    const keys = new Set(customerPostsFor(account.id).map((request) => request.idempotencyKey));
    expect(keys).toEqual(new Set([`pawpal-customer-${account.id}`]));
  });
});

describe("plans that end", () => {
  it("a Premium subscription deleted in Stripe ends the family: members removed and mailed", async () => {
    const { account: owner, subscriptionId } = await aSubscriber("premium", "year", "Olive Owner");
    const max = await anAccount("Max Member");
    const mia = await anAccount("Mia Member");
    const db = await getDb();
    await db.insert(familyMember).values([
      { ownerId: owner.id, memberId: max.id },
      { ownerId: owner.id, memberId: mia.id },
    ]);
    await db.insert(familyInvite).values({
      ownerId: owner.id,
      email: "pending@example.com",
      tokenHash: `billing-test-hash-${serial}`,
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
    });

    await sdk.subscriptions.cancel(subscriptionId);

    expect(await planOf(owner.id)).toBe("free");
    expect(await db.select().from(familyMember).where(eq(familyMember.ownerId, owner.id))).toEqual([]);
    const pending = await db
      .select()
      .from(familyInvite)
      .where(and(eq(familyInvite.ownerId, owner.id), isNull(familyInvite.acceptedAt)));
    expect(pending).toEqual([]);
    for (const member of [max, mia]) {
      expect(await subjectsTo(member.email)).toEqual(["Olive Owner's family sharing on PawPal has ended"]);
    }
    expect(await subjectsTo(owner.email)).toContain("Your PawPal Premium plan has ended");
  });

  it("deleting an account cancels its live subscription in Stripe; a Free account calls nothing", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    await endSubscriptionOfDeletedAccount(account.id);
    expect(fake.state.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    const cancels = fake.requests.filter(
      (request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancels.map((request) => request.idempotencyKey)).toEqual([
      `pawpal-delete-cancel-${subscriptionId}`,
    ]);
    expect(await planOf(account.id)).toBe("free");

    const requests = fake.requests.length;
    await endSubscriptionOfDeletedAccount((await anAccount("Fred Free")).id);
    await endSubscriptionOfDeletedAccount(account.id); // ended already
    expect(fake.requests.length).toBe(requests);
  });

  it("deleting an account past its renewal grace still cancels the subscription Stripe keeps charging", async () => {
    const { account, subscriptionId } = await aSubscriber("pro", "month");
    const mark = fake.events.length;
    await fake.failRenewal(subscriptionId);
    const failedAt = fake.events[mark]!.event.created * 1000;
    const afterGrace = new Date(failedAt + 8 * DAY_MS);
    expect(await planOf(account.id, afterGrace)).toBe("free");

    await endSubscriptionOfDeletedAccount(account.id, afterGrace);
    expect(fake.state.subscriptions.get(subscriptionId)?.status).toBe("canceled");
  });
});
