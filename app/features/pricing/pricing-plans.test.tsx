import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PlanId } from "~/domain/plans";
import { PricingPlans } from "./pricing-plans";

function renderPlans(current: PlanId | null = null) {
  const Stub = createRoutesStub([{ path: "/pricing", Component: () => <PricingPlans current={current} /> }]);
  return render(<Stub initialEntries={["/pricing"]} />);
}

const card = (name: string) => screen.getByRole("article", { name });

describe("PricingPlans", () => {
  it("starts on monthly billing with monthly prices and no savings badge", () => {
    renderPlans();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText("Save 17%")).not.toBeInTheDocument();
    expect(within(card("Free")).getByText("$0")).toBeInTheDocument();
    expect(within(card("Pro")).getByText("$9.99")).toBeInTheDocument();
    expect(within(card("Premium")).getByText("$19.99")).toBeInTheDocument();
    expect(screen.queryByText(/per month when billed annually/)).not.toBeInTheDocument();
  });

  it("shows yearly prices, per-month equivalents and Save 17% when yearly is chosen, and back", async () => {
    const user = userEvent.setup();
    renderPlans();
    await user.click(screen.getByRole("button", { name: "Yearly" }));

    expect(screen.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("Save 17%")).toBeInTheDocument();
    expect(within(card("Pro")).getByText("$99.99")).toBeInTheDocument();
    expect(within(card("Pro")).getByText("$8.33")).toBeInTheDocument();
    expect(within(card("Premium")).getByText("$199.99")).toBeInTheDocument();
    expect(within(card("Premium")).getByText("$16.67")).toBeInTheDocument();
    expect(screen.getAllByText(/per month when billed annually/)).toHaveLength(2);
    expect(within(card("Free")).getByText("$0")).toBeInTheDocument();
    expect(within(card("Free")).queryByText(/per month when billed annually/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Monthly" }));
    expect(screen.queryByText("Save 17%")).not.toBeInTheDocument();
    expect(within(card("Pro")).getByText("$9.99")).toBeInTheDocument();
  });

  it("toggles with the keyboard", async () => {
    const user = userEvent.setup();
    renderPlans();
    screen.getByRole("button", { name: "Yearly" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("Save 17%")).toBeInTheDocument();
    screen.getByRole("button", { name: "Monthly" }).focus();
    await user.keyboard(" ");
    expect(screen.queryByText("Save 17%")).not.toBeInTheDocument();
  });

  it("marks Pro as Most Popular; Free leads to sign-up, a paid plan to its checkout, billed as toggled", async () => {
    const user = userEvent.setup();
    renderPlans();
    expect(within(card("Pro")).getByText("Most Popular")).toBeInTheDocument();
    expect(within(card("Free")).queryByText("Most Popular")).not.toBeInTheDocument();
    const link = (name: string) => within(card(name)).getByRole("link");
    expect(link("Free")).toHaveAttribute("href", "/auth?tab=signup&plan=free");
    expect(link("Pro")).toHaveAttribute("href", "/account/plan/checkout?plan=pro&interval=month");
    expect(link("Premium")).toHaveAttribute("href", "/account/plan/checkout?plan=premium&interval=month");
    await user.click(screen.getByRole("button", { name: "Yearly" }));
    expect(link("Pro")).toHaveAttribute("href", "/account/plan/checkout?plan=pro&interval=year");
    expect(link("Premium")).toHaveAttribute("href", "/account/plan/checkout?plan=premium&interval=year");
  });

  it("lists features and limitations on every card", () => {
    renderPlans();
    for (const name of ["Free", "Pro", "Premium"]) {
      const lists = within(card(name)).getAllByRole("list");
      expect(lists.length).toBe(2);
    }
    expect(within(card("Free")).getByText("5 photo analyses per month")).toBeInTheDocument();
    expect(within(card("Premium")).getByText("Family sharing for up to 5 members")).toBeInTheDocument();
  });

  describe("for a signed-in account", () => {
    const button = (name: string) => within(card(name)).getByRole("link");

    it("a Free account keeps the specification's words; its own card starts the demo, not a sign-up", () => {
      renderPlans("free");
      expect(button("Free")).toHaveTextContent("Get Started Free");
      expect(button("Free")).toHaveAttribute("href", "/features#demo");
      expect(button("Pro")).toHaveTextContent("Choose Pro");
      expect(button("Pro")).toHaveAttribute("href", "/account/plan/checkout?plan=pro&interval=month");
      expect(button("Premium")).toHaveTextContent("Choose Premium");
    });

    it("a Pro account sees its plan and manages it, and may still choose Premium; nothing offers a free start", () => {
      renderPlans("pro");
      expect(button("Pro")).toHaveTextContent("Your plan");
      expect(button("Pro")).toHaveAttribute("href", "/account/plan");
      expect(button("Free")).toHaveTextContent("Manage plan");
      expect(button("Free")).toHaveAttribute("href", "/account/plan");
      expect(button("Premium")).toHaveTextContent("Choose Premium");
      expect(button("Premium")).toHaveAttribute("href", "/account/plan/checkout?plan=premium&interval=month");
      expect(screen.queryByText(/Get Started Free|Start Free Trial/)).not.toBeInTheDocument();
    });

    it("a Premium account sees its plan, and manages the others from its plan page", () => {
      renderPlans("premium");
      expect(button("Premium")).toHaveTextContent("Your plan");
      expect(button("Pro")).toHaveTextContent("Manage plan");
      expect(button("Free")).toHaveTextContent("Manage plan");
      for (const name of ["Free", "Pro", "Premium"])
        expect(button(name)).toHaveAttribute("href", "/account/plan");
    });
  });
});
