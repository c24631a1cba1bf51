import { groupThousands } from "./number-format";

/**
 * The plans PawPal sells (specification, sections 3, 6 and 9) and what each allows: the one
 * source of truth for the pricing page, the comparison table and every check on the server.
 */
export const PLAN_IDS = ["free", "pro", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_NAMES: Record<PlanId, string> = { free: "Free", pro: "Pro", premium: "Premium" };

/** The plan an account asks for in a contact message ("Upgrade to Premium", as /account/plan fills it in). */
export function planAskedFor(subject: string): PlanId | null {
  const named = /\bupgrade to (pro|premium)\b/i.exec(subject)?.[1]?.toLowerCase();
  return named === "pro" || named === "premium" ? named : null;
}

/** A plan id read from untrusted text (a query string), or null. */
export function readPlanId(value: string | null | undefined): PlanId | null {
  return (PLAN_IDS as readonly string[]).includes(value ?? "") ? (value as PlanId) : null;
}

/** Where every refusal and locked section leads: the account's plan page, which offers the upgrade. */
export const UPGRADE_PATH = "/account/plan";

export const PAID_PLAN_IDS = ["pro", "premium"] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** How a plan billed each `interval` is said: "billed monthly". */
export const BILLED: Record<BillingInterval, string> = { month: "monthly", year: "yearly" };

/** "$0", "$9.99", "$199.99": whole dollars lose their cents, anything else shows two decimals. */
export function formatUsd(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Not a price in cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const whole = groupThousands(dollars);
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
}

/** What a plan costs, in US cents. */
export type PlanPrice = { monthlyCents: number; yearlyCents: number };

/** What a plan's account can do that another's cannot. */
export type Feature =
  | "health-tracking"
  | "vet-booking"
  | "consultations"
  | "emergency-chat"
  | "family-sharing"
  | "priority-booking";

export type PlanAllowance = {
  price: PlanPrice;
  /** Photo analyses a signed-in account may run in a calendar month (UTC); null: no limit. */
  analysesPerMonth: number | null;
  /** Pet profiles the account may own; null: no limit. */
  pets: number | null;
  /** Family members (with pending invitations) the owner may share their pets with. */
  familyMembers: number;
  features: readonly Feature[];
};

export const PLAN_ALLOWANCES: Record<PlanId, PlanAllowance> = {
  free: {
    price: { monthlyCents: 0, yearlyCents: 0 },
    analysesPerMonth: 5,
    pets: 1,
    familyMembers: 0,
    features: [],
  },
  pro: {
    price: { monthlyCents: 999, yearlyCents: 9999 },
    analysesPerMonth: null,
    pets: null,
    familyMembers: 0,
    features: ["health-tracking", "vet-booking"],
  },
  premium: {
    price: { monthlyCents: 1999, yearlyCents: 19999 },
    analysesPerMonth: null,
    pets: null,
    familyMembers: 5,
    features: [
      "health-tracking",
      "vet-booking",
      "consultations",
      "emergency-chat",
      "family-sharing",
      "priority-booking",
    ],
  },
};

/** How each feature is named in a sentence ("Health tracking is part of Pro and Premium."). */
export const FEATURE_NAMES: Record<Feature, string> = {
  "health-tracking": "Health tracking (records, what's due, reminders and the calendar feed)",
  "vet-booking": "Vet booking",
  consultations: "Vet consultations by video",
  "emergency-chat": "The 24/7 emergency chat",
  "family-sharing": "Family sharing",
  "priority-booking": "Priority vet booking",
};

/** Days of the money-back guarantee, counted from the first payment. */
export const MONEY_BACK_DAYS = 30;
/** Days a paid plan stays after a renewal payment failed, while the card is put right. */
export const RENEWAL_GRACE_DAYS = 7;

export function allows(plan: PlanId, feature: Feature): boolean {
  return PLAN_ALLOWANCES[plan].features.includes(feature);
}

/** The plans that have `feature`, cheapest first. */
export function plansWith(feature: Feature): PlanId[] {
  return PLAN_IDS.filter((plan) => allows(plan, feature));
}

/** "Pro and Premium", "Premium". */
function planList(plans: PlanId[]): string {
  const names = plans.map((plan) => PLAN_NAMES[plan]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** The sentence a refusal and a locked section show: which plans allow the feature. */
export function upgradeSentence(feature: Feature): string {
  return `${FEATURE_NAMES[feature]} is part of ${planList(plansWith(feature))}.`;
}

/** Can an account on `plan` that owns `owned` pets add another? */
export function canAddPet(plan: PlanId, owned: number): boolean {
  const limit = PLAN_ALLOWANCES[plan].pets;
  return limit === null || owned < limit;
}

export function petLimitSentence(plan: PlanId): string {
  const limit = PLAN_ALLOWANCES[plan].pets;
  const more = planList(PLAN_IDS.filter((other) => PLAN_ALLOWANCES[other].pets === null));
  return `The ${PLAN_NAMES[plan]} plan has ${limit === 1 ? "one pet profile" : `${limit} pet profiles`}; ${more} have as many as you like.`;
}

/** The last day (UTC) a plan that ends at `endsAt` includes, as "2027-01-31". */
export function lastIncludedDay(endsAt: Date): string {
  return new Date(endsAt.getTime() - 1).toISOString().slice(0, 10);
}

/** The calendar month (UTC) an analysis counts in, as "2026-11". */
export function analysisMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** When the month's analyses start again: the first day of the next month (UTC), "2026-12-01". */
export function analysesResetOn(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

export function unlimitedAnalysesPlans(): PlanId[] {
  return PLAN_IDS.filter((plan) => PLAN_ALLOWANCES[plan].analysesPerMonth === null);
}

export function analysesUsedUpSentence(plan: PlanId, now: Date): string {
  const limit = PLAN_ALLOWANCES[plan].analysesPerMonth;
  return `You have used the ${limit} photo analyses of the ${PLAN_NAMES[plan]} plan this month; they start again on ${analysesResetOn(now)}. ${planList(unlimitedAnalysesPlans())} have unlimited analyses.`;
}

/**
 * What an account's plan is now, from what was stored about it (a Stripe subscription or a
 * plan staff set). A plan that ended, or an account that never had one, is Free.
 */
export type PlanState = {
  plan: PlanId;
  /** "active" while paid (or set by staff), "past_due" after a failed renewal, "canceled" once ended. */
  status: "active" | "past_due" | "canceled";
  /**
   * When the plan ends: the date staff set it until, or the end of a paid period cancelled in
   * Stripe's portal; null while it renews (a renewal that fails makes it past_due).
   */
  endsAt: Date | null;
  /** Set after a failed renewal: the plan stays until then. */
  graceUntil: Date | null;
};

export function effectivePlan(state: PlanState | null, now: Date): PlanId {
  if (!state || state.plan === "free") return "free";
  if (state.status === "canceled") return "free";
  if (state.status === "past_due") return state.graceUntil && now < state.graceUntil ? state.plan : "free";
  return state.endsAt && now >= state.endsAt ? "free" : state.plan;
}

/** The Stripe price lookup key of a plan and interval ("pawpal_pro_year"); billing:setup creates them. */
export function priceLookupKey(plan: PaidPlanId, interval: BillingInterval): string {
  return `pawpal_${plan}_${interval}`;
}

export function fromLookupKey(key: string | null | undefined) {
  const match = /^pawpal_(pro|premium)_(month|year)$/.exec(key ?? "");
  return match ? { plan: match[1] as PaidPlanId, interval: match[2] as BillingInterval } : null;
}

export function isPaidPlan(value: unknown): value is PaidPlanId {
  return PAID_PLAN_IDS.includes(value as PaidPlanId);
}

export function isInterval(value: unknown): value is BillingInterval {
  return BILLING_INTERVALS.includes(value as BillingInterval);
}
