import { BRAND } from "~/content/site";
import { FAQ_ITEMS, PLANS, type FaqItem, type Plan } from "./plans";
import { decimalAmount } from "./pricing-math";
import { BILLED, type BillingInterval } from "~/domain/plans";

/** schema.org FAQPage of the pricing questions. */
export function faqJsonLd(items: readonly FaqItem[] = FAQ_ITEMS) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

function offer(plan: Plan, period: BillingInterval, cents: number, url: string) {
  const price = decimalAmount(cents);
  return {
    "@type": "Offer",
    name: cents === 0 ? plan.name : `${plan.name} (billed ${BILLED[period]})`,
    description: plan.description,
    price,
    priceCurrency: "USD",
    url,
    availability: "https://schema.org/InStock",
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price,
      priceCurrency: "USD",
      referenceQuantity: {
        "@type": "QuantitativeValue",
        value: 1,
        unitCode: period === "month" ? "MON" : "ANN",
      },
    },
  };
}

/** schema.org Product for PawPal with one Offer per plan and billing period (the free plan once). */
export function productJsonLd(baseUrl: string, plans: readonly Plan[] = PLANS) {
  const url = `${baseUrl}/pricing`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: BRAND,
    description:
      "AI pet-care companion: breed detection, health recommendations and a personalised care plan from one photo of your dog or cat.",
    brand: { "@type": "Brand", name: BRAND },
    image: `${baseUrl}/og-image.jpg`,
    url,
    offers: plans.flatMap((plan) =>
      plan.price.monthlyCents === 0 && plan.price.yearlyCents === 0
        ? [offer(plan, "month", 0, url)]
        : [
            offer(plan, "month", plan.price.monthlyCents, url),
            offer(plan, "year", plan.price.yearlyCents, url),
          ],
    ),
  };
}
