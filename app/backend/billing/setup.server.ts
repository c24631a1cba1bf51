import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLAN_ALLOWANCES,
  PLAN_NAMES,
  priceLookupKey,
} from "~/domain/plans";
import { callStripe } from "./stripe.server";

/**
 * `npm run billing:setup`: the products and prices PawPal sells, made in the Stripe account of
 * STRIPE_SECRET_KEY. Idempotent: what exists with the right amount is kept; a price whose
 * amount changed in domain/plans.ts gets a new price that takes over its lookup key (Stripe
 * prices cannot change amount; subscribers keep the old one until they switch).
 */
export async function setUpBilling(log: (line: string) => void = console.log) {
  let created = 0;
  for (const plan of PAID_PLAN_IDS) {
    const productId = `pawpal_${plan}`;
    const existing = await callStripe("reading a product", (api) =>
      api.products.retrieve(productId).catch((error: { code?: string }) => {
        if (error.code === "resource_missing") return null;
        throw error;
      }),
    );
    if (existing) {
      log(`product ${productId}: exists`);
    } else {
      await callStripe("creating a product", (api) =>
        api.products.create({ id: productId, name: `PawPal ${PLAN_NAMES[plan]}`, metadata: { plan } }),
      );
      created += 1;
      log(`product ${productId}: created`);
    }
    for (const interval of BILLING_INTERVALS) {
      const key = priceLookupKey(plan, interval);
      const price = PLAN_ALLOWANCES[plan].price;
      const amount = interval === "month" ? price.monthlyCents : price.yearlyCents;
      const found = await callStripe("finding a price", (api) =>
        api.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
      );
      const current = found.data[0];
      if (current?.unit_amount === amount && current.recurring?.interval === interval) {
        log(`price ${key}: exists (${amount} cents a ${interval})`);
        continue;
      }
      await callStripe("creating a price", (api) =>
        api.prices.create({
          product: productId,
          currency: "usd",
          unit_amount: amount,
          recurring: { interval },
          lookup_key: key,
          transfer_lookup_key: Boolean(current),
          metadata: { plan, interval },
        }),
      );
      created += 1;
      log(`price ${key}: ${current ? "replaced" : "created"} (${amount} cents a ${interval})`);
    }
  }
  return { created };
}
