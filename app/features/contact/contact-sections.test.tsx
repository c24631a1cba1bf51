import { render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTRY_LINES, noLinesSentence } from "~/domain/emergency-lines";
import { EmergencySupport } from "./contact-sections";

function renderBox() {
  const Stub = createRoutesStub([{ path: "/contact", Component: EmergencySupport }]);
  render(<Stub initialEntries={["/contact"]} />);
  return screen.findByRole("region", { name: "Emergency Pet Support" });
}

const disclosure = (box: HTMLElement, name: string) =>
  within(box).getByText(name, { selector: "summary" }).closest("details")!;

afterEach(() => {
  document.cookie = "pawpal.country=; Max-Age=0; Path=/";
  vi.restoreAllMocks();
});

describe("the contact page's emergency box", () => {
  it("has every country's lines behind its name, each with the three kinds, and a sentence for any other", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en"]);
    const box = await renderBox();
    for (const country of COUNTRY_LINES) {
      const details = disclosure(box, country.name);
      for (const kind of ["Poison control", "24/7 animal emergency", "Animal welfare emergency"])
        expect(within(details).getByRole("list", { name: kind })).toBeInTheDocument();
    }
    expect(disclosure(box, "Another country")).toHaveTextContent(noLinesSentence(null));
    // A language without a country: none is opened for the visitor.
    expect(box.querySelectorAll("details[open]")).toHaveLength(0);
    expect(within(box).getByRole("link", { name: "Is this an emergency? Check the signs" })).toHaveAttribute(
      "href",
      "/emergency",
    );
  });

  it("opens the browser language's country once the page runs", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-AU", "en"]);
    const box = await renderBox();
    await waitFor(() => expect(disclosure(box, "Australia")).toHaveAttribute("open"));
    expect(box.querySelectorAll("details[open]")).toHaveLength(1);
  });

  it("opens the country chosen on /emergency before the browser language's", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-AU"]);
    document.cookie = "pawpal.country=IE; Path=/";
    const box = await renderBox();
    await waitFor(() => expect(disclosure(box, "Ireland")).toHaveAttribute("open"));
  });

  it("opens 'Another country' for a browser in a country we have no line for", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-FR"]);
    const box = await renderBox();
    await waitFor(() => expect(disclosure(box, "Another country")).toHaveAttribute("open"));
  });
});
