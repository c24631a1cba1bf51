import { describe, expect, it } from "vitest";
import { LINE_COUNTRIES } from "./country";
import {
  COUNTRY_LINES,
  FIND_AN_EMERGENCY_VET,
  KIND_TITLES,
  LINE_COUNTRY_NAMES,
  LINE_KINDS,
  linesByKind,
  linesView,
  noLinesSentence,
  UNKNOWN_COUNTRY_SENTENCE,
} from "./emergency-lines";

describe("the lines of each country", () => {
  it.each(LINE_COUNTRIES)(
    "%s has the specification's three kinds: poison control, 24/7 emergency, animal welfare",
    (code) => {
      const view = linesView({ code, region: null, from: "language" });
      expect(view.status).toBe("lines");
      if (view.status !== "lines") return;
      const groups = linesByKind(view.lines);
      expect(groups.map((group) => group.title)).toEqual([
        "Poison control",
        "24/7 animal emergency",
        "Animal welfare emergency",
      ]);
      for (const group of groups) expect(group.lines.length, `${code} ${group.kind}`).toBeGreaterThan(0);
      // Nothing is lost in the grouping.
      expect(groups.flatMap((group) => group.lines)).toHaveLength(view.lines.length);
    },
  );

  it("offers the five countries in the chooser, by name", () => {
    expect(LINE_COUNTRY_NAMES).toEqual([
      { code: "US", name: "United States" },
      { code: "CA", name: "Canada" },
      { code: "GB", name: "United Kingdom" },
      { code: "IE", name: "Ireland" },
      { code: "AU", name: "Australia" },
    ]);
    expect(COUNTRY_LINES).toHaveLength(LINE_COUNTRIES.length);
    expect(Object.keys(KIND_TITLES)).toEqual([...LINE_KINDS]);
  });

  it("are the chosen country's, whatever the browser's language", () => {
    const view = linesView({ code: "GB", region: null, from: "choice" });
    expect(view).toMatchObject({ status: "lines", code: "GB", name: "United Kingdom", from: "choice" });
  });
});

describe("a country we have no line for", () => {
  it("gets a plain sentence naming it, and how to find the nearest emergency vet", () => {
    const view = linesView({ code: null, region: "FR", from: "language" });
    expect(view).toEqual({
      status: "none",
      countryName: "France",
      sentence: `PawPal has no emergency phone lines for France. ${FIND_AN_EMERGENCY_VET}`,
      from: "language",
    });
  });

  it("chosen as 'another country', is 'your country'", () => {
    const view = linesView({ code: null, region: null, from: "choice" });
    expect(view).toMatchObject({ status: "none", sentence: noLinesSentence(null) });
    expect(noLinesSentence(null)).toMatch(/^PawPal has no emergency phone lines for your country\. /);
  });

  it("unknown (no choice, no region in the language): asks to choose, and says the same", () => {
    const view = linesView({ code: null, region: null, from: "unknown" });
    expect(view).toMatchObject({ status: "none", countryName: null, sentence: UNKNOWN_COUNTRY_SENTENCE });
    expect(UNKNOWN_COUNTRY_SENTENCE).toContain(
      "PawPal has lines for United States, Canada, United Kingdom, Ireland and Australia. For any other country, PawPal has no line.",
    );
  });

  it("dials nothing: the sentences hold no phone number", () => {
    for (const sentence of [FIND_AN_EMERGENCY_VET, noLinesSentence("France"), UNKNOWN_COUNTRY_SENTENCE])
      expect(sentence).not.toMatch(/\d[\d\s().-]{4,}\d/);
  });
});
