import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SIGNS } from "~/domain/emergency-signs";
import { EmergencyAnswer } from "~/features/emergency/emergency-answer";
import { LinesViewContext } from "~/features/emergency/emergency-lines";
import { loader } from "./emergency";

/*
 * Every red flag, for each species it applies to, through the page's query as the form (or a
 * shared link) sends it: the loader's answer rendered as the page renders it says "go now", names
 * the sign, and gives the lines of the visitor's country as tap-to-call links. The browser
 * (tests/e2e/emergency.spec.ts) shows two of them.
 */

afterEach(cleanup);

/** The loader's answer for a visitor whose browser speaks US English. */
function load(query: string) {
  const request = new Request(`http://localhost/emergency${query}`, {
    headers: { "Accept-Language": "en-US,en;q=0.9" },
  });
  return loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]).data;
}

const redFlags = SIGNS.filter((sign) => sign.level === "emergency").flatMap((sign) =>
  sign.species.map((species) => [`${sign.id} (${species})`, sign, species] as const),
);

describe("a red flag on /emergency", () => {
  it("is in the rules for both species, more than ten of them", () => {
    expect(redFlags.length).toBeGreaterThan(10);
    expect(new Set(redFlags.map(([, , species]) => species))).toEqual(new Set(["dog", "cat"]));
  });

  it.each(redFlags)("%s: 'Emergency — go now', the sign, and the lines to call", (_, sign, species) => {
    const { choices, assessment, lines } = load(`?species=${species}&sign=${sign.id}`);
    expect(assessment).not.toBeNull();
    const Stub = createRoutesStub([
      {
        path: "/emergency",
        Component: () => (
          <LinesViewContext value={lines}>
            <EmergencyAnswer assessment={assessment!} species={choices.species ?? undefined} />
          </LinesViewContext>
        ),
      },
    ]);
    render(<Stub initialEntries={[`/emergency?species=${species}&sign=${sign.id}`]} />);
    const answer = screen.getByRole("region", { name: "Emergency — go now" });
    expect(answer).toHaveTextContent(sign.label);
    expect(
      within(answer).getByRole("link", { name: "Call ASPCA Animal Poison Control Center: (888) 426-4435" }),
    ).toHaveAttribute("href", "tel:+18884264435");
  });
});
