import { useState } from "react";
import { BRAND } from "~/content/site";
import type { PlanId } from "~/domain/plans";
import { BillingToggle } from "./billing-toggle";
import { PlanCard } from "./plan-card";
import { PLANS } from "./plans";
import type { BillingInterval } from "~/domain/plans";

/**
 * The page hero with the billing toggle, and the three plan cards it controls. `current`: the
 * signed-in account's plan (null for a visitor), which changes what the cards' buttons offer.
 */
export function PricingPlans({ current = null }: { current?: PlanId | null }) {
  const [billing, setBilling] = useState<BillingInterval>("month");

  return (
    <>
      <section
        aria-labelledby="pricing-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 pt-16 pb-8 text-center sm:px-6 lg:pt-24"
      >
        <div className="mx-auto max-w-3xl">
          <h1
            id="pricing-title"
            className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl lg:text-6xl"
          >
            Simple Plans for Every Pet Parent
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-700">
            Start free with 5 photo analyses a month. Upgrade when you are ready for unlimited analyses,
            health tracking and vets on call. Every paid plan has a 30-day money-back guarantee.
          </p>
          <BillingToggle value={billing} onChange={setBilling} className="mt-8" />
        </div>
      </section>

      <section aria-labelledby="plans-title" className="px-4 pt-8 pb-16 sm:px-6 lg:pb-24">
        <h2 id="plans-title" className="sr-only">
          {BRAND} plans
        </h2>
        <ul className="mx-auto grid max-w-6xl grid-cols-1 gap-10 lg:grid-cols-3 lg:gap-6">
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} billing={billing} current={current} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
