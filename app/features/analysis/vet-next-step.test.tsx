import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AccountAccess } from "~/domain/account-access";
import { SampleReport } from "./analysis-result";
import { SAMPLE_OUTCOME } from "./sample-report";
import { VetNextStep } from "./vet-next-step";

const VISITOR = null;
const account = (plan: AccountAccess["plan"], vets: boolean): AccountAccess => ({
  plan,
  planName: plan,
  vetChat: vets,
  consultations: vets,
});

/** The step as the Features page shows it: the root route's data says who is signed in. */
function renderStep(access: AccountAccess | null, root: object = { user: access ? {} : null, access }) {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: VetNextStep }]);
  render(<Stub hydrationData={{ loaderData: { root } }} />);
  return screen.getByTestId("vet-next-step");
}

const item = (step: HTMLElement, title: string) =>
  within(step).getByRole("heading", { name: title }).closest("li")!;

describe("VetNextStep", () => {
  it("offers Premium the chat and a consultation", () => {
    const step = renderStep(account("premium", true));
    expect(within(item(step, "Ask a vet now")).getByRole("link", { name: "Ask a vet now" })).toHaveAttribute(
      "href",
      "/chat",
    );
    expect(
      within(item(step, "Book a consultation")).getByRole("link", { name: "Book a consultation" }),
    ).toHaveAttribute("href", "/consultations");
    expect(step).not.toHaveTextContent("is part of");
  });

  it("offers them to a Free member of a Premium owner's family", () => {
    const step = renderStep(account("free", true));
    expect(within(step).getByRole("link", { name: "Ask a vet now" })).toHaveAttribute("href", "/chat");
    expect(within(step).getByRole("link", { name: "Book a consultation" })).toHaveAttribute(
      "href",
      "/consultations",
    );
  });

  it.each([
    ["a visitor", VISITOR],
    ["a Free account", account("free", false)],
    ["a Pro account", account("pro", false)],
  ])("shows %s which plan includes each, linking to the plans, and no way in", (_who, access) => {
    const step = renderStep(access);
    const chat = item(step, "Ask a vet now");
    expect(chat).toHaveTextContent("The 24/7 emergency chat is part of Premium.");
    expect(within(chat).getByRole("link")).toHaveAttribute("href", "/pricing");
    expect(within(chat).getByRole("link")).toHaveAccessibleName("See the plans for ask a vet now");
    const consultation = item(step, "Book a consultation");
    expect(consultation).toHaveTextContent("Vet consultations by video is part of Premium.");
    expect(within(consultation).getByRole("link")).toHaveAttribute("href", "/pricing");
    expect(within(step).queryByRole("link", { name: "Ask a vet now" })).not.toBeInTheDocument();
    expect(step.querySelector('a[href="/chat"], a[href="/consultations"]')).toBeNull();
  });

  it("says the same to a page whose root data has no plan (an older page, the prerendered one)", () => {
    const step = renderStep(null, { user: null });
    expect(step).toHaveTextContent("The 24/7 emergency chat is part of Premium.");
  });

  it("is in the sample report too, where everyone sees what a report offers", () => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => <SampleReport outcome={SAMPLE_OUTCOME} /> },
    ]);
    render(<Stub hydrationData={{ loaderData: { root: { user: null, access: null } } }} />);
    const report = screen.getByTestId("analysis-result");
    expect(within(report).getByRole("heading", { name: "Talk it through with a vet" })).toBeInTheDocument();
    expect(within(report).getByRole("heading", { name: "Ask a vet now" })).toBeInTheDocument();
  });
});
