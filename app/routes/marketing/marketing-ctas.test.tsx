import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountAccess } from "~/domain/account-access";
import { PLAN_NAMES } from "~/domain/plans";
import Features from "./features";
import Home from "./home";
import Pricing from "./pricing";

/*
 * "Start Free Trial" and "Get Started Free" are for visitors and Free accounts: an account that
 * pays is shown its plan instead. The pages are prerendered for visitors (the root's data has
 * no user) and rendered for a signed-in account (the root's data says its plan).
 */

const VISITOR = { user: null, access: null };
const signedIn = (plan: AccountAccess["plan"]) => ({
  user: { id: "u1", name: "Sam", email: "sam@example.com", role: "user", emailVerified: true },
  access: {
    plan,
    planName: PLAN_NAMES[plan],
    vetChat: plan === "premium",
    consultations: plan === "premium",
  },
});

// A signed-in account's Features page asks how many analyses are left: no server here.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ signedIn: true, ok: true, left: null })),
  );
  return () => vi.unstubAllGlobals();
});

function renderPage(Page: React.ComponentType, path: string, root: object) {
  const Stub = createRoutesStub([{ id: "root", path, Component: Page }]);
  render(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root } }} />);
}

const closing = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("section")!;

describe("the Features page's closing call to action", () => {
  const cta = () => closing("Ready to give your pet the best care?");

  it("offers a visitor the free start, to sign up", () => {
    renderPage(Features, "/features", VISITOR);
    expect(within(cta()).getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
      "href",
      "/auth?tab=signup",
    );
    expect(within(cta()).getByRole("link", { name: "View Pricing Plans" })).toHaveAttribute(
      "href",
      "/pricing",
    );
  });

  it("keeps the words for a Free account, but leads it to its plan page (sign-up would send it home)", () => {
    renderPage(Features, "/features", signedIn("free"));
    expect(within(cta()).getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
      "href",
      "/account/plan",
    );
  });

  it.each(["pro", "premium"] as const)("shows a %s account its plan instead of a free start", (plan) => {
    renderPage(Features, "/features", signedIn(plan));
    expect(within(cta()).queryByText("Start Free Trial")).not.toBeInTheDocument();
    expect(cta()).toHaveTextContent(`You are on the ${plan === "pro" ? "Pro" : "Premium"} plan`);
    expect(within(cta()).getByRole("link", { name: "Manage plan" })).toHaveAttribute("href", "/account/plan");
  });

  it("calls the chat what every page calls it: with a vet", () => {
    renderPage(Features, "/features", VISITOR);
    expect(screen.getByText("24/7 emergency chat with a vet on Premium")).toBeInTheDocument();
    expect(screen.queryByText(/pet-care team on Premium/)).not.toBeInTheDocument();
  });
});

describe("the home page's closing call to action", () => {
  const cta = () => closing("Give your pet the care they deserve");

  it.each([
    ["a visitor", VISITOR],
    ["a Free account", signedIn("free")],
  ])("offers %s the specification's Get Started Free", (_who, root) => {
    renderPage(Home, "/", root);
    expect(within(cta()).getByRole("link", { name: "Get Started Free" })).toHaveAttribute(
      "href",
      "/features#demo",
    );
  });

  it("offers an account that pays its plan, not a free start", () => {
    renderPage(Home, "/", signedIn("pro"));
    expect(within(cta()).queryByText("Get Started Free")).not.toBeInTheDocument();
    expect(cta()).toHaveTextContent("Your Pro plan is ready for the next photo.");
    expect(within(cta()).getByRole("link", { name: "Manage plan" })).toHaveAttribute("href", "/account/plan");
  });
});

describe("the pricing page's plan cards", () => {
  const button = (name: string) => within(screen.getByRole("article", { name })).getByRole("link");

  it("know the signed-in account's plan from the root's data", () => {
    renderPage(Pricing, "/pricing", signedIn("premium"));
    expect(button("Premium")).toHaveTextContent("Your plan");
    expect(button("Free")).toHaveTextContent("Manage plan");
  });

  it("are the specification's for a visitor", () => {
    renderPage(Pricing, "/pricing", VISITOR);
    expect(button("Free")).toHaveTextContent("Get Started Free");
    expect(button("Pro")).toHaveTextContent("Choose Pro");
    expect(button("Premium")).toHaveTextContent("Choose Premium");
  });
});
