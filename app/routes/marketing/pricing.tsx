import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/pricing";
import type { RootAccountData } from "~/domain/account-access";
import { BRAND } from "~/content/site";
import { formatUsd, PLAN_ALLOWANCES, PLAN_NAMES, type PlanId } from "~/domain/plans";
import { ComparisonTable } from "~/features/pricing/comparison-table";
import { ContactBanner } from "~/features/pricing/contact-banner";
import { Faq } from "~/features/pricing/faq";
import { yearlySavingsPercent } from "~/features/pricing/pricing-math";
import { PricingPlans } from "~/features/pricing/pricing-plans";
import { faqJsonLd, productJsonLd } from "~/features/pricing/structured-data";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

/** The page's description, its numbers from the plans' one table (domain/plans.ts). */
function pricingDescription(): string {
  const { free, pro, premium } = PLAN_ALLOWANCES;
  const perMonth = (plan: PlanId) => `${formatUsd(PLAN_ALLOWANCES[plan].price.monthlyCents)}/month`;
  return (
    `Start free with ${free.analysesPerMonth} photo analyses a month, or choose ${PLAN_NAMES.pro} (${perMonth("pro")}) ` +
    `or ${PLAN_NAMES.premium} (${perMonth("premium")}) for unlimited analyses, health tracking and vet consultations. ` +
    `Save ${Math.max(yearlySavingsPercent(pro.price), yearlySavingsPercent(premium.price))}% yearly.`
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const baseUrl = baseUrlFrom(matches);
  return pageMeta(
    {
      title: `${BRAND} Pricing — Free, Pro and Premium plans for dog and cat owners`,
      description: pricingDescription(),
      path: "/pricing",
      jsonLd: [productJsonLd(baseUrl), faqJsonLd()],
    },
    baseUrl,
  );
};

export default function Pricing() {
  // Prerendered for visitors (no plan); rendered for a signed-in account, whose plan the cards know.
  const access = useRouteLoaderData<RootAccountData>("root")?.access;
  return (
    <>
      <PricingPlans current={access?.plan ?? null} />
      <ComparisonTable />
      <Faq />
      <ContactBanner />
    </>
  );
}
