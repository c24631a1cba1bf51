import type { Route } from "./+types/billing-webhook";
import { paymentsConfigured } from "~/backend/billing/stripe.server";
import { receiveWebhook } from "~/backend/billing/webhook.server";

/** POST /api/billing/webhook: Stripe's events (backend/billing/subscriptions.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  if (!paymentsConfigured()) return new Response("Payments are not set up on this server.", { status: 404 });
  // The signature covers the exact bytes Stripe sent: read them as they are, never re-encoded.
  const answer = await receiveWebhook(await request.text(), request.headers.get("stripe-signature"));
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "text/plain" } });
}

export function loader() {
  return new Response("Stripe posts its events here.", { status: 405, headers: { Allow: "POST" } });
}
