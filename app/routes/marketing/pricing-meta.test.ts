import { describe, expect, it } from "vitest";
import { formatUsd, PLAN_ALLOWANCES } from "~/domain/plans";
import { meta } from "./pricing";

/* The pricing page's description says the plans' own numbers (domain/plans.ts), never a copy of them. */

describe("the pricing page's description", () => {
  it("names the free allowance and the monthly prices from the plans' table", () => {
    const tags = meta({ matches: [] } as never) as { name?: string; content?: string }[];
    const description = tags.find((tag) => tag.name === "description")!.content!;
    expect(description).toBe(
      `Start free with ${PLAN_ALLOWANCES.free.analysesPerMonth} photo analyses a month, or choose Pro ` +
        `(${formatUsd(PLAN_ALLOWANCES.pro.price.monthlyCents)}/month) or Premium ` +
        `(${formatUsd(PLAN_ALLOWANCES.premium.price.monthlyCents)}/month) for unlimited analyses, health tracking and vet consultations. Save 17% yearly.`,
    );
    expect(description).toContain("Start free with 5 photo analyses a month, or choose Pro ($9.99/month)");
  });
});
