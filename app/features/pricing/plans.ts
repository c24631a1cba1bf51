import {
  allows,
  PLAN_ALLOWANCES,
  PLAN_IDS,
  PLAN_NAMES,
  UPGRADE_PATH,
  type Feature,
  type BillingInterval,
  type PlanId,
} from "~/domain/plans";
import { ANALYSIS_CLAIMS as MEASURED, MIX_CAVEAT } from "~/content/analysis-claims";
import { formatUsd, type PlanPrice } from "./pricing-math";

/**
 * The plans of the specification (sections 3, 6 and 9) as the pricing page sells them: the
 * words are marketing copy, every price and limit comes from domain/plans.ts.
 */

export type Plan = {
  id: PlanId;
  name: string;
  price: PlanPrice;
  description: string;
  features: readonly string[];
  limitations: readonly string[];
  popular: boolean;
  cta: string;
};

/** Badge shown when yearly billing is chosen; matches `yearlySavingsPercent` of every paid plan. */
export const YEARLY_BADGE = "Save 17%";

/**
 * Where a plan's button leads: Free to sign-up; a paid plan to its checkout (billed monthly or
 * yearly, as toggled), which asks a visitor to sign up or log in first.
 */
export function planHref(plan: PlanId, interval: BillingInterval): string {
  if (plan === "free") return "/auth?tab=signup&plan=free";
  return `/account/plan/checkout?plan=${plan}&interval=${interval}`;
}

/** A plan card's button: what it says and where it leads. */
export type PlanCta = {
  label: string;
  href: string;
  /** Leads to the checkout, which may leave for Stripe's: a document request, not a data one. */
  external: boolean;
};

/**
 * A plan card's button for who is looking: the specification's words for visitors and Free
 * accounts (a Free account's own card starts the demo, as sign-up would only send it home); an
 * account that pays sees "Your plan" on its card and "Manage plan" on the plans below it, both to
 * its plan page, and can still choose a plan above.
 */
export function planCta(plan: Plan, current: PlanId | null, interval: BillingInterval): PlanCta {
  const checkout = { label: plan.cta, href: planHref(plan.id, interval), external: plan.id !== "free" };
  if (current === null) return checkout;
  if (current === "free") {
    return plan.id === "free" ? { label: plan.cta, href: "/features#demo", external: false } : checkout;
  }
  if (plan.id === current) return { label: "Your plan", href: UPGRADE_PATH, external: false };
  const above = PLAN_IDS.indexOf(plan.id) > PLAN_IDS.indexOf(current);
  return above ? checkout : { label: "Manage plan", href: UPGRADE_PATH, external: false };
}

const { free, pro, premium } = PLAN_ALLOWANCES;
const analyses = (limit: number | null) => (limit === null ? "Unlimited" : `${limit} per month`);
const petProfiles = (limit: number | null) =>
  limit === null ? "Multiple" : limit === 1 ? "1" : String(limit);

export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: PLAN_NAMES.free,
    price: free.price,
    description: "Meet PawPal and get to know your pet a little better, at no cost.",
    features: [
      `${free.analysesPerMonth} photo analyses per month`,
      "AI breed detection",
      "Health tips and a care plan with every analysis",
      "One pet profile",
      "Email support",
    ],
    limitations: ["No health tracking", "No vet locator or booking", "No vet consultations"],
    popular: false,
    cta: "Get Started Free",
  },
  {
    id: "pro",
    name: PLAN_NAMES.pro,
    price: pro.price,
    description: "The full picture for devoted pet parents with one pet or a whole pack.",
    features: [
      "Unlimited photo analyses",
      "Health tracking and vaccination reminders",
      "Multiple pet profiles",
      "Vet locator with booking",
      "Email and phone support",
    ],
    limitations: ["No vet consultations", "No 24/7 emergency chat", "No family sharing"],
    popular: true,
    cta: "Choose Pro",
  },
  {
    id: "premium",
    name: PLAN_NAMES.premium,
    price: premium.price,
    description: "Vets on call and room for the whole family to help care for your pets.",
    features: [
      "Everything in Pro",
      "Vet consultations by 15-minute video",
      "24/7 emergency chat",
      `Family sharing for up to ${premium.familyMembers} members`,
      "Priority vet booking",
      "24/7 support",
    ],
    limitations: ["Consultations are by video, not in person"],
    popular: false,
    cta: "Choose Premium",
  },
];

type Cell = boolean | string;

export type ComparisonRow = {
  feature: string;
  values: Record<PlanId, Cell>;
};

const planValues = (pick: (plan: Plan) => Cell) =>
  Object.fromEntries(PLANS.map((plan) => [plan.id, pick(plan)])) as Record<PlanId, Cell>;
const allowed = (feature: Feature) => planValues((plan) => allows(plan.id, feature));

/** Rows of the feature comparison table. A string is shown as is; true/false as a check or a dash. */
export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { feature: "Monthly price", values: planValues((plan) => formatUsd(plan.price.monthlyCents)) },
  { feature: "Yearly price", values: planValues((plan) => formatUsd(plan.price.yearlyCents)) },
  {
    feature: "Photo analyses",
    values: planValues((plan) => analyses(PLAN_ALLOWANCES[plan.id].analysesPerMonth)),
  },
  { feature: "AI breed detection", values: { free: true, pro: true, premium: true } },
  { feature: "Health tips and care plan", values: { free: true, pro: true, premium: true } },
  { feature: "Pet profiles", values: planValues((plan) => petProfiles(PLAN_ALLOWANCES[plan.id].pets)) },
  { feature: "Health tracking", values: allowed("health-tracking") },
  { feature: "Vet locator with booking", values: allowed("vet-booking") },
  { feature: "Priority vet booking", values: allowed("priority-booking") },
  { feature: "Vet consultations (15-minute video)", values: allowed("consultations") },
  { feature: "24/7 emergency chat", values: allowed("emergency-chat") },
  {
    feature: "Family sharing",
    values: planValues((plan) => {
      const members = PLAN_ALLOWANCES[plan.id].familyMembers;
      return members > 0 && `Up to ${members} members`;
    }),
  },
  { feature: "Support", values: { free: "Email", pro: "Email and phone", premium: "24/7" } },
];

/** `link`: a page that says more, shown after the answer. */
export type FaqItem = { id: string; question: string; answer: string; link?: { to: string; label: string } };

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: "refund",
    question: "Can I get my money back if PawPal isn't right for me?",
    answer:
      "Yes. Every paid plan comes with a 30-day money-back guarantee. If you change your mind within 30 days of paying, tell us and we will refund you in full. The Free plan costs nothing, so you can also try PawPal before you pay at all.",
  },
  {
    id: "cancel",
    question: "Can I cancel my subscription at any time?",
    answer:
      "Yes, you can cancel any time, with no fees and no questions. Your paid features stay active until the end of the billing cycle you have already paid for.",
  },
  {
    id: "accuracy",
    question: "How accurate is the breed detection?",
    // Measured, never claimed: the committed evaluation run (analysis-claims.ts).
    answer:
      `We measured it on ${MEASURED.photos} photos of ${MEASURED.breeds} breeds from ${MEASURED.datasetName} that our model never saw in training. ` +
      `It told dog from cat on ${MEASURED.species} of them, named the right breed first on ${MEASURED.top1} (dogs ${MEASURED.dogTop1}, cats ${MEASURED.catTop1}) and had it in its top three on ${MEASURED.top3}. ` +
      `When it names a breed with confidence (${MEASURED.confident} of the photos), it was right ${MEASURED.confidentRight} of the time; ` +
      `otherwise it says ${MEASURED.mixCount > 0 ? "the pet looks like a mix of two breeds, or " : ""}that it is not sure, and shows its best guesses. ${MIX_CAVEAT}`,
    link: { to: "/accuracy", label: "How we measured it, and where the model is weak" },
  },
  {
    id: "family",
    question: "Can my family share one account?",
    answer:
      "Yes, with Premium. Family sharing lets up to 5 members see and update your pets' profiles, health records and care plans, so everyone who looks after your pets stays on the same page.",
  },
  {
    id: "vet-consultations",
    question: "How do vet consultations work?",
    answer:
      "Premium members can book a 15-minute video consultation with a vet to talk through health, diet or behaviour questions from home. For urgent worries, Premium also includes the 24/7 emergency chat, where you ask a vet at any hour.",
  },
  {
    id: "support",
    question: "How quickly will your support team help me?",
    answer:
      "Send us a message any time and we will reply within 24 hours. Phone support is open Mon-Fri, 9AM-6PM EST, and Premium members can reach us 24/7.",
  },
];
