import { z } from "~/utils/zod";

/*
 * The Stripe events the webhook acts on, read with zod before anything is applied. A signed
 * event is Stripe's, but its shape is not promised to be what the SDK's types say (an API
 * version change, a test sent by hand): whatever of it we cannot read is refused with 400 and
 * changes nothing, where trusting the types would throw halfway with a 500 that reads as an
 * outage. Stripe retries a 400 too (any answer but 2xx, for up to 3 days), which lets a fix for
 * a new shape catch up; the log says "unreadable", not "down". Only the fields the billing code
 * reads are checked and kept.
 */

/**
 * A Stripe id ("evt_…", "sub_…", "cus_…"): stored in text columns and put in API paths, so
 * letters, digits, "_" and "-" only (a NUL byte alone makes PostgreSQL refuse the query).
 */
const stripeId = z.string().regex(/^[\w-]{1,255}$/);

/**
 * A Stripe timestamp (seconds) that makes a real date, up to the year 9999: 1e15 would be an
 * Invalid Date (RangeError when stored), and later years have no ISO form PostgreSQL reads.
 */
const stripeTime = z
  .number()
  .int()
  .min(0)
  .max(253_370_764_800) // 9999-01-01: a grace period added to it stays a four-digit year
  .transform((seconds) => new Date(seconds * 1000));

/** A reference Stripe sends as its id, or as the object when expanded: the id either way. */
const reference = z
  .union([stripeId, z.object({ id: stripeId })])
  .transform((value) => (typeof value === "string" ? value : value.id));

/** Absent and null mean the same here. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

/** What applySubscription reads of a subscription (an event's object, or Stripe's answer). */
export const subscriptionSchema = z.object({
  id: stripeId,
  customer: reference,
  // Any string: a status we do not know changes nothing (subscriptions.server.ts STATUSES).
  status: z.string(),
  items: z.object({
    data: z.array(
      z.object({
        current_period_end: stripeTime,
        price: z.object({
          lookup_key: optional(z.string()),
          // Stored in an integer column: more than it holds is no price of ours.
          unit_amount: optional(z.number().int().min(0).max(2_147_483_647)),
        }),
      }),
    ),
  }),
  cancel_at_period_end: optional(z.boolean()),
  cancel_at: optional(stripeTime),
  canceled_at: optional(stripeTime),
  ended_at: optional(stripeTime),
});

export type SubscriptionData = z.output<typeof subscriptionSchema>;

/** What invoice.paid and invoice.payment_failed read of an invoice. */
export const invoiceSchema = z
  .object({
    id: stripeId,
    customer: optional(reference),
    parent: optional(
      z.object({ subscription_details: optional(z.object({ subscription: optional(reference) })) }),
    ),
  })
  .transform(({ id, customer, parent }) => ({
    id,
    customer,
    subscriptionId: parent?.subscription_details?.subscription ?? null,
  }));

export type InvoiceData = z.output<typeof invoiceSchema>;

/** What checkout.session.completed reads: the subscription it made, read from Stripe itself. */
const checkoutSessionSchema = z.object({ subscription: optional(reference) });

/** Every event: what is recorded (id, type), when Stripe made it, and an object to read. */
const envelopeSchema = z.object({
  id: stripeId,
  type: z.string().regex(/^[\w.-]{1,255}$/),
  created: stripeTime,
  // An object (never an array or null), whatever the type: Stripe always sends one.
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

type Envelope = { id: string; type: string; created: Date };

export type WebhookEvent = Envelope &
  (
    | { kind: "checkout"; subscriptionId: string | null }
    | { kind: "subscription"; subscription: SubscriptionData }
    | { kind: "invoicePaid" | "invoicePaymentFailed"; invoice: InvoiceData }
    // A type we do not act on: recorded and answered 200, so Stripe stops sending it.
    | { kind: "other" }
  );

export type ReadEvent =
  { ok: true; event: WebhookEvent } | { ok: false; eventId: string | null; problem: string };

/** Reads a signed event's parsed JSON; `problem` says what could not be read. */
export function readWebhookEvent(json: unknown): ReadEvent {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return refused(json, envelope.error);
  const { id, type, created } = envelope.data;
  const base = { id, type, created };
  const object = envelope.data.data.object;
  switch (type) {
    case "checkout.session.completed": {
      const session = checkoutSessionSchema.safeParse(object);
      if (!session.success) return refused(json, session.error);
      return { ok: true, event: { ...base, kind: "checkout", subscriptionId: session.data.subscription } };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = subscriptionSchema.safeParse(object);
      if (!subscription.success) return refused(json, subscription.error);
      return { ok: true, event: { ...base, kind: "subscription", subscription: subscription.data } };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = invoiceSchema.safeParse(object);
      if (!invoice.success) return refused(json, invoice.error);
      const kind = type === "invoice.paid" ? "invoicePaid" : "invoicePaymentFailed";
      return { ok: true, event: { ...base, kind, invoice: invoice.data } };
    }
    default:
      return { ok: true, event: { ...base, kind: "other" } };
  }
}

function refused(json: unknown, error: z.ZodError): ReadEvent {
  const id = json && typeof json === "object" && "id" in json ? json.id : null;
  return {
    ok: false,
    eventId: typeof id === "string" ? id.slice(0, 255) : null,
    problem: z.prettifyError(error).slice(0, 1000),
  };
}
