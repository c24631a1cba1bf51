import { describe, expect, it } from "vitest";
import { PLANS, YEARLY_BADGE, planHref } from "./plans";
import {
  decimalAmount,
  displayPrice,
  formatUsd,
  monthlyEquivalentCents,
  yearlySavingsPercent,
} from "./pricing-math";

const plan = (id: string) => {
  const found = PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe("formatUsd", () => {
  it("drops the cents of whole dollars and keeps two decimals otherwise", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(999)).toBe("$9.99");
    expect(formatUsd(19999)).toBe("$199.99");
    expect(formatUsd(805)).toBe("$8.05");
    expect(formatUsd(1000)).toBe("$10");
    expect(formatUsd(123456)).toBe("$1,234.56");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
    expect(formatUsd(100000)).toBe("$1,000");
  });

  it("rejects amounts that are not whole, non-negative cents", () => {
    expect(() => formatUsd(9.99)).toThrow(RangeError);
    expect(() => formatUsd(-1)).toThrow(RangeError);
  });
});

describe("monthlyEquivalentCents", () => {
  it("divides a yearly price by 12 and rounds to the nearest cent", () => {
    expect(monthlyEquivalentCents(9999)).toBe(833); // 833.25
    expect(monthlyEquivalentCents(19999)).toBe(1667); // 1666.58
    expect(monthlyEquivalentCents(1200)).toBe(100);
    expect(monthlyEquivalentCents(0)).toBe(0);
  });
});

describe("decimalAmount", () => {
  it("gives a plain decimal for structured data", () => {
    expect(decimalAmount(0)).toBe("0.00");
    expect(decimalAmount(999)).toBe("9.99");
    expect(decimalAmount(19999)).toBe("199.99");
  });
});

describe("the plans of the specification", () => {
  it("have the specified prices", () => {
    expect(PLANS.map((p) => p.name)).toEqual(["Free", "Pro", "Premium"]);
    expect(plan("free").price).toEqual({ monthlyCents: 0, yearlyCents: 0 });
    expect(plan("pro").price).toEqual({ monthlyCents: 999, yearlyCents: 9999 });
    expect(plan("premium").price).toEqual({ monthlyCents: 1999, yearlyCents: 19999 });
    expect(plan("free").features).toContain("5 photo analyses per month");
  });

  it("mark only Pro as popular", () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("save 17% on every paid plan when billed yearly, as the badge says", () => {
    expect(yearlySavingsPercent(plan("pro").price)).toBe(17);
    expect(yearlySavingsPercent(plan("premium").price)).toBe(17);
    expect(yearlySavingsPercent(plan("free").price)).toBe(0);
    expect(YEARLY_BADGE).toBe("Save 17%");
  });

  it("link Free to sign-up and each paid plan to its checkout, billed as toggled", () => {
    expect(PLANS.map((p) => planHref(p.id, "month"))).toEqual([
      "/auth?tab=signup&plan=free",
      "/account/plan/checkout?plan=pro&interval=month",
      "/account/plan/checkout?plan=premium&interval=month",
    ]);
    expect(planHref("pro", "year")).toBe("/account/plan/checkout?plan=pro&interval=year");
  });
});

describe("displayPrice", () => {
  it("shows monthly prices under monthly billing", () => {
    expect(displayPrice(plan("pro").price, "month")).toEqual({
      amount: "$9.99",
      per: "month",
      monthlyEquivalent: null,
    });
    expect(displayPrice(plan("premium").price, "month")).toEqual({
      amount: "$19.99",
      per: "month",
      monthlyEquivalent: null,
    });
  });

  it("shows the yearly price and yearly/12 under yearly billing", () => {
    expect(displayPrice(plan("pro").price, "year")).toEqual({
      amount: "$99.99",
      per: "year",
      monthlyEquivalent: "$8.33",
    });
    expect(displayPrice(plan("premium").price, "year")).toEqual({
      amount: "$199.99",
      per: "year",
      monthlyEquivalent: "$16.67",
    });
  });

  it("shows $0 for the free plan whatever the billing period", () => {
    for (const billing of ["month", "year"] as const) {
      expect(displayPrice(plan("free").price, billing)).toEqual({
        amount: "$0",
        per: null,
        monthlyEquivalent: null,
      });
    }
  });
});
