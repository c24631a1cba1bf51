import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AccountPageLayout from "./account-page";
import FormPageLayout from "./form-page";

const TINT = "bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-12 sm:px-6";

describe.each([
  ["the signed-in pages", AccountPageLayout, `${TINT} lg:py-16`],
  ["the one-form pages", FormPageLayout, `${TINT} lg:py-20`],
])("the layout of %s", (_, Layout, className) => {
  it("frames the page it matched, and nothing else", async () => {
    const Stub = createRoutesStub([
      { Component: Layout, children: [{ path: "/page", Component: () => <h1>The page</h1> }] },
    ]);
    const { container } = render(<Stub initialEntries={["/page"]} />);
    const heading = await screen.findByRole("heading", { name: "The page" });
    expect(container.firstElementChild).toBe(heading.parentElement);
    expect(heading.parentElement).toHaveAttribute("class", className);
  });
});
