import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { PlanId } from "~/domain/plans";
import { planCta, type Plan } from "./plans";
import { displayPrice } from "./pricing-math";
import type { BillingInterval } from "~/domain/plans";

export const PER_MONTH_BILLED_ANNUALLY = "per month when billed annually";

type PlanCardProps = {
  plan: Plan;
  billing: BillingInterval;
  /** The signed-in account's plan; null for a visitor (the prerendered page). */
  current?: PlanId | null;
};

export function PlanCard({ plan, billing, current = null }: PlanCardProps) {
  const price = displayPrice(plan.price, billing);
  const cta = planCta(plan, current, billing);
  const headingId = `plan-${plan.id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex h-full flex-col rounded-2xl bg-white p-6 sm:p-8",
        plan.popular ? "shadow-lg ring-2 ring-brand-700" : "shadow-sm ring-1 ring-ink-100",
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-accent-100 px-4 py-1 text-sm font-semibold whitespace-nowrap text-accent-900 ring-1 ring-accent-300">
          Most Popular
        </p>
      ) : null}

      <h3 id={headingId} className="text-2xl font-bold text-ink-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-ink-600">{plan.description}</p>

      <div className="mt-6" data-testid={`price-${plan.id}`}>
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl lg:text-4xl xl:text-5xl">
            {price.amount}
          </span>
          {price.per ? (
            <>
              <span aria-hidden className="text-lg font-medium text-ink-600">
                /{price.per}
              </span>
              <span className="sr-only">per {price.per}</span>
            </>
          ) : (
            <span className="text-lg font-medium text-ink-600">forever</span>
          )}
        </p>
        <p className="mt-2 min-h-6 text-sm text-ink-600">
          {price.monthlyEquivalent ? (
            <>
              <span className="font-semibold text-brand-800">{price.monthlyEquivalent}</span>{" "}
              {PER_MONTH_BILLED_ANNUALLY}
            </>
          ) : price.per ? (
            "Billed monthly. Cancel any time."
          ) : (
            "Free for as long as you like."
          )}
        </p>
      </div>

      <div className="flex-1">
        <h4 className="sr-only">What's included</h4>
        <ul className="mt-6 space-y-3">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>

        {plan.limitations.length > 0 ? (
          <>
            <h4 className="sr-only">Limitations</h4>
            <ul className="mt-4 space-y-3 border-t border-ink-100 pt-4 text-ink-600">
              {plan.limitations.map((limitation) => (
                <li key={limitation} className="flex gap-3">
                  <Icon name="x" className="mt-0.5 size-5 shrink-0 text-ink-500" />
                  <span>{limitation}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>

      {/* A paid plan's checkout leaves the site for Stripe's: a document request, not a data one. */}
      <Link
        to={cta.href}
        reloadDocument={cta.external}
        className={cn(
          buttonVariants({ variant: plan.popular ? "primary" : "secondary" }),
          "mt-8 w-full shrink-0",
        )}
      >
        {cta.label}
      </Link>
    </article>
  );
}
