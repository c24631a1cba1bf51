import { describe, expect, it } from "vitest";
import { LINE_COUNTRIES } from "./country";
import {
  COUNTRY_LINES,
  countryLines,
  FIND_AN_EMERGENCY_VET,
  goNowLinesByKind,
  type CountryCode,
  KIND_TITLES,
  LINE_COUNTRY_NAMES,
  LINE_KINDS,
  linesByKind,
  linesView,
  nightLine,
  noLinesSentence,
  reachesHelpAtNight,
  UNKNOWN_COUNTRY_SENTENCE,
  whereElseToLook,
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

/**
 * Countries for which no stored page showed a nationwide line that answers at night, nor an
 * official finder (see emergency-lines-data-eu-au.ts). When one is found, move the country out.
 */
const NO_NIGHT_LINE_YET: readonly CountryCode[] = ["IE", "AU"];

describe('a "go now" answer', () => {
  it.each(LINE_COUNTRIES.filter((code) => !NO_NIGHT_LINE_YET.includes(code)))(
    "%s: offers first a line that answers at night or an official finder",
    (code) => {
      const first = goNowLinesByKind(countryLines(code).lines)[0]!.lines[0]!;
      expect(reachesHelpAtNight(first), first.name).toBe(true);
      expect(first).toBe(nightLine(countryLines(code).lines));
    },
  );

  it("starts, for each country, with the line or finder the issue names", () => {
    const firstOf = (code: CountryCode) => goNowLinesByKind(countryLines(code).lines)[0]!.lines[0]!.name;
    expect(firstOf("US")).toBe("ASPCA Animal Poison Control Center");
    expect(firstOf("CA")).toBe("Pet Poison Helpline");
    // At 2 a.m. the RSPCA (7am–10pm) and the Scottish SPCA (not overnight) do not answer.
    expect(firstOf("GB")).toBe("RCVS Find a Vet");
  });

  it.each(NO_NIGHT_LINE_YET)("%s: has none yet, and starts with the emergency vets", (code) => {
    expect(nightLine(countryLines(code).lines)).toBeUndefined();
    expect(goNowLinesByKind(countryLines(code).lines)[0]!.kind).toBe("emergency-vet");
  });

  it.each(LINE_COUNTRIES)("%s: loses no line, and keeps each kind's title", (code) => {
    const { lines } = countryLines(code);
    const groups = goNowLinesByKind(lines);
    expect(groups.flatMap((group) => group.lines)).toHaveLength(lines.length);
    expect(new Set(groups.flatMap((group) => group.lines))).toEqual(new Set(lines));
    for (const group of groups) expect(group.title).toBe(KIND_TITLES[group.kind]);
  });

  it("never leads with a line of one region only, even one open at night", () => {
    const ontario = countryLines("CA").lines.find(
      (line) => line.name === "Ontario Animal Protection Call Centre",
    )!;
    expect(reachesHelpAtNight(ontario)).toBe(false);
    expect(
      reachesHelpAtNight(countryLines("CA").lines.find((line) => line.name === "Pet Poison Helpline")!),
    ).toBe(true);
  });
});

describe("where else to look when the search for vets open now fails", () => {
  it("names the night line or the finder, and never a number", () => {
    expect(whereElseToLook(countryLines("GB").lines)).toBe(
      "Call your own vet's usual number: out of hours it should say which emergency clinic covers them. Or use RCVS Find a Vet, above, to find the practices near you.",
    );
    expect(whereElseToLook(countryLines("US").lines)).toMatch(
      /Or call ASPCA Animal Poison Control Center, above, which answers at night\.$/,
    );
    expect(whereElseToLook(countryLines("AU").lines)).toMatch(
      /look up 24-hour emergency vets near you on a map/,
    );
    for (const code of LINE_COUNTRIES)
      expect(whereElseToLook(countryLines(code).lines)).not.toMatch(/\d[\d\s().-]{4,}\d/);
  });
});
