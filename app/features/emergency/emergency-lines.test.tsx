import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { linesView, type LinesView } from "~/domain/emergency-lines";
import { EmergencyLines, LinesViewContext } from "./emergency-lines";

function renderAt(path: string, view?: LinesView) {
  const Stub = createRoutesStub([
    {
      path: "/emergency",
      Component: () =>
        view ? (
          <LinesViewContext value={view}>
            <EmergencyLines />
          </LinesViewContext>
        ) : (
          <EmergencyLines />
        ),
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("EmergencyLines", () => {
  it("shows the page's country, with a chooser that posts to /emergency/country and comes back here", () => {
    renderAt(
      "/emergency?species=dog&sign=collapse",
      linesView({ code: "AU", region: null, from: "language" }),
    );
    const chooser = screen.getByRole("form", { name: "Lines for Australia, from your browser's language." });
    expect(chooser).toHaveAttribute("method", "post");
    expect(chooser).toHaveAttribute("action", "/emergency/country");
    expect(within(chooser).getByLabelText("Your country")).toHaveValue("AU");
    expect(
      within(chooser)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["United States", "Canada", "United Kingdom", "Ireland", "Australia", "Another country"]);
    expect(chooser.querySelector('input[name="returnTo"]')).toHaveValue(
      "/emergency?species=dog&sign=collapse#emergency-lines",
    );
    expect(within(chooser).getByRole("button", { name: "Show lines" })).toHaveAttribute("type", "submit");
    expect(screen.getByRole("link", { name: "Call Animal Poisons Helpline: 1300 869 738" })).toHaveAttribute(
      "href",
      "tel:+611300869738",
    );
  });

  it("says when the lines are the visitor's own choice", () => {
    renderAt("/emergency", linesView({ code: "GB", region: null, from: "choice" }));
    expect(screen.getByRole("form", { name: "Lines for United Kingdom, as you chose." })).toBeInTheDocument();
    expect(screen.getByLabelText("Your country")).toHaveValue("GB");
  });

  it("gives the sentence for a country we have no line for, 'Another country' chosen", () => {
    renderAt("/emergency", linesView({ code: null, region: "FR", from: "language" }));
    expect(screen.getByText(/^PawPal has no emergency phone lines for France\./)).toBeInTheDocument();
    expect(screen.getByLabelText("Your country")).toHaveValue("other");
    expect(screen.queryByRole("link", { name: /^Call/ })).not.toBeInTheDocument();
  });

  it("without a country from the page, asks which country", () => {
    renderAt("/emergency");
    expect(screen.getByRole("form", { name: "Which country are you in?" })).toBeInTheDocument();
    expect(screen.getByText(/^Choose your country to see its emergency lines/)).toBeInTheDocument();
  });
});
