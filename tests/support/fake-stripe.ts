/**
 * A local fake of the Stripe API, for tests only: the real `stripe` SDK talks to it over HTTP
 * (`new Stripe(key, fake.sdkOptions)`), and it POSTs signed webhook events as Stripe does. It
 * also serves plain HTML stand-ins for the hosted Checkout and customer portal pages, so a
 * browser test can click through a purchase and a cancellation.
 *
 * It covers what PawPal's billing uses: customers, products, prices, subscription-mode Checkout
 * Sessions, subscriptions, invoices, invoice payments, refunds and portal sessions, in the
 * shapes of API version 2026-10-28.endive (periods on subscription items, an invoice's
 * subscription under `parent.subscription_details`). Anything else answers 404.
 *
 * Time: objects are stamped with `now()` (seconds), which a test may control; renewals happen
 * when a test calls `renew` or `failRenewal`, never by the clock.
 *
 * Events: every event is recorded in `events`, and POSTed to the webhook URL (if one is set)
 * before the request that caused it is answered, so a test that awaits an SDK call or a page's
 * redirect finds the webhook already handled.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import Stripe from "stripe";
import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_ALLOWANCES,
  PLAN_NAMES,
  priceLookupKey,
  type BillingInterval,
  type PaidPlanId,
} from "../../app/domain/plans";

/** A price's lookup key, as `priceLookupKey` makes it: "pawpal_pro_year". */
export type FakeLookupKey = `pawpal_${PaidPlanId}_${BillingInterval}`;

export interface FakePriceSeed {
  product: string;
  productName: string;
  unitAmount: number;
  currency: string;
  interval: Interval;
}

/**
 * The prices PawPal sells, from its plans (app/domain/plans.ts), as `npm run billing:setup`
 * makes them (app/backend/billing/setup.server.ts): a product pawpal_<plan> named "PawPal <Plan>",
 * and a price in US cents for each interval under its lookup key. Seeded by `startFakeStripe`
 * (ids are random; look them up by key).
 */
export const FAKE_PRICES = Object.fromEntries(
  PAID_PLAN_IDS.flatMap((plan) =>
    BILLING_INTERVALS.map((interval): [string, FakePriceSeed] => [
      priceLookupKey(plan, interval),
      {
        product: `pawpal_${plan}`,
        productName: `PawPal ${PLAN_NAMES[plan]}`,
        unitAmount:
          interval === "month"
            ? PLAN_ALLOWANCES[plan].price.monthlyCents
            : PLAN_ALLOWANCES[plan].price.yearlyCents,
        currency: "usd",
        interval,
      },
    ]),
  ),
) as Record<FakeLookupKey, FakePriceSeed>;

export interface FakeStripeOptions {
  /** The whsec_… secret every event is signed with. */
  webhookSecret: string;
  /** Where events are POSTed; can be set later with setWebhookUrl. */
  webhookUrl?: string;
  /** Default: any free port on 127.0.0.1. */
  port?: number;
  /** Seed FAKE_PRICES and their products (default true). */
  seedPrices?: boolean;
  /** The clock, in seconds, for `created` and billing periods. Default: the real time. */
  now?: () => number;
}

export interface FakeStripe {
  /** "http://127.0.0.1:PORT" */
  url: string;
  port: number;
  /** Spread into the SDK's config: `new Stripe("sk_test_…", fake.sdkOptions)`. */
  sdkOptions: { host: string; port: number; protocol: "http" };
  /** Where events go from now on; null: record them without sending. */
  setWebhookUrl(url: string | null): void;
  /** Every API request received (not the HTML pages), in order. */
  requests: FakeRequest[];
  /** Every event, in the order it was created, with its last delivery's outcome. */
  events: FakeEventRecord[];
  /** The objects, by id, to assert on. */
  state: FakeStripeState;
  /** The id of a seeded or created price, by lookup key; throws if there is none. */
  priceId(lookupKey: string): string;
  /** POSTs an event's exact payload again with a fresh signature (a replay); answers the HTTP status. */
  resend(eventId: string): Promise<number>;
  /** Builds, records, signs and POSTs a new event with (a copy of) this object; answers the HTTP status. */
  sendEvent(type: string, object: object, options?: SendEventOptions): Promise<number>;
  /** A Stripe-Signature header for this payload, signed now with the webhook secret. */
  signature(payload: string): string;
  /** Pays a checkout session as the Checkout page's Pay button does; answers the success redirect URL. */
  pay(sessionId: string): Promise<string>;
  /**
   * The end of a subscription's period. Usually a renewal: a new period, a paid invoice, and
   * customer.subscription.updated then invoice.paid. If the subscription is past due, its open
   * invoice is paid instead (a successful retry, same period, same two events). If it was set to
   * cancel by then, it ends: status canceled, customer.subscription.deleted.
   */
  renew(subscriptionId: string): Promise<void>;
  /**
   * A renewal whose payment fails: a new period, an open invoice, status past_due; events
   * invoice.payment_failed then customer.subscription.updated (only the first when it was
   * already past due: another failed retry).
   */
  failRenewal(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

export interface FakeRequest {
  method: string;
  /** Without the query. */
  path: string;
  idempotencyKey?: string;
  /** Query and body, bracket notation parsed into objects and arrays; values stay strings. */
  params: Record<string, unknown>;
}

export interface FakeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface FakeEventRecord {
  /** The exact JSON that was (or would have been) POSTed. */
  payload: string;
  event: FakeEvent;
  /** The last delivery's HTTP status; 0 if it failed without one (see `error`); null if never sent. */
  status: number | null;
  error?: string;
}

export interface SendEventOptions {
  created?: number;
  previousAttributes?: Record<string, unknown>;
}

export interface FakeStripeState {
  customers: Map<string, FakeCustomer>;
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  invoicePayments: Map<string, FakeInvoicePayment>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  portalSessions: Map<string, FakePortalSession>;
}

type Metadata = Record<string, string>;
type Interval = "day" | "week" | "month" | "year";

interface ApiList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

// The objects below carry the fields of the real ones that billing code reads, with the names
// and types of the SDK's declarations; fields the fake has no use for are left out.

export interface FakeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  balance: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

export interface FakeProduct {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  metadata: Metadata;
  name: string;
  type: "service";
  url: string | null;
  livemode: false;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  /** The product's id (an API answer may expand it with `expand[]`). */
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: "licensed";
  } | null;
  tax_behavior: "unspecified";
  type: "recurring" | "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
  livemode: false;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  metadata: Metadata;
  mode: "subscription";
  payment_intent: null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string;
  ui_mode: "hosted";
  /** The fake Checkout page while the session is open, then null. */
  url: string | null;
  livemode: false;
}

export interface FakeSubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: string[];
  metadata: Metadata;
  /** The full price (its product an id). */
  price: FakePrice;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  ended_at: number | null;
  items: ApiList<FakeSubscriptionItem>;
  latest_invoice: string | null;
  metadata: Metadata;
  pause_collection: null;
  start_date: number;
  status: "active" | "past_due" | "canceled";
  trial_end: number | null;
  trial_start: number | null;
  livemode: false;
}

export interface FakeInvoiceLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  metadata: Metadata;
  parent: {
    type: "subscription_item_details";
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: false;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: {
    type: "price_details";
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subtotal: number;
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  description: string | null;
  hosted_invoice_url: string | null;
  lines: ApiList<FakeInvoiceLine>;
  metadata: Metadata;
  number: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  /** As Stripe sets them: the period billed in arrears (so a first invoice's start and end are equal); the service period is on the lines. */
  period_start: number;
  period_end: number;
  status: "paid" | "open";
  status_transitions: {
    finalized_at: number;
    paid_at: number | null;
    marked_uncollectible_at: null;
    voided_at: null;
  };
  subtotal: number;
  total: number;
  livemode: false;
}

export interface FakeInvoicePayment {
  id: string;
  object: "invoice_payment";
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  payment: { type: "payment_intent"; payment_intent: string };
  status: "paid" | "open";
  status_transitions: { canceled_at: null; paid_at: number | null };
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  customer: string;
  description: string;
  latest_charge: null;
  metadata: Metadata;
  payment_method: null;
  status: "succeeded" | "requires_payment_method";
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: null;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: "succeeded";
}

export interface FakePortalSession {
  id: string;
  object: "billing_portal.session";
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
  livemode: false;
}

/** Starts the fake on 127.0.0.1 (a free port unless `port` is given). */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake Stripe has no TCP port");
  const fake = new FakeStripeServer(server, address.port, options);
  server.on("request", (req, res) => void fake.handle(req, res));
  return fake;
}

/** A webhook receiver that hangs fails its delivery after this: long for a slow handler, short enough to see a deadlock. */
const DELIVERY_TIMEOUT_MS = 10_000;
const DAY = 24 * 60 * 60;

/** An error as Stripe's API answers it; the SDK picks its error class by status and type. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    return { error };
  }
}

/** A missing object: 404 when it is the one in the path, 400 when a parameter names it. */
function noSuch(kind: string, id: string, param?: string): ApiError {
  return param
    ? new ApiError(400, `No such ${kind}: '${id}'`, "resource_missing", param)
    : new ApiError(404, `No such ${kind}: '${id}'`, "resource_missing", "id");
}

type Params = Record<string, unknown>;

interface Route {
  method: string;
  pattern: RegExp;
  /** `ids`: the pattern's groups. Answers the response body (status 200). */
  handle: (params: Params, ids: string[]) => unknown;
}

interface StoredResponse {
  /** What the first request was, to refuse the key for a different one as Stripe does. */
  fingerprint: string;
  status: number;
  body: string;
}

class FakeStripeServer implements FakeStripe {
  readonly url: string;
  readonly sdkOptions: { host: string; port: number; protocol: "http" };
  readonly requests: FakeRequest[] = [];
  readonly events: FakeEventRecord[] = [];
  readonly state: FakeStripeState = {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    portalSessions: new Map(),
  };

  private webhookUrl: string | null;
  private readonly secret: string;
  private readonly clock: () => number;
  /** Only for its webhook signing helper: this instance never sends a request. */
  private readonly signer = new Stripe("sk_test_fake_signer");
  private readonly idempotent = new Map<string, StoredResponse>();
  /** Keys of POSTs still being answered. */
  private readonly inFlight = new Set<string>();
  /** What Checkout will subscribe to, by session id: kept from its creation params. */
  private readonly checkoutLines = new Map<
    string,
    { items: { price: string; quantity: number }[]; subscriptionMetadata: Metadata }
  >();
  /** Periods billed so far, by subscription: the next period is counted from the anchor. */
  private readonly cycles = new Map<string, number>();
  private invoiceCount = 0;
  /**
   * Events are never older than the last one: a renewal is stamped at the period's end even when
   * the test's clock is behind it, and later events must not look stale next to it.
   */
  private lastEventCreated = 0;
  private readonly routes: Route[];

  constructor(
    private readonly server: http.Server,
    readonly port: number,
    options: FakeStripeOptions,
  ) {
    this.url = `http://127.0.0.1:${String(port)}`;
    this.sdkOptions = { host: "127.0.0.1", port, protocol: "http" };
    this.webhookUrl = options.webhookUrl ?? null;
    this.secret = options.webhookSecret;
    this.clock = options.now ?? (() => Date.now() / 1000);
    this.routes = this.apiRoutes();
    if (options.seedPrices ?? true) this.seed();
  }

  setWebhookUrl(url: string | null): void {
    this.webhookUrl = url;
  }

  priceId(lookupKey: string): string {
    const price = [...this.state.prices.values()].find((p) => p.lookup_key === lookupKey);
    if (!price) throw new Error(`No fake price has the lookup key ${lookupKey}`);
    return price.id;
  }

  signature(payload: string): string {
    return this.signer.webhooks.generateTestHeaderString({ payload, secret: this.secret });
  }

  async sendEvent(type: string, object: object, options: SendEventOptions = {}): Promise<number> {
    const record = this.recordEvent(type, object, options);
    return this.deliver(record);
  }

  async resend(eventId: string): Promise<number> {
    const record = this.events.find((entry) => entry.event.id === eventId);
    if (!record) throw new Error(`No event ${eventId} was sent`);
    return this.deliver(record);
  }

  async pay(sessionId: string): Promise<string> {
    const session = this.state.checkoutSessions.get(sessionId);
    const lines = this.checkoutLines.get(sessionId);
    if (!session || !lines) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    // Everything changes before the first await, so a second click finds the session complete.
    const at = this.now();
    const customer =
      (session.customer === null ? undefined : this.state.customers.get(session.customer)) ??
      this.createCustomer({ email: session.customer_email ?? undefined });
    const subscription = this.createSubscription(customer, lines.items, lines.subscriptionMetadata, at);
    const invoice = this.createInvoice(subscription, "subscription_create", true, { start: at, end: at }, at);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer: customer.id,
      customer_details: { email: customer.email, name: customer.name },
      subscription: subscription.id,
      invoice: invoice.id,
      url: null,
    } satisfies Partial<FakeCheckoutSession>);
    await this.emit("customer.subscription.created", subscription);
    await this.emit("invoice.paid", invoice);
    await this.emit("checkout.session.completed", session);
    return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  }

  async renew(subscriptionId: string): Promise<void> {
    const subscription = this.liveSubscription(subscriptionId);
    const openInvoice = this.openInvoiceOf(subscription);
    if (openInvoice) {
      // A retry of the failed payment succeeds: the period stays.
      const previous = { status: subscription.status };
      this.markPaid(openInvoice, this.now());
      subscription.status = "active";
      await this.emit("customer.subscription.updated", subscription, { previousAttributes: previous });
      await this.emit("invoice.paid", openInvoice);
      return;
    }
    const periodEnd = this.periodEnd(subscription);
    const at = Math.max(this.now(), periodEnd);
    if (subscription.cancel_at !== null && subscription.cancel_at <= periodEnd) {
      subscription.status = "canceled";
      subscription.ended_at = subscription.cancel_at;
      await this.emit("customer.subscription.deleted", subscription, { created: at });
      return;
    }
    const { previous, ended } = this.advancePeriod(subscription);
    const invoice = this.createInvoice(subscription, "subscription_cycle", true, ended, periodEnd);
    await this.emit("customer.subscription.updated", subscription, {
      created: at,
      previousAttributes: previous,
    });
    await this.emit("invoice.paid", invoice, { created: at });
  }

  async failRenewal(subscriptionId: string): Promise<void> {
    const subscription = this.liveSubscription(subscriptionId);
    const openInvoice = this.openInvoiceOf(subscription);
    if (openInvoice) {
      // Already past due: another retry fails.
      openInvoice.attempt_count += 1;
      await this.emit("invoice.payment_failed", openInvoice);
      return;
    }
    const periodEnd = this.periodEnd(subscription);
    const at = Math.max(this.now(), periodEnd);
    const { previous, ended } = this.advancePeriod(subscription);
    const invoice = this.createInvoice(subscription, "subscription_cycle", false, ended, periodEnd);
    subscription.status = "past_due";
    await this.emit("invoice.payment_failed", invoice, { created: at });
    await this.emit("customer.subscription.updated", subscription, {
      created: at,
      previousAttributes: { ...previous, status: "active" },
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => {
      this.server.close((error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** Every HTTP request: the API under /v1/, else the Checkout and portal pages. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? "/", this.url);
      const method = req.method ?? "GET";
      const body = await readBody(req);
      if (url.pathname.startsWith("/v1/")) {
        const params = { ...parseForm(url.search.slice(1)), ...parseBody(body, req.headers["content-type"]) };
        await this.answerApi(method, url.pathname, params, req.headers, res);
      } else {
        await this.answerPage(method, url.pathname, parseForm(body), res);
      }
    } catch (error) {
      // A bug in the fake: say so, and tell the SDK not to retry.
      if (res.headersSent) {
        res.end();
        return;
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      sendJson(
        res,
        500,
        { error: { type: "api_error", message: `Fake Stripe failed: ${message}` } },
        {
          "Stripe-Should-Retry": "false",
        },
      );
    }
  }

  private async answerApi(
    method: string,
    path: string,
    params: Params,
    headers: http.IncomingHttpHeaders,
    res: http.ServerResponse,
  ): Promise<void> {
    const idempotencyKey = header(headers, "idempotency-key");
    this.requests.push({ method, path, ...(idempotencyKey === undefined ? {} : { idempotencyKey }), params });
    const extraHeaders: Record<string, string> = { "Request-Id": id("req") };
    if (idempotencyKey !== undefined) extraHeaders["Idempotency-Key"] = idempotencyKey;

    const apiKey = /^Bearer (.*)$/.exec(header(headers, "authorization") ?? "")?.[1];
    if (apiKey === undefined || !apiKey.startsWith("sk_test_")) {
      const message =
        apiKey === undefined
          ? "You did not provide an API key. Provide it in the Authorization header (Bearer sk_test_…)."
          : `Invalid API Key provided: ${apiKey}`;
      sendJson(res, 401, new ApiError(401, message).body(), extraHeaders);
      return;
    }

    // Stripe keeps idempotency keys for POSTs only: a replay gets the first answer, unchanged.
    const key = method === "POST" ? idempotencyKey : undefined;
    const fingerprint = JSON.stringify([method, path, params]);
    const stored = key === undefined ? undefined : this.idempotent.get(key);
    if (key !== undefined && (stored !== undefined || this.inFlight.has(key))) {
      if (stored === undefined) {
        // The SDK retries a 409 after a pause, and then gets the first request's answer.
        const error = new ApiError(
          409,
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
          undefined,
          undefined,
          "idempotency_error",
        );
        sendJson(res, 409, error.body(), extraHeaders);
      } else if (stored.fingerprint !== fingerprint) {
        const error = new ApiError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          undefined,
          undefined,
          "idempotency_error",
        );
        sendJson(res, 400, error.body(), extraHeaders);
      } else {
        sendRaw(res, stored.status, stored.body, { ...extraHeaders, "Idempotent-Replayed": "true" });
      }
      return;
    }

    let status = 200;
    let body: unknown;
    if (key !== undefined) this.inFlight.add(key);
    try {
      body = await this.route(method, path, params);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = error.body();
    } finally {
      if (key !== undefined) this.inFlight.delete(key);
    }
    const json = JSON.stringify(body);
    if (key !== undefined) this.idempotent.set(key, { fingerprint, status, body: json });
    sendRaw(res, status, json, extraHeaders);
  }

  /** The handler's answer, copied (so expanding never touches the state) and expanded. */
  private async route(method: string, path: string, params: Params): Promise<unknown> {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const ids = match.slice(1).map((group) => decodeURIComponent(group));
      const answer: unknown = clone(await route.handle(params, ids));
      for (const field of strings(params.expand)) this.expand(answer, field.split("."));
      return answer;
    }
    throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  private apiRoutes(): Route[] {
    const one = (kind: string) => new RegExp(`^/v1/${kind}/([^/]+)$`);
    const all = (kind: string) => new RegExp(`^/v1/${kind}$`);
    const get =
      <T>(map: Map<string, T>, kind: string) =>
      (_: Params, [objectId = ""]: string[]) =>
        this.find(map, objectId, kind);
    const s = this.state;
    return [
      { method: "POST", pattern: all("customers"), handle: (p) => this.createCustomer(customerFields(p)) },
      { method: "GET", pattern: one("customers"), handle: get(s.customers, "customer") },
      { method: "POST", pattern: one("customers"), handle: (p, [i = ""]) => this.updateCustomer(i, p) },
      {
        method: "GET",
        pattern: all("customers"),
        handle: (p) => this.list("/v1/customers", s.customers, p, (c) => matches(p.email, c.email)),
      },
      { method: "POST", pattern: all("products"), handle: (p) => this.createProduct(p) },
      { method: "GET", pattern: one("products"), handle: get(s.products, "product") },
      {
        method: "GET",
        pattern: all("products"),
        handle: (p) => this.list("/v1/products", s.products, p, (x) => matchesBool(p.active, x.active)),
      },
      { method: "POST", pattern: all("prices"), handle: (p) => this.createPrice(p) },
      { method: "GET", pattern: one("prices"), handle: get(s.prices, "price") },
      { method: "GET", pattern: all("prices"), handle: (p) => this.listPrices(p) },
      { method: "POST", pattern: all("checkout/sessions"), handle: (p) => this.createCheckoutSession(p) },
      {
        method: "GET",
        pattern: one("checkout/sessions"),
        handle: get(s.checkoutSessions, "checkout.session"),
      },
      {
        method: "POST",
        pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
        handle: (_, [i = ""]) => this.expireCheckoutSession(i),
      },
      { method: "GET", pattern: one("subscriptions"), handle: get(s.subscriptions, "subscription") },
      {
        method: "POST",
        pattern: one("subscriptions"),
        handle: (p, [i = ""]) => this.updateSubscription(i, p),
      },
      {
        method: "DELETE",
        pattern: one("subscriptions"),
        handle: (p, [i = ""]) => this.cancelSubscription(i, p),
      },
      { method: "GET", pattern: all("subscriptions"), handle: (p) => this.listSubscriptions(p) },
      { method: "GET", pattern: one("invoices"), handle: get(s.invoices, "invoice") },
      {
        method: "GET",
        pattern: all("invoices"),
        handle: (p) =>
          this.list(
            "/v1/invoices",
            s.invoices,
            p,
            (x) =>
              matches(p.customer, x.customer) &&
              matches(p.subscription, x.parent.subscription_details.subscription) &&
              matches(p.status, x.status),
          ),
      },
      { method: "GET", pattern: one("invoice_payments"), handle: get(s.invoicePayments, "invoice payment") },
      {
        method: "GET",
        pattern: all("invoice_payments"),
        handle: (p) =>
          this.list(
            "/v1/invoice_payments",
            s.invoicePayments,
            p,
            (x) => matches(p.invoice, x.invoice) && matches(p.status, x.status),
          ),
      },
      { method: "GET", pattern: one("payment_intents"), handle: get(s.paymentIntents, "payment_intent") },
      { method: "POST", pattern: all("refunds"), handle: (p) => this.createRefund(p) },
      { method: "GET", pattern: one("refunds"), handle: get(s.refunds, "refund") },
      {
        method: "GET",
        pattern: all("refunds"),
        handle: (p) =>
          this.list("/v1/refunds", s.refunds, p, (x) => matches(p.payment_intent, x.payment_intent)),
      },
      { method: "POST", pattern: all("billing_portal/sessions"), handle: (p) => this.createPortalSession(p) },
    ];
  }

  // --- API handlers -------------------------------------------------------------------------

  private createCustomer(fields: CustomerFields): FakeCustomer {
    const customer: FakeCustomer = {
      id: id("cus"),
      object: "customer",
      created: this.now(),
      email: fields.email ?? null,
      name: fields.name ?? null,
      phone: fields.phone ?? null,
      description: fields.description ?? null,
      metadata: fields.metadata ?? {},
      balance: 0,
      currency: null,
      default_source: null,
      delinquent: false,
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.state.customers.set(customer.id, customer);
    return customer;
  }

  private updateCustomer(customerId: string, params: Params): FakeCustomer {
    const customer = this.find(this.state.customers, customerId, "customer");
    Object.assign(customer, customerFields(params), {
      metadata: mergeMetadata(customer.metadata, params.metadata),
    });
    return customer;
  }

  private createProduct(params: Params): FakeProduct {
    const productId = text(params, "id") ?? id("prod");
    if (this.state.products.has(productId)) {
      throw new ApiError(400, `Product already exists.`, "resource_already_exists", "id");
    }
    const name = text(params, "name");
    if (name === undefined) throw missingParam("name");
    const at = this.now();
    const product: FakeProduct = {
      id: productId,
      object: "product",
      active: bool(params, "active") ?? true,
      created: at,
      updated: at,
      default_price: null,
      description: text(params, "description") ?? null,
      images: [],
      metadata: metadataOf(params.metadata),
      name,
      type: "service",
      url: null,
      livemode: false,
    };
    this.state.products.set(product.id, product);
    return product;
  }

  private createPrice(params: Params): FakePrice {
    const productId = text(params, "product");
    if (productId === undefined) throw missingParam("product");
    this.find(this.state.products, productId, "product", "product");
    const currency = text(params, "currency")?.toLowerCase();
    if (currency === undefined) throw missingParam("currency");
    const unitAmount = integer(params, "unit_amount");
    if (unitAmount === undefined) throw missingParam("unit_amount");
    const recurring = record(params.recurring);
    const interval = text(recurring, "interval");
    if (interval !== undefined && !isInterval(interval)) {
      throw new ApiError(400, `Invalid recurring[interval]: ${interval}`, undefined, "recurring[interval]");
    }
    const lookupKey = text(params, "lookup_key") ?? null;
    const holder = [...this.state.prices.values()].find(
      (p) => lookupKey !== null && p.lookup_key === lookupKey,
    );
    if (holder) {
      // As Stripe: a lookup key names one price, and moves only when asked to.
      if (bool(params, "transfer_lookup_key") !== true) {
        throw new ApiError(
          400,
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          "lookup_key_already_exists",
          "lookup_key",
        );
      }
      holder.lookup_key = null;
    }
    const price: FakePrice = {
      id: id("price"),
      object: "price",
      active: bool(params, "active") ?? true,
      billing_scheme: "per_unit",
      created: this.now(),
      currency,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata),
      nickname: text(params, "nickname") ?? null,
      product: productId,
      recurring:
        interval === undefined
          ? null
          : {
              interval,
              interval_count: integer(recurring, "interval_count") ?? 1,
              meter: null,
              trial_period_days: null,
              usage_type: "licensed",
            },
      tax_behavior: "unspecified",
      type: interval === undefined ? "one_time" : "recurring",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      livemode: false,
    };
    this.state.prices.set(price.id, price);
    return price;
  }

  private listPrices(params: Params): ApiList<FakePrice> {
    const lookupKeys = strings(params.lookup_keys);
    return this.list(
      "/v1/prices",
      this.state.prices,
      params,
      (price) =>
        (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        matchesBool(params.active, price.active) &&
        matches(params.product, price.product) &&
        matches(params.type, price.type),
    );
  }

  private createCheckoutSession(params: Params): FakeCheckoutSession {
    const mode = text(params, "mode");
    if (mode !== "subscription") {
      throw new ApiError(
        400,
        `The fake Stripe only supports mode=subscription, not ${String(mode)}.`,
        undefined,
        "mode",
      );
    }
    const successUrl = text(params, "success_url");
    if (successUrl === undefined) throw missingParam("success_url");
    const customerId = text(params, "customer");
    if (customerId !== undefined) this.find(this.state.customers, customerId, "customer", "customer");

    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    if (lineItems.length === 0) throw missingParam("line_items");
    const items = lineItems.map((item, index) => {
      const fields = record(item);
      const priceId = text(fields, "price");
      const param = `line_items[${String(index)}][price]`;
      if (priceId === undefined) throw missingParam(param);
      const price = this.find(this.state.prices, priceId, "price", param);
      if (!price.recurring) {
        throw new ApiError(
          400,
          `Subscription mode needs a recurring price; ${priceId} is one-time.`,
          undefined,
          param,
        );
      }
      return { price, quantity: integer(fields, "quantity") ?? 1 };
    });
    const [first] = items;
    if (!first) throw missingParam("line_items");
    if (items.some(({ price }) => price.currency !== first.price.currency)) {
      throw new ApiError(400, "All line items must have the same currency.", undefined, "line_items");
    }
    if (items.some(({ price }) => price.recurring?.interval !== first.price.recurring?.interval)) {
      throw new ApiError(400, "All recurring prices must have the same interval.", undefined, "line_items");
    }

    const at = this.now();
    const total = items.reduce((sum, { price, quantity }) => sum + price.unit_amount * quantity, 0);
    const sessionId = id("cs_test");
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: text(params, "cancel_url") ?? null,
      client_reference_id: text(params, "client_reference_id") ?? null,
      created: at,
      currency: first.price.currency,
      customer: customerId ?? null,
      customer_details: null,
      customer_email: text(params, "customer_email") ?? null,
      expires_at: at + DAY,
      invoice: null,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: successUrl,
      ui_mode: "hosted",
      url: `${this.url}/checkout/${sessionId}`,
      livemode: false,
    };
    this.state.checkoutSessions.set(session.id, session);
    this.checkoutLines.set(session.id, {
      items: items.map(({ price, quantity }) => ({ price: price.id, quantity })),
      subscriptionMetadata: metadataOf(record(params.subscription_data).metadata),
    });
    return session;
  }

  private async expireCheckoutSession(sessionId: string): Promise<FakeCheckoutSession> {
    const session = this.find(this.state.checkoutSessions, sessionId, "checkout.session");
    if (session.status !== "open") {
      throw new ApiError(400, `Only open sessions can be expired; this one is ${session.status}.`);
    }
    Object.assign(session, { status: "expired", url: null });
    await this.emit("checkout.session.expired", session);
    return session;
  }

  private async updateSubscription(subscriptionId: string, params: Params): Promise<FakeSubscription> {
    const subscription = this.find(this.state.subscriptions, subscriptionId, "subscription");
    const onlyRecords = Object.keys(params).every((key) =>
      ["metadata", "cancellation_details", "expand"].includes(key),
    );
    if (params.items !== undefined) {
      // Better a clear failure than a plan change that pretends to work without prorating.
      throw new ApiError(400, "The fake Stripe cannot change a subscription's items.", undefined, "items");
    }
    if (subscription.status === "canceled" && !onlyRecords) {
      throw new ApiError(
        400,
        "A canceled subscription can only update its cancellation_details and metadata.",
      );
    }
    const before = clone(subscription);
    const at = this.now();

    if (params.metadata !== undefined) {
      subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    }
    const details = record(params.cancellation_details);
    const { comment, feedback } = subscription.cancellation_details;
    subscription.cancellation_details.comment = text(details, "comment") ?? comment;
    subscription.cancellation_details.feedback = text(details, "feedback") ?? feedback;

    const atPeriodEnd = bool(params, "cancel_at_period_end");
    if (atPeriodEnd === true) this.scheduleCancel(subscription, this.periodEnd(subscription), true, at);
    if (atPeriodEnd === false) this.scheduleCancel(subscription, null, false, at);
    const cancelAt = params.cancel_at;
    if (cancelAt === "") this.scheduleCancel(subscription, null, false, at);
    else if (cancelAt === "min_period_end" || cancelAt === "max_period_end") {
      this.scheduleCancel(subscription, this.periodEnd(subscription), false, at);
    } else if (cancelAt !== undefined) {
      this.scheduleCancel(subscription, integer(params, "cancel_at") ?? null, false, at);
    }

    const previous = changedFields(before, subscription);
    if (Object.keys(previous).length > 0) {
      await this.emit("customer.subscription.updated", subscription, { previousAttributes: previous });
    }
    return subscription;
  }

  /** Cancels at `cancelAt` (a time) or not at all (null); canceled_at says when it was asked. */
  private scheduleCancel(
    subscription: FakeSubscription,
    cancelAt: number | null,
    atPeriodEnd: boolean,
    at: number,
  ): void {
    subscription.cancel_at = cancelAt;
    subscription.cancel_at_period_end = atPeriodEnd;
    subscription.canceled_at = cancelAt === null ? null : at;
    subscription.cancellation_details.reason = cancelAt === null ? null : "cancellation_requested";
  }

  private async cancelSubscription(subscriptionId: string, params: Params): Promise<FakeSubscription> {
    const subscription = this.find(this.state.subscriptions, subscriptionId, "subscription");
    if (subscription.status === "canceled") {
      throw new ApiError(400, `The subscription ${subscriptionId} has already been canceled.`);
    }
    const at = this.now();
    const details = record(params.cancellation_details);
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: at,
      ended_at: at,
      cancellation_details: {
        comment: text(details, "comment") ?? subscription.cancellation_details.comment,
        feedback: text(details, "feedback") ?? subscription.cancellation_details.feedback,
        reason: "cancellation_requested",
      },
    } satisfies Partial<FakeSubscription>);
    await this.emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  private listSubscriptions(params: Params): ApiList<FakeSubscription> {
    // As Stripe: without a status, canceled subscriptions are left out.
    const status = text(params, "status");
    return this.list(
      "/v1/subscriptions",
      this.state.subscriptions,
      params,
      (x) =>
        matches(params.customer, x.customer) &&
        (status === "all" || (status === undefined ? x.status !== "canceled" : x.status === status)) &&
        (params.price === undefined || x.items.data.some((item) => item.price.id === params.price)),
    );
  }

  private createRefund(params: Params): FakeRefund {
    const paymentIntentId = text(params, "payment_intent");
    if (paymentIntentId === undefined) throw missingParam("payment_intent");
    const paymentIntent = this.find(
      this.state.paymentIntents,
      paymentIntentId,
      "payment_intent",
      "payment_intent",
    );
    const refunded = [...this.state.refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = paymentIntent.amount_received - refunded;
    if (left <= 0) {
      const message =
        paymentIntent.amount_received === 0
          ? `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`
          : `Charge for ${paymentIntent.id} has already been refunded.`;
      throw new ApiError(400, message, "charge_already_refunded");
    }
    const amount = integer(params, "amount") ?? left;
    if (amount <= 0 || amount > left) {
      throw new ApiError(
        400,
        `Refund amount (${formatMoney(amount, paymentIntent.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, paymentIntent.currency)})`,
        "amount_too_large",
        "amount",
      );
    }
    const refund: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: null,
      created: this.now(),
      currency: paymentIntent.currency,
      metadata: metadataOf(params.metadata),
      payment_intent: paymentIntent.id,
      reason: text(params, "reason") ?? null,
      receipt_number: null,
      status: "succeeded",
    };
    this.state.refunds.set(refund.id, refund);
    return refund;
  }

  private createPortalSession(params: Params): FakePortalSession {
    const customerId = text(params, "customer");
    if (customerId === undefined) throw missingParam("customer");
    this.find(this.state.customers, customerId, "customer", "customer");
    const sessionId = id("bps");
    const session: FakePortalSession = {
      id: sessionId,
      object: "billing_portal.session",
      configuration: "bpc_fake_default",
      created: this.now(),
      customer: customerId,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: text(params, "return_url") ?? null,
      url: `${this.url}/portal/${sessionId}`,
      livemode: false,
    };
    this.state.portalSessions.set(session.id, session);
    return session;
  }

  // --- Billing ------------------------------------------------------------------------------

  private createSubscription(
    customer: FakeCustomer,
    items: { price: string; quantity: number }[],
    metadata: Metadata,
    at: number,
  ): FakeSubscription {
    const subscriptionId = id("sub");
    const subscription: FakeSubscription = {
      id: subscriptionId,
      object: "subscription",
      billing_cycle_anchor: at,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: at,
      currency: "usd",
      customer: customer.id,
      default_payment_method: null,
      description: null,
      ended_at: null,
      items: {
        object: "list",
        data: items.map(({ price, quantity }) => ({
          id: id("si"),
          object: "subscription_item",
          created: at,
          current_period_start: at,
          current_period_end: at,
          discounts: [],
          metadata: {},
          price: clone(this.find(this.state.prices, price, "price")),
          quantity,
          subscription: subscriptionId,
          tax_rates: [],
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      metadata,
      pause_collection: null,
      start_date: at,
      status: "active",
      trial_end: null,
      trial_start: null,
      livemode: false,
    };
    subscription.currency = subscription.items.data[0]?.price.currency ?? "usd";
    this.state.subscriptions.set(subscription.id, subscription);
    this.cycles.set(subscription.id, 0);
    this.setPeriod(subscription, 0);
    return subscription;
  }

  /** Puts every item in the subscription's `cycle`th period, counted from its anchor. */
  private setPeriod(subscription: FakeSubscription, cycle: number): void {
    for (const item of subscription.items.data) {
      const recurring = item.price.recurring ?? { interval: "month", interval_count: 1 };
      item.current_period_start = periodBoundary(subscription.billing_cycle_anchor, recurring, cycle);
      item.current_period_end = periodBoundary(subscription.billing_cycle_anchor, recurring, cycle + 1);
    }
  }

  /**
   * Moves to the next period; answers what changed (for previous_attributes) and the period
   * that ended (what a renewal invoice bills, as Stripe dates it).
   */
  private advancePeriod(subscription: FakeSubscription): {
    previous: Record<string, unknown>;
    ended: { start: number; end: number };
  } {
    const [first] = subscription.items.data;
    const ended = { start: first?.current_period_start ?? 0, end: first?.current_period_end ?? 0 };
    const previous = { items: clone(subscription.items), latest_invoice: subscription.latest_invoice };
    const cycle = (this.cycles.get(subscription.id) ?? 0) + 1;
    this.cycles.set(subscription.id, cycle);
    this.setPeriod(subscription, cycle);
    return { previous, ended };
  }

  private periodEnd(subscription: FakeSubscription): number {
    return subscription.items.data[0]?.current_period_end ?? subscription.created;
  }

  /**
   * An invoice for the subscription's current items, with its payment intent and invoice
   * payment; paid, or open after a failed attempt. `period`: what it bills in arrears.
   */
  private createInvoice(
    subscription: FakeSubscription,
    reason: FakeInvoice["billing_reason"],
    paid: boolean,
    period: { start: number; end: number },
    at: number,
  ): FakeInvoice {
    const customer = this.state.customers.get(subscription.customer);
    const invoiceId = id("in");
    const lines = subscription.items.data.map((item): FakeInvoiceLine => {
      const amount = item.price.unit_amount * item.quantity;
      const productId = item.price.product;
      return {
        id: id("il"),
        object: "line_item",
        amount,
        currency: item.price.currency,
        description: `${String(item.quantity)} × ${this.productName(productId)} (at ${priceLabel(item.price)})`,
        invoice: invoiceId,
        metadata: {},
        parent: {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: subscription.id,
            subscription_item: item.id,
          },
        },
        period: { start: item.current_period_start, end: item.current_period_end },
        pricing: {
          type: "price_details",
          price_details: { price: item.price.id, product: productId },
          unit_amount_decimal: item.price.unit_amount_decimal,
        },
        quantity: item.quantity,
        subtotal: amount,
        livemode: false,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    this.invoiceCount += 1;
    const invoice: FakeInvoice = {
      id: invoiceId,
      object: "invoice",
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: at,
      currency: subscription.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      description: null,
      hosted_invoice_url: null,
      lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${invoiceId}/lines` },
      metadata: {},
      number: `FAKE-${String(this.invoiceCount).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      period_start: period.start,
      period_end: period.end,
      status: "open",
      status_transitions: { finalized_at: at, paid_at: null, marked_uncollectible_at: null, voided_at: null },
      subtotal: total,
      total,
      livemode: false,
    };
    const paymentIntent: FakePaymentIntent = {
      id: id("pi"),
      object: "payment_intent",
      amount: total,
      amount_received: 0,
      created: at,
      currency: invoice.currency,
      customer: subscription.customer,
      description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
      latest_charge: null,
      metadata: {},
      payment_method: null,
      status: "requires_payment_method",
      livemode: false,
    };
    const invoicePayment: FakeInvoicePayment = {
      id: id("inpay"),
      object: "invoice_payment",
      amount_paid: null,
      amount_requested: total,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      payment: { type: "payment_intent", payment_intent: paymentIntent.id },
      status: "open",
      status_transitions: { canceled_at: null, paid_at: null },
      livemode: false,
    };
    this.state.invoices.set(invoice.id, invoice);
    this.state.paymentIntents.set(paymentIntent.id, paymentIntent);
    this.state.invoicePayments.set(invoicePayment.id, invoicePayment);
    subscription.latest_invoice = invoice.id;
    if (paid) this.markPaid(invoice, at);
    return invoice;
  }

  /** The invoice, its payment intent and its invoice payment, paid at `at`. */
  private markPaid(invoice: FakeInvoice, at: number): void {
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
    invoice.status_transitions.paid_at = at;
    for (const payment of this.state.invoicePayments.values()) {
      if (payment.invoice !== invoice.id) continue;
      Object.assign(payment, { status: "paid", amount_paid: invoice.amount_due });
      payment.status_transitions.paid_at = at;
      const paymentIntent = this.state.paymentIntents.get(payment.payment.payment_intent);
      if (paymentIntent)
        Object.assign(paymentIntent, { status: "succeeded", amount_received: paymentIntent.amount });
    }
  }

  private openInvoiceOf(subscription: FakeSubscription): FakeInvoice | undefined {
    const invoice = this.state.invoices.get(subscription.latest_invoice ?? "");
    return invoice?.status === "open" ? invoice : undefined;
  }

  /** A subscription that has not ended: renewals need one. */
  private liveSubscription(subscriptionId: string): FakeSubscription {
    const subscription = this.state.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    if (subscription.status === "canceled") throw new Error(`Subscription ${subscriptionId} has ended`);
    return subscription;
  }

  private productName(productId: string): string {
    return this.state.products.get(productId)?.name ?? productId;
  }

  private seed(): void {
    for (const [lookupKey, seed] of Object.entries(FAKE_PRICES) as [string, FakePriceSeed][]) {
      if (!this.state.products.has(seed.product))
        this.createProduct({ id: seed.product, name: seed.productName });
      this.createPrice({
        product: seed.product,
        currency: seed.currency,
        unit_amount: String(seed.unitAmount),
        recurring: { interval: seed.interval },
        lookup_key: lookupKey,
      });
    }
  }

  // --- Events -------------------------------------------------------------------------------

  /** Records an event with a snapshot of `object` and sends it; a failed delivery is only recorded. */
  private async emit(type: string, object: object, options: SendEventOptions = {}): Promise<number> {
    return this.deliver(this.recordEvent(type, object, options));
  }

  private recordEvent(type: string, object: object, options: SendEventOptions): FakeEventRecord {
    const event: FakeEvent = {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: options.created ?? Math.max(this.now(), this.lastEventCreated),
      type,
      data: {
        object: clone(object as Record<string, unknown>),
        ...(options.previousAttributes ? { previous_attributes: clone(options.previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    this.lastEventCreated = Math.max(this.lastEventCreated, event.created);
    // Stripe posts its events pretty-printed; the signature covers these exact bytes.
    const record: FakeEventRecord = { payload: JSON.stringify(event, null, 2), event, status: null };
    this.events.push(record);
    return record;
  }

  /** POSTs the event's payload, signed now; answers the HTTP status (0 if none came or none was sent). */
  private async deliver(record: FakeEventRecord): Promise<number> {
    if (this.webhookUrl === null) return 0;
    try {
      const status = await post(this.webhookUrl, record.payload, {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": this.signature(record.payload),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      });
      record.status = status;
      delete record.error;
      return status;
    } catch (error) {
      record.status = 0;
      record.error = error instanceof Error ? error.message : String(error);
      return 0;
    }
  }

  // --- Pages --------------------------------------------------------------------------------

  private async answerPage(
    method: string,
    path: string,
    form: Params,
    res: http.ServerResponse,
  ): Promise<void> {
    const [, kind, pageId = "", action] =
      /^\/(checkout|portal)\/([^/]+)(?:\/(pay|cancel|renew))?$/.exec(path) ?? [];
    const route = `${method} ${kind ?? ""}${action ? `/${action}` : ""}`;
    switch (route) {
      case "GET checkout":
        this.checkoutPage(pageId, res);
        break;
      case "POST checkout/pay":
        await this.payPage(pageId, res);
        break;
      case "GET portal":
        this.portalPage(pageId, res);
        break;
      case "POST portal/cancel":
      case "POST portal/renew":
        await this.portalAction(pageId, action === "cancel", text(form, "subscription") ?? "", res);
        break;
      default:
        sendJson(res, 404, new ApiError(404, `Unrecognized request URL (${method}: ${path}).`).body());
    }
  }

  private checkoutPage(sessionId: string, res: http.ServerResponse): void {
    const session = this.state.checkoutSessions.get(sessionId);
    const lines = this.checkoutLines.get(sessionId);
    if (!session || !lines) {
      sendHtml(res, 404, page("Fake Stripe Checkout", "<p>This checkout session does not exist.</p>"));
      return;
    }
    const items = lines.items
      .map(({ price: priceId, quantity }) => {
        const price = this.find(this.state.prices, priceId, "price");
        const name = this.productName(price.product);
        const count = quantity > 1 ? `${String(quantity)} × ` : "";
        return `<li><strong>${escapeHtml(count + name)}</strong> ${escapeHtml(priceLabel(price))}</li>`;
      })
      .join("\n");
    const action =
      session.status === "open"
        ? `<p>Total due today: ${escapeHtml(formatMoney(session.amount_total, session.currency))}</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>`
        : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`;
    const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "";
    sendHtml(
      res,
      200,
      page("Fake Stripe Checkout", `<p>Subscribe to</p>\n<ul>\n${items}\n</ul>\n${action}\n${back}`),
    );
  }

  private async payPage(sessionId: string, res: http.ServerResponse): Promise<void> {
    const session = this.state.checkoutSessions.get(sessionId);
    if (!session) {
      sendHtml(res, 404, page("Fake Stripe Checkout", "<p>This checkout session does not exist.</p>"));
      return;
    }
    if (session.status !== "open") {
      sendHtml(
        res,
        400,
        page("Fake Stripe Checkout", `<p>This checkout session is ${escapeHtml(session.status)}.</p>`),
      );
      return;
    }
    res.writeHead(303, { Location: await this.pay(sessionId) }).end();
  }

  private portalPage(sessionId: string, res: http.ServerResponse): void {
    const session = this.state.portalSessions.get(sessionId);
    if (!session) {
      sendHtml(res, 404, page("Fake Stripe customer portal", "<p>This portal session does not exist.</p>"));
      return;
    }
    const customer = this.state.customers.get(session.customer);
    const subscriptions = [...this.state.subscriptions.values()].filter(
      (x) => x.customer === session.customer && x.status !== "canceled",
    );
    const cards = subscriptions.map((subscription) => {
      const names = subscription.items.data.map((item) => {
        const productId = item.price.product;
        return `<h3>${escapeHtml(this.productName(productId))}</h3>\n<p>${escapeHtml(priceLabel(item.price))}</p>`;
      });
      const when =
        subscription.cancel_at === null
          ? `Renews on ${formatDate(this.periodEnd(subscription))}`
          : `Cancels on ${formatDate(subscription.cancel_at)}`;
      const pastDue = subscription.status === "past_due" ? "<p>Your last payment failed.</p>" : "";
      const [action, label] =
        subscription.cancel_at === null ? ["cancel", "Cancel plan"] : ["renew", "Renew plan"];
      return `<li>
${names.join("\n")}
<p>${escapeHtml(when)}</p>${pastDue}
<form method="post" action="/portal/${escapeHtml(session.id)}/${action}">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<button type="submit">${label}</button>
</form>
</li>`;
    });
    const plans = cards.length > 0 ? `<ul>\n${cards.join("\n")}\n</ul>` : "<p>No current plans.</p>";
    const who = customer?.email ? `<p>Signed in as ${escapeHtml(customer.email)}</p>\n` : "";
    const back = session.return_url
      ? `<p><a href="${escapeHtml(session.return_url)}">Return to PawPal</a></p>`
      : "";
    sendHtml(
      res,
      200,
      page("Fake Stripe customer portal", `${who}<h2>Current plans</h2>\n${plans}\n${back}`),
    );
  }

  /** The portal's Cancel plan (at the period's end) and Renew plan (undo that) buttons. */
  private async portalAction(
    sessionId: string,
    cancel: boolean,
    subscriptionId: string,
    res: http.ServerResponse,
  ): Promise<void> {
    const session = this.state.portalSessions.get(sessionId);
    const subscription = this.state.subscriptions.get(subscriptionId);
    if (!session || subscription?.customer !== session.customer || subscription.status === "canceled") {
      sendHtml(res, 400, page("Fake Stripe customer portal", "<p>That plan cannot be changed here.</p>"));
      return;
    }
    await this.updateSubscription(subscription.id, { cancel_at_period_end: cancel ? "true" : "false" });
    res.writeHead(303, { Location: session.return_url ?? `/portal/${session.id}` }).end();
  }

  // --- Helpers ------------------------------------------------------------------------------

  private now(): number {
    return Math.floor(this.clock());
  }

  private find<T>(map: Map<string, T>, objectId: string, kind: string, param?: string): T {
    const found = map.get(objectId);
    if (found === undefined) throw noSuch(kind, objectId, param);
    return found;
  }

  /** A list page, newest first as Stripe lists, with `limit` and `starting_after`. */
  private list<T extends { id: string }>(
    url: string,
    map: Map<string, T>,
    params: Params,
    keep: (item: T) => boolean,
  ): ApiList<T> {
    const items = [...map.values()].filter(keep).reverse();
    const after = text(params, "starting_after");
    const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
    const limit = Math.min(Math.max(integer(params, "limit") ?? 10, 1), 100);
    return {
      object: "list",
      data: items.slice(start, start + limit),
      has_more: start + limit < items.length,
      url,
    };
  }

  /** Replaces the id at `path` (e.g. data.product) with a copy of its object, as `expand[]` asks. */
  private expand(target: unknown, path: string[]): void {
    if (Array.isArray(target)) {
      for (const element of target) this.expand(element, path);
      return;
    }
    const [key, ...rest] = path;
    if (!isRecord(target) || key === undefined) return;
    const value = target[key];
    if (typeof value === "string") {
      const found = this.lookup(value);
      if (found) target[key] = clone(found);
    }
    if (rest.length > 0) this.expand(target[key], rest);
  }

  private lookup(objectId: string): object | undefined {
    for (const map of Object.values(this.state) as Map<string, object>[]) {
      const found = map.get(objectId);
      if (found) return found;
    }
    return undefined;
  }
}

// --- Request parsing -----------------------------------------------------------------------

/**
 * Form encoding as the SDK writes it: `line_items[0][price]=x&expand[]=y` becomes
 * `{ line_items: [{ price: "x" }], expand: ["y"] }`. Values stay strings, as Stripe receives them.
 */
function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    assign(root, path, value);
  }
  return root;
}

/** Keys that would reach Object.prototype instead of the parsed params. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function assign(root: Params, path: string[], value: string): void {
  let node: Params | unknown[] = root;
  for (const [index, key] of path.entries()) {
    if (UNSAFE_KEYS.has(key)) return;
    const next = path[index + 1];
    // `[]` appends; a number is an index; anything else is a field.
    const slot: string | number = Array.isArray(node) ? (key === "" ? node.length : Number(key)) : key;
    if (Array.isArray(node) && !Number.isInteger(slot)) return;
    if (next === undefined) {
      setSlot(node, slot, value);
      return;
    }
    let child = getSlot(node, slot);
    if (typeof child !== "object" || child === null) {
      child = /^\d*$/.test(next) ? [] : {};
      setSlot(node, slot, child);
    }
    node = child as Params | unknown[];
  }
}

function getSlot(node: Params | unknown[], slot: string | number): unknown {
  return Array.isArray(node) ? node[Number(slot)] : node[String(slot)];
}

function setSlot(node: Params | unknown[], slot: string | number, value: unknown): void {
  if (Array.isArray(node)) node[Number(slot)] = value;
  else node[String(slot)] = value;
}

/** A JSON body too, though the SDK sends forms: a test may post one itself. */
function parseBody(body: string, contentType: string | undefined): Params {
  if (contentType?.includes("application/json")) {
    const parsed: unknown = JSON.parse(body || "{}");
    return isRecord(parsed) ? parsed : {};
  }
  return parseForm(body);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function header(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isRecord(value: unknown): value is Params {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown): Params {
  return isRecord(value) ? value : {};
}

/** A non-empty string parameter (Stripe reads an empty one as "unset"). */
function text(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function strings(value: unknown): string[] {
  const values = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return values.filter((x): x is string => typeof x === "string" && x !== "");
}

function integer(params: Params, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  throw new ApiError(400, `Invalid integer: ${JSON.stringify(value)}`, "parameter_invalid_integer", key);
}

function bool(params: Params, key: string): boolean | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new ApiError(400, `Invalid boolean: ${JSON.stringify(value)}`, "parameter_invalid_boolean", key);
}

function metadataOf(value: unknown): Metadata {
  return mergeMetadata({}, value);
}

/** Stripe merges metadata updates key by key; an empty value removes the key. */
function mergeMetadata(current: Metadata, update: unknown): Metadata {
  if (update === "") return {};
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(record(update))) {
    if (value === "" || value === null) merged.delete(key);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      merged.set(key, String(value));
    }
  }
  return Object.fromEntries(merged);
}

type CustomerFields = Partial<Pick<FakeCustomer, "email" | "name" | "phone" | "description" | "metadata">>;

function customerFields(params: Params): CustomerFields {
  const fields: CustomerFields = {};
  for (const key of ["email", "name", "phone", "description"] as const) {
    const value = text(params, key);
    if (value !== undefined) fields[key] = value;
  }
  if (params.metadata !== undefined) fields.metadata = metadataOf(params.metadata);
  return fields;
}

function missingParam(param: string): ApiError {
  return new ApiError(400, `Missing required param: ${param}.`, "parameter_missing", param);
}

/** A list filter: no parameter keeps everything. */
function matches(wanted: unknown, actual: unknown): boolean {
  return wanted === undefined || wanted === "" || wanted === actual;
}

function matchesBool(wanted: unknown, actual: boolean): boolean {
  return wanted === undefined || wanted === "" || wanted === actual || wanted === String(actual);
}

function isInterval(value: string): value is Interval {
  return ["day", "week", "month", "year"].includes(value);
}

/** The top-level fields of `before` that differ in `after`, with their old values. */
function changedFields(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(old)
      .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]))
      .map((key) => [key, old[key]]),
  );
}

// --- Answers -------------------------------------------------------------------------------

function sendRaw(
  res: http.ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(body);
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendRaw(res, status, JSON.stringify(body), headers);
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; }</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** "$99.99" */
function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** "$99.99 / year", "$5.00 / 3 months" */
function priceLabel(price: FakePrice): string {
  const amount = formatMoney(price.unit_amount, price.currency);
  if (!price.recurring) return amount;
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `${amount} / ${interval}` : `${amount} / ${String(count)} ${interval}s`;
}

/** "March 5, 2027" (UTC, like the periods). */
function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

// --- Time and ids --------------------------------------------------------------------------

/**
 * The start of the `cycle`th period after `anchor` (seconds). Months are calendar months from
 * the anchor's day, or the month's last day when it is shorter (Jan 31 → Feb 28 → Mar 31), as
 * Stripe bills.
 */
function periodBoundary(
  anchor: number,
  recurring: { interval: Interval; interval_count: number },
  cycle: number,
): number {
  const count = recurring.interval_count * cycle;
  switch (recurring.interval) {
    case "day":
      return anchor + count * DAY;
    case "week":
      return anchor + count * 7 * DAY;
    case "month":
      return addMonths(anchor, count);
    case "year":
      return addMonths(anchor, 12 * count);
  }
}

function addMonths(seconds: number, months: number): number {
  const start = new Date(seconds * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(date / 1000);
}

/** "cus_…" and so on: Stripe's prefixes, with random letters and digits. */
function id(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const letters = [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length] ?? "").join("");
  return `${prefix}_${letters}`;
}

/** A deep copy of plain JSON data: what a response or an event carries is a snapshot. */
function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** POSTs `payload` to `url`; answers the status. Rejects on network errors and timeouts. */
function post(url: string, payload: string, headers: Record<string, string>): Promise<number> {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: "POST", headers, agent: false, timeout: DELIVERY_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on("end", () => {
          resolve(response.statusCode ?? 0);
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`No answer within ${String(DELIVERY_TIMEOUT_MS)} ms`)),
    );
    request.on("error", reject);
    request.end(payload);
  });
}
