/**
 * Price arithmetic for the pricing page. Amounts are whole US cents so that no
 * floating-point rounding ever shows up in a price.
 */

export type BillingPeriod = "monthly" | "yearly";

export const BILLING_PERIODS = ["monthly", "yearly"] as const satisfies readonly BillingPeriod[];

export type PlanPrice = {
  /** Price of one month, in cents. */
  monthlyCents: number;
  /** Price of one year paid at once, in cents. */
  yearlyCents: number;
};

/** What one year paid at once costs per month, rounded to the nearest cent. */
export function monthlyEquivalentCents(yearlyCents: number): number {
  return Math.round(yearlyCents / 12);
}

/** "$0", "$9.99", "$199.99": whole dollars lose their cents, anything else shows two decimals. */
export function formatUsd(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Not a price in cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  // Thousands grouped by hand: the first toLocaleString of a page sets up the locale's number
  // formatting (≈10 ms on a slow phone), in the middle of hydrating the pricing page.
  const whole = String(dollars).replace(/\B(?=(\d{3})+$)/g, ",");
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
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
export function displayPrice(price: PlanPrice, billing: BillingPeriod): DisplayPrice {
  const isFree = price.monthlyCents === 0 && price.yearlyCents === 0;
  if (isFree) return { amount: formatUsd(0), per: null, monthlyEquivalent: null };
  if (billing === "monthly")
    return { amount: formatUsd(price.monthlyCents), per: "month", monthlyEquivalent: null };
  return {
    amount: formatUsd(price.yearlyCents),
    per: "year",
    monthlyEquivalent: formatUsd(monthlyEquivalentCents(price.yearlyCents)),
  };
}
