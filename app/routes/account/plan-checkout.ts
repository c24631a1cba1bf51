import { redirect } from "react-router";
import type { Route } from "./+types/plan-checkout";
import { isInterval, isPaidPlan } from "~/domain/plans";
import { getUser } from "~/backend/auth/session.server";
import { paymentsConfigured, PaymentsUnavailableError } from "~/backend/billing/stripe.server";
import { checkoutUrl, returnSite } from "~/backend/billing/subscriptions.server";

/**
 * GET /account/plan/checkout?plan=pro&interval=year, where the pricing page's paid plans lead:
 * a visitor signs up (or logs in) first and comes back here; an account goes on to Stripe
 * Checkout, or to its plan page when payments are not set up (saying which plan was chosen) or
 * Stripe cannot be reached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const plan = url.searchParams.get("plan");
  const interval = url.searchParams.get("interval");
  if (!isPaidPlan(plan) || !isInterval(interval)) throw redirect("/pricing");
  const user = await getUser(request);
  if (!user) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/auth?tab=signup&plan=${plan}&redirectTo=${encodeURIComponent(back)}`);
  }
  // Without payments the plan page says what was chosen and how to ask our team for it.
  if (!paymentsConfigured()) throw redirect(`/account/plan?chosen=${plan}&interval=${interval}`);
  try {
    return redirect(await checkoutUrl(user, plan, interval, new Date(), returnSite(request)));
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) throw redirect("/account/plan?payments=unavailable");
    throw error;
  }
}
