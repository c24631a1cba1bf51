/**
 * Creates PawPal's products and prices in the Stripe account of STRIPE_SECRET_KEY, once:
 *   STRIPE_SECRET_KEY=sk_live_… npm run billing:setup
 * Run it again after changing a price in app/domain/plans.ts. See README, "Payments".
 */
import { setUpBilling } from "~/backend/billing/setup.server";

if (!process.env.STRIPE_SECRET_KEY) {
  console.error("Set STRIPE_SECRET_KEY to the Stripe account's secret key first.");
  process.exit(2);
}
try {
  const { created } = await setUpBilling();
  console.log(created === 0 ? "Stripe already had everything." : `Done: ${created} created in Stripe.`);
} catch (error) {
  console.error(`Stripe setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
