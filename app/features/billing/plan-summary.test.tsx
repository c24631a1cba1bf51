import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { contactPrefill } from "~/domain/contact";
import { PlanRequest, planPrice, planRequestHref, type ChosenPlan } from "./plan-summary";
import type { PlanId } from "~/domain/plans";

/** The request part of /account/plan without payments set up, for an account on `current`. */
function renderRequest(current: PlanId, chosen: ChosenPlan | null) {
  const Stub = createRoutesStub([
    {
      path: "/account/plan",
      Component: () => <PlanRequest current={current} chosen={chosen} email="ada@example.com" />,
    },
  ]);
  render(<Stub initialEntries={["/account/plan"]} />);
  return screen.getByTestId("plan-request");
}

/** What the link's contact form starts with. */
const askedFor = (link: HTMLElement) =>
  contactPrefill(new URL(link.getAttribute("href")!, "http://localhost").searchParams);

describe("PlanRequest (payments not set up)", () => {
  it("says which plan was chosen and its price, and links to the contact form filled in", () => {
    const request = renderRequest("free", { plan: "premium", interval: "month" });
    expect(request).toHaveTextContent("You chose Premium: $19.99 a month.");
    expect(request).toHaveTextContent("our team sets your plan for you");
    expect(request).not.toHaveTextContent(/server|operator|STRIPE/i);
    const links = within(request).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Ask for Premium"]);
    expect(links[0]!.getAttribute("href")).toMatch(/^\/contact\?subject=Upgrade\+to\+Premium&/);
    expect(askedFor(links[0]!)).toEqual({
      subject: "Upgrade to Premium",
      message:
        "Please put my account (ada@example.com) on the Premium plan, billed monthly ($19.99 a month).",
    });
  });

  it("a yearly choice of Pro asks for Pro billed yearly", () => {
    const request = renderRequest("free", { plan: "pro", interval: "year" });
    expect(request).toHaveTextContent("You chose Pro: $99.99 a year.");
    expect(askedFor(within(request).getByRole("link", { name: "Ask for Pro" }))).toEqual({
      subject: "Upgrade to Pro",
      message: "Please put my account (ada@example.com) on the Pro plan, billed yearly ($99.99 a year).",
    });
  });

  it("with no choice, offers every plan above the account's, with both prices", () => {
    const free = renderRequest("free", null);
    expect(free).not.toHaveTextContent("You chose");
    expect(
      within(free)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Ask for Pro", "Ask for Premium"]);
    expect(free).toHaveTextContent("$9.99 a month or $99.99 a year");
    expect(askedFor(within(free).getByRole("link", { name: "Ask for Premium" }))).toEqual({
      subject: "Upgrade to Premium",
      message:
        "Please put my account (ada@example.com) on the Premium plan ($19.99 a month or $199.99 a year).",
    });
  });

  it("a choice that is not an upgrade (Pro chosen on Pro) offers what is above instead", () => {
    const pro = renderRequest("pro", { plan: "pro", interval: "month" });
    expect(pro).not.toHaveTextContent("You chose");
    expect(
      within(pro)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Ask for Premium"]);
  });

  it("prices come from the plans' table", () => {
    expect(planPrice("premium", "year")).toBe("$199.99 a year");
    expect(planRequestHref("pro", null, "a@b.example")).toContain("subject=Upgrade+to+Pro");
  });
});
