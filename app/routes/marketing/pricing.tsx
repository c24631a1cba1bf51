import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/pricing";
import type { RootAccountData } from "~/domain/account-access";
import { BRAND } from "~/content/site";
import { ComparisonTable } from "~/features/pricing/comparison-table";
import { ContactBanner } from "~/features/pricing/contact-banner";
import { Faq } from "~/features/pricing/faq";
import { PricingPlans } from "~/features/pricing/pricing-plans";
import { faqJsonLd, productJsonLd } from "~/features/pricing/structured-data";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const baseUrl = baseUrlFrom(matches);
  return pageMeta(
    {
      title: `${BRAND} Pricing — Free, Pro and Premium plans for dog and cat owners`,
      description:
        "Start free with 5 photo analyses a month, or choose Pro ($9.99/month) or Premium ($19.99/month) for unlimited analyses, health tracking and vet consultations. Save 17% yearly.",
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
