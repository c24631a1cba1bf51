import { describe, expect, it } from "vitest";
import { COMPARISON_ROWS, PLANS } from "~/features/pricing/plans";
import {
  allows,
  analysesResetOn,
  analysesUsedUpSentence,
  analysisMonth,
  BILLING_INTERVALS,
  canAddPet,
  effectivePlan,
  FEATURE_NAMES,
  formatUsd,
  fromLookupKey,
  isInterval,
  isPaidPlan,
  PAID_PLAN_IDS,
  PLAN_ALLOWANCES,
  PLAN_IDS,
  PLAN_NAMES,
  petLimitSentence,
  plansWith,
  priceLookupKey,
  upgradeSentence,
  type Feature,
  type PlanState,
} from "./plans";

const ALL_FEATURES = Object.keys(FEATURE_NAMES) as Feature[];
const DAY_MS = 24 * 60 * 60 * 1000;

describe("what each plan allows", () => {
  it("Free: 5 analyses a month, one pet, no family and none of the features", () => {
    expect(PLAN_ALLOWANCES.free).toEqual({
      price: { monthlyCents: 0, yearlyCents: 0 },
      analysesPerMonth: 5,
      pets: 1,
      familyMembers: 0,
      features: [],
    });
    for (const feature of ALL_FEATURES) expect(allows("free", feature), feature).toBe(false);
  });

  it("Pro: unlimited analyses and pets, health tracking and vet booking, nothing of Premium", () => {
    expect(PLAN_ALLOWANCES.pro).toMatchObject({
      price: { monthlyCents: 999, yearlyCents: 9999 },
      analysesPerMonth: null,
      pets: null,
      familyMembers: 0,
    });
    const allowed = ALL_FEATURES.filter((feature) => allows("pro", feature));
    expect(allowed.sort()).toEqual(["health-tracking", "vet-booking"]);
  });

  it("Premium: everything, with a family of up to 5", () => {
    expect(PLAN_ALLOWANCES.premium).toMatchObject({
      price: { monthlyCents: 1999, yearlyCents: 19999 },
      analysesPerMonth: null,
      pets: null,
      familyMembers: 5,
    });
    for (const feature of ALL_FEATURES) expect(allows("premium", feature), feature).toBe(true);
  });

  it("a dearer plan has everything a cheaper one has", () => {
    for (const feature of ALL_FEATURES) {
      const plans = plansWith(feature);
      expect(plans.length, feature).toBeGreaterThan(0);
      // Once a plan has the feature, every plan after it (in price order) has it too.
      expect(PLAN_IDS.slice(PLAN_IDS.indexOf(plans[0]!))).toEqual(plans);
    }
  });
});

describe("upgradeSentence", () => {
  it("names exactly the plans that include the feature", () => {
    expect(upgradeSentence("health-tracking")).toBe(
      "Health tracking (records, what's due, reminders and the calendar feed) is part of Pro and Premium.",
    );
    expect(upgradeSentence("vet-booking")).toBe("Vet booking is part of Pro and Premium.");
    expect(upgradeSentence("consultations")).toBe("Vet consultations by video is part of Premium.");
    expect(upgradeSentence("emergency-chat")).toBe("The 24/7 emergency chat is part of Premium.");
    expect(upgradeSentence("family-sharing")).toBe("Family sharing is part of Premium.");
    expect(upgradeSentence("priority-booking")).toBe("Priority vet booking is part of Premium.");
  });

  it("never names Free, and names each plan that has the feature", () => {
    for (const feature of ALL_FEATURES) {
      const sentence = upgradeSentence(feature);
      expect(sentence).not.toContain("Free");
      for (const plan of PLAN_IDS) {
        expect(new RegExp(`\\b${PLAN_NAMES[plan]}\\b`).test(sentence), `${feature} / ${plan}`).toBe(
          allows(plan, feature),
        );
      }
    }
  });
});

describe("pet profiles", () => {
  it("Free allows the first pet only; Pro and Premium any number", () => {
    expect(canAddPet("free", 0)).toBe(true);
    expect(canAddPet("free", 1)).toBe(false);
    expect(canAddPet("free", 3)).toBe(false);
    for (const plan of ["pro", "premium"] as const) {
      for (const owned of [0, 1, 2, 50]) expect(canAddPet(plan, owned), `${plan} ${owned}`).toBe(true);
    }
  });

  it("the limit's sentence says how many Free has and which plans have more", () => {
    expect(petLimitSentence("free")).toBe(
      "The Free plan has one pet profile; Pro and Premium have as many as you like.",
    );
  });
});

describe("the month's analyses", () => {
  it("count in the calendar month of UTC", () => {
    expect(analysisMonth(new Date("2026-11-01T00:00:00Z"))).toBe("2026-11");
    expect(analysisMonth(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    // Evening of 30 November in New York is already December in UTC.
    expect(analysisMonth(new Date("2026-11-30T23:30:00-05:00"))).toBe("2026-12");
    expect(analysisMonth(new Date("2026-12-31T23:59:00Z"))).toBe("2026-12");
    expect(analysisMonth(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01");
  });

  it("start again on the first day of the next month, the next year after December", () => {
    expect(analysesResetOn(new Date("2026-11-01T00:00:00Z"))).toBe("2026-12-01");
    expect(analysesResetOn(new Date("2026-11-30T23:59:59Z"))).toBe("2026-12-01");
    expect(analysesResetOn(new Date("2026-12-31T23:59:00Z"))).toBe("2027-01-01");
    expect(analysesResetOn(new Date("2027-01-01T00:00:00Z"))).toBe("2027-02-01");
    expect(analysesResetOn(new Date("2028-02-29T12:00:00Z"))).toBe("2028-03-01");
    expect(analysesResetOn(new Date("2026-11-30T23:30:00-05:00"))).toBe("2027-01-01");
  });

  it("the used-up sentence says the limit, when they start again and which plans have no limit", () => {
    expect(analysesUsedUpSentence("free", new Date("2026-12-31T23:59:00Z"))).toBe(
      "You have used the 5 photo analyses of the Free plan this month; they start again on 2027-01-01. Pro and Premium have unlimited analyses.",
    );
  });
});

describe("effectivePlan", () => {
  const now = new Date("2026-11-15T12:00:00Z");
  const state = (values: Partial<PlanState>): PlanState => ({
    plan: "pro",
    status: "active",
    endsAt: null,
    graceUntil: null,
    ...values,
  });

  it("an account that never had a plan is Free", () => {
    expect(effectivePlan(null, now)).toBe("free");
  });

  it("an active plan without an end is that plan", () => {
    expect(effectivePlan(state({ plan: "pro" }), now)).toBe("pro");
    expect(effectivePlan(state({ plan: "premium" }), now)).toBe("premium");
    expect(effectivePlan(state({ plan: "free" }), now)).toBe("free");
  });

  it("an active plan with an end is that plan until the end, then Free", () => {
    const endsAt = new Date(now.getTime() + DAY_MS);
    expect(effectivePlan(state({ plan: "premium", endsAt }), now)).toBe("premium");
    expect(effectivePlan(state({ plan: "premium", endsAt }), new Date(endsAt.getTime() - 1))).toBe("premium");
    expect(effectivePlan(state({ plan: "premium", endsAt }), endsAt)).toBe("free");
    expect(effectivePlan(state({ plan: "premium", endsAt: new Date(now.getTime() - 1) }), now)).toBe("free");
  });

  it("after a failed renewal, the plan stays during the grace period, then Free", () => {
    const graceUntil = new Date(now.getTime() + 7 * DAY_MS);
    expect(effectivePlan(state({ status: "past_due", graceUntil }), now)).toBe("pro");
    expect(effectivePlan(state({ status: "past_due", graceUntil }), graceUntil)).toBe("free");
    expect(effectivePlan(state({ status: "past_due", graceUntil }), new Date(graceUntil.getTime() + 1))).toBe(
      "free",
    );
    expect(effectivePlan(state({ status: "past_due", graceUntil: null }), now)).toBe("free");
  });

  it("a canceled plan is Free, even with an end still to come", () => {
    expect(effectivePlan(state({ status: "canceled" }), now)).toBe("free");
    expect(
      effectivePlan(
        state({ plan: "premium", status: "canceled", endsAt: new Date(now.getTime() + DAY_MS) }),
        now,
      ),
    ).toBe("free");
  });
});

describe("Stripe price lookup keys", () => {
  it("round-trip for every paid plan and interval", () => {
    for (const plan of PAID_PLAN_IDS) {
      for (const interval of BILLING_INTERVALS) {
        const key = priceLookupKey(plan, interval);
        expect(key).toBe(`pawpal_${plan}_${interval}`);
        expect(fromLookupKey(key)).toEqual({ plan, interval });
      }
    }
  });

  it.each([
    null,
    undefined,
    "",
    "pawpal_free_month",
    "pawpal_pro_week",
    "pawpal_pro",
    "PAWPAL_PRO_MONTH",
    " pawpal_pro_month",
    "pawpal_pro_month ",
    "pawpal_pro_month_2",
    "other_pawpal_pro_month",
    "pawpal_pro_month\n",
  ])("rejects %j", (key) => {
    expect(fromLookupKey(key)).toBeNull();
  });

  it("isPaidPlan and isInterval take only the known values", () => {
    expect(isPaidPlan("pro")).toBe(true);
    expect(isPaidPlan("premium")).toBe(true);
    for (const junk of ["free", "Pro", "", null, undefined, 1, {}])
      expect(isPaidPlan(junk), String(junk)).toBe(false);
    expect(isInterval("month")).toBe(true);
    expect(isInterval("year")).toBe(true);
    for (const junk of ["monthly", "week", "", null, undefined])
      expect(isInterval(junk), String(junk)).toBe(false);
  });
});

describe("the pricing page agrees with what each plan allows", () => {
  const row = (feature: string) => {
    const found = COMPARISON_ROWS.find((candidate) => candidate.feature === feature);
    if (!found) throw new Error(`no comparison row ${feature}`);
    return found.values;
  };
  const card = (id: string) => {
    const found = PLANS.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no plan card ${id}`);
    return found;
  };

  it("the table shows each plan's prices", () => {
    expect(row("Monthly price")).toEqual({ free: "$0", pro: "$9.99", premium: "$19.99" });
    expect(row("Yearly price")).toEqual({ free: "$0", pro: "$99.99", premium: "$199.99" });
    for (const plan of PLAN_IDS) {
      expect(row("Monthly price")[plan]).toBe(formatUsd(PLAN_ALLOWANCES[plan].price.monthlyCents));
      expect(row("Yearly price")[plan]).toBe(formatUsd(PLAN_ALLOWANCES[plan].price.yearlyCents));
    }
  });

  it("the table shows the analyses, pet profiles and family of each plan", () => {
    expect(row("Photo analyses")).toEqual({ free: "5 per month", pro: "Unlimited", premium: "Unlimited" });
    expect(row("Pet profiles")).toEqual({ free: "1", pro: "Multiple", premium: "Multiple" });
    expect(row("Family sharing")).toEqual({ free: false, pro: false, premium: "Up to 5 members" });
  });

  it("each feature's row checks exactly the plans that allow it", () => {
    const rows: Record<string, Feature> = {
      "Health tracking": "health-tracking",
      "Vet locator with booking": "vet-booking",
      "Priority vet booking": "priority-booking",
      "Vet consultations (15-minute video)": "consultations",
      "24/7 emergency chat": "emergency-chat",
    };
    for (const [feature, id] of Object.entries(rows)) {
      expect(row(feature), feature).toEqual({
        free: allows("free", id),
        pro: allows("pro", id),
        premium: allows("premium", id),
      });
    }
    // Every feature has a row (family sharing's shows its number of members).
    expect(new Set([...Object.values(rows), "family-sharing"])).toEqual(new Set(ALL_FEATURES));
  });

  it("the plan cards show the plans' names, prices and limits", () => {
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
    for (const plan of PLAN_IDS) {
      expect(card(plan).name).toBe(PLAN_NAMES[plan]);
      expect(card(plan).price).toEqual(PLAN_ALLOWANCES[plan].price);
    }
    expect(card("free").features).toContain("5 photo analyses per month");
    expect(card("free").features).toContain("One pet profile");
    expect(card("pro").features).toContain("Unlimited photo analyses");
    expect(card("pro").features).toContain("Multiple pet profiles");
    expect(card("premium").features).toContain("Family sharing for up to 5 members");
  });

  it("a card's limitations are features its plan does not have", () => {
    const lacks: Record<string, Feature> = {
      "No health tracking": "health-tracking",
      "No vet locator or booking": "vet-booking",
      "No vet consultations": "consultations",
      "No 24/7 emergency chat": "emergency-chat",
      "No family sharing": "family-sharing",
    };
    for (const plan of PLAN_IDS) {
      for (const limitation of card(plan).limitations) {
        const feature = lacks[limitation];
        if (feature) expect(allows(plan, feature), `${plan}: ${limitation}`).toBe(false);
      }
    }
    expect(card("free").limitations).toEqual([
      "No health tracking",
      "No vet locator or booking",
      "No vet consultations",
    ]);
    expect(card("pro").limitations).toEqual([
      "No vet consultations",
      "No 24/7 emergency chat",
      "No family sharing",
    ]);
  });
});
