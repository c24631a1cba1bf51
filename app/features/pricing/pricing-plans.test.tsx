import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PricingPlans } from "./pricing-plans";

function renderPlans() {
  const Stub = createRoutesStub([{ path: "/pricing", Component: PricingPlans }]);
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
});
