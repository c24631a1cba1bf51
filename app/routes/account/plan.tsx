import { data, redirect } from "react-router";
import type { Route } from "./+types/plan";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { BRAND } from "~/content/site";
import { effectivePlan, isInterval, isPaidPlan } from "~/domain/plans";
import {
  BillingActions,
  planLines,
  PlanRequest,
  UpgradeChoices,
  type ChosenPlan,
  type PlanView,
} from "~/features/billing/plan-summary";
import { requireUser } from "~/backend/auth/session.server";
import { paysThroughStripe, readStoredPlan, toPlanState } from "~/backend/billing/plans.server";
import { analysisAllowance } from "~/backend/billing/analysis-quota.server";
import { paymentsConfigured, PaymentsUnavailableError } from "~/backend/billing/stripe.server";
import {
  checkoutUrl,
  completeCheckout,
  guaranteeOpen,
  portalUrl,
  refundUnderGuarantee,
  returnSite,
} from "~/backend/billing/subscriptions.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import { actionOrLoaderHeaders } from "~/utils/http";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Your plan — ${BRAND}`,
      description: `Your ${BRAND} plan: what it includes, what you pay next, and how to change it.`,
      path: "/account/plan",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

const UNAVAILABLE =
  "Payments are unavailable right now. Nothing was charged and your plan is unchanged: please try again in a few minutes.";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const checkout = search.get("checkout");
  let notice: { tone: "success" | "error"; title: string; description: string } | null = null;
  // Back from Stripe Checkout: the subscription is applied now, not when the webhook comes.
  if (checkout && /^cs_[\w-]{1,200}$/.test(checkout) && paymentsConfigured()) {
    try {
      if (await completeCheckout(user, checkout))
        throw redirectWithFlash(request, "/account/plan", "checkoutDone");
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      notice = {
        tone: "success",
        title: "Thank you.",
        description: "Your payment is being confirmed: reload this page in a moment.",
      };
    }
  } else if (checkout === "cancelled") {
    notice = {
      tone: "success",
      title: "Checkout cancelled.",
      description: "Nothing was charged and your plan is unchanged.",
    };
  } else if (search.get("payments") === "unavailable") {
    notice = { tone: "error", title: "Payments are unavailable.", description: UNAVAILABLE };
  }
  const now = new Date();
  const stored = await readStoredPlan(user.id);
  const plan = effectivePlan(toPlanState(stored), now);
  const analyses = await analysisAllowance(user.id, now, plan);
  const view: PlanView = {
    plan,
    source: stored?.source ?? null,
    status: stored?.status ?? null,
    interval: stored?.interval ?? null,
    amountCents: stored?.amountCents ?? null,
    currentPeriodEnd: stored?.currentPeriodEnd?.toISOString() ?? null,
    endsAt: stored?.endsAt?.toISOString() ?? null,
    graceUntil: stored?.graceUntil?.toISOString() ?? null,
    manageable: paysThroughStripe(stored, now),
    guaranteeOpen: guaranteeOpen(stored, now),
    analyses: { left: analyses.ok ? analyses.left : 0, resetsOn: analyses.resetsOn },
  };
  // The plan chosen on the pricing page, when payments are not set up (plan-checkout.ts).
  const chosenPlan = search.get("chosen");
  const chosenInterval = search.get("interval");
  const chosen: ChosenPlan | null =
    isPaidPlan(chosenPlan) && isInterval(chosenInterval)
      ? { plan: chosenPlan, interval: chosenInterval }
      : null;
  return data({ view, paymentsConfigured: paymentsConfigured(), notice, chosen, email: user.email });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "checkout" && intent !== "portal" && intent !== "refund") refuseForm();
  if (!paymentsConfigured()) {
    return data({ intent, error: "Payments are not set up on this server." }, { status: 503 });
  }
  try {
    if (intent === "checkout") {
      const plan = form.get("plan");
      const interval = form.get("interval");
      if (!isPaidPlan(plan) || !isInterval(interval)) refuseForm("Unknown plan or billing interval.");
      return redirect(await checkoutUrl(user, plan, interval, new Date(), returnSite(request)));
    }
    if (intent === "portal") return redirect(await portalUrl(user, returnSite(request)));
    if (form.get("confirm") !== "yes") {
      return data(
        { intent, error: "Tick the box to confirm that your plan should end now." },
        { status: 400 },
      );
    }
    const refund = await refundUnderGuarantee(user);
    if (!refund.ok) {
      return data(
        { intent, error: "The money-back guarantee is not open for this account any more." },
        { status: 409 },
      );
    }
    return data({ intent, ok: true as const });
  } catch (error) {
    if (error instanceof PaymentsUnavailableError)
      return data({ intent, error: UNAVAILABLE }, { status: 503 });
    throw error;
  }
}

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, notice } = loaderData;
  const outcome =
    actionData && "error" in actionData
      ? ({ tone: "error", title: "That did not work.", description: actionData.error } as const)
      : actionData?.ok
        ? ({
            tone: "success",
            title: "Refunded.",
            description: "Your plan has ended; a mail confirms the refund.",
          } as const)
        : notice;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Your plan</h1>
      {outcome ? <FormMessage {...outcome} className="mt-6" /> : null}
      <div className="mt-10 space-y-8">
        <Card className="sm:p-8">
          <h2 className="text-2xl font-bold text-ink-900">What you have</h2>
          <div className="mt-4 space-y-2 text-lg text-ink-800" data-testid="plan-summary">
            {planLines(view).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <div className="mt-6">
            <BillingActions view={view} />
          </div>
        </Card>
        {view.plan !== "premium" && !view.manageable ? (
          <Card className="sm:p-8">
            <h2 className="text-2xl font-bold text-ink-900">Upgrade</h2>
            {loaderData.paymentsConfigured ? (
              <>
                <p className="mt-2 mb-6 text-ink-700">
                  Pay securely with Stripe. Cancel any time: your plan stays until the end of the period you
                  paid for.
                </p>
                <UpgradeChoices current={view.plan} />
              </>
            ) : (
              <PlanRequest current={view.plan} chosen={loaderData.chosen} email={loaderData.email} />
            )}
          </Card>
        ) : null}
      </div>
    </div>
  );
}
