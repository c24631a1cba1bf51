import { formatLongDate } from "~/domain/time-format";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { useSubmitting } from "~/components/ui/use-submitting";
import { contactHref } from "~/domain/contact";
import { cn } from "~/utils/cn";
import {
  formatUsd,
  lastIncludedDay,
  BILLED,
  MONEY_BACK_DAYS,
  PAID_PLAN_IDS,
  PLAN_ALLOWANCES,
  PLAN_IDS,
  PLAN_NAMES,
  type BillingInterval,
  type PaidPlanId,
  type PlanId,
} from "~/domain/plans";

/** What the account page knows of the plan (loader data: dates as ISO strings). */
export type PlanView = {
  plan: PlanId;
  source: "stripe" | "staff" | null;
  status: "active" | "past_due" | "canceled" | null;
  interval: BillingInterval | null;
  amountCents: number | null;
  currentPeriodEnd: string | null;
  endsAt: string | null;
  graceUntil: string | null;
  /** Paid through Stripe and still running: the portal manages it. */
  manageable: boolean;
  guaranteeOpen: boolean;
  analyses: { left: number | null; resetsOn: string };
};

/** The sentences that say what the account has, until when, and what it pays next. */
export function planLines(view: PlanView): string[] {
  const name = PLAN_NAMES[view.plan];
  if (view.plan === "free") {
    const { left, resetsOn } = view.analyses;
    return [
      "You are on the Free plan.",
      left === null
        ? ""
        : `${left} of ${PLAN_ALLOWANCES.free.analysesPerMonth} photo analyses left this month (they start again on ${formatLongDate(resetsOn)}).`,
    ].filter(Boolean);
  }
  if (view.source === "staff") {
    return [
      // A plan staff set includes its last day: it ends as the next one begins (UTC).
      `You are on the ${name} plan, set by PawPal staff${view.endsAt ? ` until ${formatLongDate(lastIncludedDay(new Date(view.endsAt)))}` : ""}.`,
    ];
  }
  const billed = BILLED[view.interval ?? "month"];
  const price = view.amountCents === null ? "" : ` (${formatUsd(view.amountCents)} a ${view.interval})`;
  const lines = [`You are on the ${name} plan, billed ${billed}${price}.`];
  if (view.status === "past_due" && view.graceUntil) {
    lines.push(
      `Your last payment did not go through: the plan stays until ${formatLongDate(view.graceUntil)} while you update your card.`,
    );
  } else if (view.endsAt) {
    lines.push(
      `It is cancelled: everything it includes stays until ${formatLongDate(view.endsAt)}, and nothing more is charged.`,
    );
  } else if (view.currentPeriodEnd && view.amountCents !== null) {
    lines.push(`Next payment: ${formatUsd(view.amountCents)} on ${formatLongDate(view.currentPeriodEnd)}.`);
  }
  return lines;
}

/** Upgrade buttons: each paid plan, monthly or yearly, through Stripe Checkout. */
export function UpgradeChoices({ current }: { current: PlanId }) {
  const submitting = useSubmitting({ intent: "checkout" });
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {PAID_PLAN_IDS.filter((plan) => plan !== current).map((plan) => (
        <li key={plan} className="rounded-xl p-4 ring-1 ring-ink-100">
          <h3 className="text-lg font-bold text-ink-900">{PLAN_NAMES[plan]}</h3>
          <div className="mt-3 flex flex-wrap gap-2">
            {(["month", "year"] as const).map((interval) => {
              const cents =
                interval === "month"
                  ? PLAN_ALLOWANCES[plan].price.monthlyCents
                  : PLAN_ALLOWANCES[plan].price.yearlyCents;
              return (
                <Form key={interval} method="post" reloadDocument>
                  <input type="hidden" name="intent" value="checkout" />
                  <input type="hidden" name="plan" value={plan} />
                  <input type="hidden" name="interval" value={interval} />
                  <Button
                    type="submit"
                    size="sm"
                    variant={interval === "year" ? "primary" : "secondary"}
                    disabled={submitting}
                  >
                    {formatUsd(cents)} a {interval}
                  </Button>
                </Form>
              );
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Manage billing (the portal) and, within its days, the money-back guarantee. */
export function BillingActions({ view }: { view: PlanView }) {
  return (
    <div className="flex flex-col items-start gap-6">
      {view.manageable ? (
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="portal" />
          <Button type="submit" variant="secondary" aria-describedby="manage-billing-hint">
            Manage billing
          </Button>
          <p id="manage-billing-hint" className="mt-2 text-sm text-ink-700">
            Your card and invoices; switch plan or between monthly and yearly; cancel.
          </p>
        </Form>
      ) : null}
      {view.guaranteeOpen ? (
        <Form method="post" reloadDocument aria-label="Money-back guarantee" className="space-y-3">
          <input type="hidden" name="intent" value="refund" />
          <label className="flex gap-2 text-ink-800">
            <input type="checkbox" name="confirm" value="yes" required className="mt-1 size-4" />
            <span>
              I want my money back: refund my latest payment and end my plan now (my account moves to Free).
            </span>
          </label>
          <Button type="submit" variant="destructive">
            Refund me ({MONEY_BACK_DAYS}-day guarantee)
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** A paid plan and interval chosen on the pricing page (`/account/plan?chosen=premium&interval=month`). */
export type ChosenPlan = { plan: PaidPlanId; interval: BillingInterval };

const priceOf = (plan: PaidPlanId, interval: BillingInterval) => {
  const { monthlyCents, yearlyCents } = PLAN_ALLOWANCES[plan].price;
  return `${formatUsd(interval === "month" ? monthlyCents : yearlyCents)} a ${interval}`;
};

/** "$19.99 a month", or both prices when no interval was chosen. */
export function planPrice(plan: PaidPlanId, interval: BillingInterval | null): string {
  return interval ? priceOf(plan, interval) : `${priceOf(plan, "month")} or ${priceOf(plan, "year")}`;
}

/**
 * The contact form, filled in with the request staff act on (they set the plan at /admin/plans):
 * the plan, how it is billed and the account's address.
 */
export function planRequestHref(plan: PaidPlanId, interval: BillingInterval | null, email: string): string {
  const billed = interval ? `, billed ${BILLED[interval]}` : "";
  return contactHref({
    subject: `Upgrade to ${PLAN_NAMES[plan]}`,
    message: `Please put my account (${email}) on the ${PLAN_NAMES[plan]} plan${billed} (${planPrice(plan, interval)}).`,
  });
}

/**
 * Without payments set up, upgrading is a request to PawPal's team: the plan chosen on the
 * pricing page (or every plan above the current one) with its price, and a link to the contact
 * form already filled in.
 */
export function PlanRequest({
  current,
  chosen,
  email,
}: {
  current: PlanId;
  chosen: ChosenPlan | null;
  email: string;
}) {
  const above = PAID_PLAN_IDS.filter((plan) => PLAN_IDS.indexOf(plan) > PLAN_IDS.indexOf(current));
  const wanted = chosen && above.includes(chosen.plan) ? chosen : null;
  const offers = wanted ? [wanted] : above.map((plan) => ({ plan, interval: null }));
  return (
    <div data-testid="plan-request">
      {wanted ? (
        <p className="mt-2 text-lg text-ink-800">
          You chose <strong>{PLAN_NAMES[wanted.plan]}</strong>: {planPrice(wanted.plan, wanted.interval)}.
        </p>
      ) : null}
      <p className="mt-2 text-ink-700">
        Paying online is not available yet, so our team sets your plan for you: send us the request below and
        we will reply within 24 hours.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {offers.map(({ plan, interval }) => (
          <li key={plan} className="rounded-xl p-4 ring-1 ring-ink-100">
            <h3 className="text-lg font-bold text-ink-900">{PLAN_NAMES[plan]}</h3>
            <p className="mt-1 text-ink-700">{planPrice(plan, interval)}</p>
            <Link
              to={planRequestHref(plan, interval, email)}
              className={cn(buttonVariants({ size: "sm" }), "mt-3")}
            >
              Ask for {PLAN_NAMES[plan]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
