import { describe, expect, it } from "vitest";
import {
  COUNTRY_COOKIE,
  countryCookie,
  countryOfRequest,
  parseAcceptLanguage,
  parseCountryChoice,
  readCountryCookie,
  regionFromAcceptLanguage,
  regionFromLanguages,
  regionName,
  regionOfLanguageTag,
  resolveCountry,
} from "./country";

describe("Accept-Language", () => {
  it("lists the ranges most preferred first, by q and then by their order", () => {
    expect(parseAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      { tag: "fr-CH", q: 1, region: "CH" },
      { tag: "fr", q: 0.9, region: null },
      { tag: "en", q: 0.8, region: null },
      { tag: "de", q: 0.7, region: null },
    ]);
    expect(parseAcceptLanguage("en;q=0.5, en-AU;q=0.9, en-GB;q=0.9").map((range) => range.tag)).toEqual([
      "en-AU",
      "en-GB",
      "en",
    ]);
  });

  it("takes the region of the most preferred range that names one", () => {
    expect(regionFromAcceptLanguage("en-GB,en;q=0.9")).toBe("GB");
    expect(regionFromAcceptLanguage("en-US,en;q=0.9,en-GB;q=0.8")).toBe("US");
    expect(regionFromAcceptLanguage("en;q=0.9, en-IE;q=0.8")).toBe("IE");
    expect(regionFromAcceptLanguage("en-GB;q=0.3, en-AU;q=0.7")).toBe("AU");
    expect(regionFromAcceptLanguage("fr-CA, en-CA;q=0.5")).toBe("CA");
    expect(regionFromAcceptLanguage("de-DE")).toBe("DE");
  });

  it("reads no country from a language alone: en is not taken for the United States", () => {
    expect(regionFromAcceptLanguage("en")).toBeNull();
    expect(regionFromAcceptLanguage("en, fr;q=0.5")).toBeNull();
    expect(regionFromAcceptLanguage("*")).toBeNull();
  });

  it("leaves out ranges not wanted (q=0) or that cannot be read, and never throws", () => {
    expect(regionFromAcceptLanguage("en-GB;q=0, en-AU;q=0.1")).toBe("AU");
    expect(regionFromAcceptLanguage("en-GB;q=2, en-IE;q=abc, en-CA")).toBe("CA");
    expect(regionFromAcceptLanguage("en-GB;q=1.5")).toBeNull();
    for (const header of [null, undefined, "", ";;;", ",,,", "q=1", "en-GB;;q", "🐶-GB", "e".repeat(100_000)])
      expect(() => parseAcceptLanguage(header)).not.toThrow();
    expect(regionFromAcceptLanguage(`${"x-yy;q=0.5,".repeat(10_000)}en-GB`)).toBeNull();
  });

  it("finds the region after a script, in any case, with _ as well as -, and reads UK as GB", () => {
    expect(regionOfLanguageTag("zh-Hant-TW")).toBe("TW");
    expect(regionOfLanguageTag("en-gb")).toBe("GB");
    expect(regionOfLanguageTag("en_AU")).toBe("AU");
    expect(regionOfLanguageTag("en-UK")).toBe("GB");
    expect(regionOfLanguageTag("es-419")).toBeNull();
    expect(regionOfLanguageTag("en")).toBeNull();
    expect(regionOfLanguageTag("123-GB")).toBeNull();
  });

  it("is read the same way from the browser's navigator.languages", () => {
    expect(regionFromLanguages(["en", "en-AU", "en-GB"])).toBe("AU");
    expect(regionFromLanguages(["fr"])).toBeNull();
  });
});

describe("the country cookie", () => {
  it("is read when it holds a country of ours or 'other'", () => {
    expect(readCountryCookie(`${COUNTRY_COOKIE}=GB`)).toBe("GB");
    expect(readCountryCookie(`a=1; ${COUNTRY_COOKIE}=other; b=2`)).toBe("other");
    expect(readCountryCookie(`${COUNTRY_COOKIE}="IE"`)).toBe("IE");
  });

  it("is no choice when missing, malformed, unknown or tampered with", () => {
    for (const header of [
      null,
      "",
      "pawpal.session_token=abc",
      `${COUNTRY_COOKIE}=`,
      `${COUNTRY_COOKIE}=gb`,
      `${COUNTRY_COOKIE}=FR`,
      `${COUNTRY_COOKIE}=GB%00`,
      `${COUNTRY_COOKIE}=%E0%A4%A`,
      `${COUNTRY_COOKIE}=<script>`,
      `${COUNTRY_COOKIE}`,
      "=;=;;=",
      `${COUNTRY_COOKIE}=${"G".repeat(10_000)}`,
    ])
      expect(readCountryCookie(header), String(header)).toBeNull();
  });

  it("counts the first when sent twice", () => {
    expect(readCountryCookie(`${COUNTRY_COOKIE}=AU; ${COUNTRY_COOKIE}=US`)).toBe("AU");
    expect(readCountryCookie(`${COUNTRY_COOKIE}=XX; ${COUNTRY_COOKIE}=US`)).toBeNull();
  });

  it("is set for a year, site-wide, Lax, Secure over https", () => {
    expect(countryCookie("GB")).toBe(`${COUNTRY_COOKIE}=GB; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(countryCookie("other", true)).toMatch(/^pawpal\.country=other; .*; Secure$/);
  });

  it("accepts only the chooser's own values", () => {
    expect(parseCountryChoice("US")).toBe("US");
    expect(parseCountryChoice("other")).toBe("other");
    for (const value of ["us", "Other", "", "FR", null, 1, ["GB"]])
      expect(parseCountryChoice(value)).toBeNull();
  });
});

describe("the country shown", () => {
  it("is the choice first, then the browser's language, else unknown", () => {
    expect(resolveCountry({ choice: "IE", region: "GB" })).toEqual({
      code: "IE",
      region: null,
      from: "choice",
    });
    expect(resolveCountry({ choice: "other", region: "GB" })).toEqual({
      code: null,
      region: null,
      from: "choice",
    });
    expect(resolveCountry({ choice: null, region: "GB" })).toEqual({
      code: "GB",
      region: null,
      from: "language",
    });
    expect(resolveCountry({ choice: null, region: "FR" })).toEqual({
      code: null,
      region: "FR",
      from: "language",
    });
    expect(resolveCountry({ choice: null, region: null })).toEqual({
      code: null,
      region: null,
      from: "unknown",
    });
  });

  it("comes from a request's headers, a bad cookie counting as no choice", () => {
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(countryOfRequest(headers({ "Accept-Language": "en-AU,en;q=0.9" })).code).toBe("AU");
    expect(
      countryOfRequest(headers({ "Accept-Language": "en-AU", Cookie: `${COUNTRY_COOKIE}=GB` })).code,
    ).toBe("GB");
    expect(
      countryOfRequest(headers({ "Accept-Language": "en-AU", Cookie: `${COUNTRY_COOKIE}=nope` })).code,
    ).toBe("AU");
    expect(countryOfRequest(headers({})).from).toBe("unknown");
  });

  it("names a region we have no line for in English, and nothing that is not a region", () => {
    expect(regionName("FR")).toBe("France");
    expect(regionName("ZZ")).toBeNull();
    expect(regionName("XX")).toBeNull();
    expect(regionName("419")).toBeNull();
  });
});
