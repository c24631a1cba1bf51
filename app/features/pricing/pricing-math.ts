/**
 * Price arithmetic for the pricing page. Amounts are whole US cents so that no
 * floating-point rounding ever shows up in a price.
 */

import { formatUsd, type BillingInterval, type PlanPrice } from "~/domain/plans";

export { formatUsd, type PlanPrice };

/** What one year paid at once costs per month, rounded to the nearest cent. */
export function monthlyEquivalentCents(yearlyCents: number): number {
  return Math.round(yearlyCents / 12);
}

/** Cents as a decimal string for structured data, e.g. 999 -> "9.99", 0 -> "0.00". */
export function decimalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Whole percent saved by paying yearly instead of twelve monthly payments (0 for free plans). */
export function yearlySavingsPercent(price: PlanPrice): number {
  const twelveMonths = price.monthlyCents * 12;
  if (twelveMonths === 0) return 0;
  return Math.round(((twelveMonths - price.yearlyCents) / twelveMonths) * 100);
}

export type DisplayPrice = {
  /** The headline amount, e.g. "$9.99" or "$99.99". */
  amount: string;
  /** What the amount covers: "month", "year" or null for a free plan. */
  per: "month" | "year" | null;
  /** For paid plans billed yearly: the yearly price divided by 12, e.g. "$8.33". */
  monthlyEquivalent: string | null;
};

/** What a plan card shows for the chosen billing period. */
export function displayPrice(price: PlanPrice, billing: BillingInterval): DisplayPrice {
  const isFree = price.monthlyCents === 0 && price.yearlyCents === 0;
  if (isFree) return { amount: formatUsd(0), per: null, monthlyEquivalent: null };
  if (billing === "month")
    return { amount: formatUsd(price.monthlyCents), per: "month", monthlyEquivalent: null };
  return {
    amount: formatUsd(price.yearlyCents),
    per: "year",
    monthlyEquivalent: formatUsd(monthlyEquivalentCents(price.yearlyCents)),
  };
}
