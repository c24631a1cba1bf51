import { describe, expect, it } from "vitest";
import { CHOICE_PROBLEMS, signById, signsFor } from "~/domain/emergency";
import { SPECIES } from "~/domain/emergency-signs";
import { loader } from "./emergency";

/** The loader's answer for a query, as the page receives it (no database: nothing to read). */
function load(query: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/emergency${query}`, { headers });
  const result = loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]);
  return { ...result.data, headers: new Headers(result.init?.headers) };
}

describe("GET /emergency", () => {
  it("gives no answer and no problem to a visitor who has not checked yet", () => {
    expect(load("")).toMatchObject({
      choices: { species: null, signIds: [], problems: [], asked: false },
      assessment: null,
    });
  });

  const redFlags = SPECIES.flatMap((species) =>
    signsFor(species)
      .filter((sign) => sign.level === "emergency")
      .map((sign) => [`${sign.id} (${species})`, species, sign.id] as const),
  );
  it.each(redFlags)("%s through the query: go now", (_, species, id) => {
    const { choices, assessment } = load(`?species=${species}&sign=${id}&sign=vomit-once`);
    expect(choices).toMatchObject({ species, signIds: [id, "vomit-once"], problems: [] });
    expect(assessment).toEqual({ level: "emergency", reasons: [signById(id)] });
  });

  it("answers today and can wait from the query too, and 'none' for a species alone", () => {
    expect(load("?species=cat&sign=cat-not-eating&sign=itching").assessment?.level).toBe("today");
    expect(load("?species=dog&sign=dog-off-food").assessment?.level).toBe("can-wait");
    expect(load("?species=dog").assessment).toEqual({ level: "none", reasons: [] });
  });

  it("invents no answer without a species, and asks for one", () => {
    const { choices, assessment } = load("?sign=itching");
    expect(assessment).toBeNull();
    expect(choices.problems).toEqual([CHOICE_PROBLEMS.noSpecies]);
    expect(choices.signIds).toEqual(["itching"]);
  });

  it("still says 'go now' for a red flag of both species without a species, or beside a wrong sign", () => {
    const noSpecies = load("?sign=chocolate");
    expect(noSpecies.choices.problems).toEqual([CHOICE_PROBLEMS.noSpecies]);
    expect(noSpecies.assessment).toEqual({ level: "emergency", reasons: [signById("chocolate")] });
    const wrongSign = load("?species=dog&sign=lilies&sign=bloat");
    expect(wrongSign.choices.problems).toHaveLength(1);
    expect(wrongSign.assessment).toEqual({ level: "emergency", reasons: [signById("bloat")] });
  });

  it("invents no answer for an unknown sign or species, or a sign of the other species", () => {
    for (const query of [
      "?species=dog&sign=nonsense",
      "?species=horse",
      "?species=dog&sign=lilies",
      "?species=cat&sign=bloat&sign=itching",
    ]) {
      const { choices, assessment } = load(query);
      expect(assessment, query).toBeNull();
      expect(choices.problems.length, query).toBeGreaterThan(0);
    }
  });

  it("is public for everyone signed out, and kept by no cache for a signed-in visitor", () => {
    expect(load("?species=dog&sign=collapse").headers.get("Cache-Control")).toBe(
      "public, max-age=0, must-revalidate",
    );
    const signedIn = load("?species=dog", { Cookie: "pawpal.session_token=abc.def" });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.headers.get("Vary")).toBe("Cookie, Accept-Language");
  });

  it("passes no text from the query to the page: unknown signs are dropped, not echoed", () => {
    const { choices } = load(`?species=dog&sign=${encodeURIComponent("<img src=x>")}`);
    expect(choices.signIds).toEqual([]);
    expect(JSON.stringify(choices)).not.toContain("<img");
  });
});

describe("GET /emergency: the lines of the visitor's country", () => {
  it("follows the browser's language, then the chooser's cookie", () => {
    expect(load("", { "Accept-Language": "en-AU,en;q=0.9" }).lines).toMatchObject({
      status: "lines",
      code: "AU",
      from: "language",
    });
    expect(
      load("?species=dog&sign=collapse", { "Accept-Language": "en-AU", Cookie: "pawpal.country=GB" }).lines,
    ).toMatchObject({ status: "lines", code: "GB", name: "United Kingdom", from: "choice" });
  });

  it("says so for a country we have no line for, and for one we cannot tell", () => {
    expect(load("", { "Accept-Language": "fr-FR" }).lines).toMatchObject({
      status: "none",
      countryName: "France",
    });
    expect(load("", { "Accept-Language": "en" }).lines).toMatchObject({ status: "none", from: "unknown" });
    expect(load("").lines).toMatchObject({ status: "none", from: "unknown" });
  });

  it("reads a malformed cookie or header as no choice, never an error", () => {
    const odd = load("", { Cookie: "pawpal.country=%E0%A4%A; =;;", "Accept-Language": ";q=;,en-GB;q=0.5" });
    expect(odd.lines).toMatchObject({ status: "lines", code: "GB", from: "language" });
  });
});
