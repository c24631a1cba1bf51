/**
 * Which country's emergency lines a visitor sees: their own choice (the `pawpal.country` cookie,
 * set by the chooser of /emergency), else the region of their browser's language
 * (`Accept-Language`, or `navigator.languages` in the browser). Pure parsing: a header or cookie
 * that cannot be read is no information, never an error.
 *
 * A language without a region ("en", "fr") names no country: we do not guess the United States
 * from "en", as the wrong country's poison line costs more in an emergency than one tap on the
 * chooser.
 */

import type { CountryCode } from "./emergency-lines";

/** The countries PawPal has lines for, in the chooser's order. */
export const LINE_COUNTRIES = ["US", "CA", "GB", "IE", "AU"] as const satisfies readonly CountryCode[];

/** A choice in the chooser: one of those countries, or "another country" (no line of ours). */
export type CountryChoice = CountryCode | "other";

export const COUNTRY_COOKIE = "pawpal.country";
/** A year: the owner's country rarely changes. */
export const COUNTRY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLineCountry(value: unknown): value is CountryCode {
  return typeof value === "string" && (LINE_COUNTRIES as readonly string[]).includes(value);
}

/** A chooser's or cookie's value as a choice, or null for anything else (case-sensitive). */
export function parseCountryChoice(value: unknown): CountryChoice | null {
  if (value === "other") return "other";
  return isLineCountry(value) ? value : null;
}

/**
 * The choice in a Cookie header, or null when there is none or it is not one we set (a malformed
 * header, an unknown or tampered value): the visitor is then treated as having made no choice.
 */
export function readCountryCookie(cookieHeader: string | null | undefined): CountryChoice | null {
  if (!cookieHeader || cookieHeader.length > 8192) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== COUNTRY_COOKIE) continue;
    // The first one counts (the browser sends the most specific first); a bad one is no choice.
    return parseCountryChoice(
      part
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return null;
}

/** The Set-Cookie value that remembers a choice; readable by the page's own script (not secret). */
export function countryCookie(choice: CountryChoice, secure = false) {
  return `${COUNTRY_COOKIE}=${choice}; Path=/; Max-Age=${COUNTRY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type LanguageRange = { tag: string; q: number; region: string | null };

/** Headers longer than this, or with more ranges, are cut: no browser sends that much. */
const MAX_HEADER = 1024;
const MAX_RANGES = 32;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The region subtag of a language tag, upper case (`en-GB` → GB, `zh-Hant-TW` → TW, `en_au` →
 * AU), or null when it has none or names no country (`es-419`, a numeric area). `UK`, not a
 * country code but often written for Britain, is read as GB.
 */
export function regionOfLanguageTag(tag: string): string | null {
  const parts = tag.trim().split(/[-_]/);
  if (!/^[A-Za-z]{2,8}$/.test(parts[0] ?? "")) return null;
  let index = 1;
  if (/^[A-Za-z]{4}$/.test(parts[index] ?? "")) index += 1; // a script, e.g. Hant
  const region = parts[index] ?? "";
  if (!/^[A-Za-z]{2}$/.test(region)) return null;
  const upper = region.toUpperCase();
  return upper === "UK" ? "GB" : upper;
}

/**
 * The ranges of an Accept-Language header, most preferred first (by q, then by their order).
 * Ranges with q=0 (not wanted), `*`, and ranges that cannot be read are left out.
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  for (const item of header.slice(0, MAX_HEADER).split(",").slice(0, MAX_RANGES)) {
    const [rawTag = "", ...params] = item.split(";");
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    let readable = true;
    for (const param of params) {
      const [name = "", value = ""] = param.split("=").map((text) => text.trim());
      if (name.toLowerCase() !== "q") continue;
      if (!QVALUE.test(value)) readable = false;
      else q = Number(value);
    }
    if (!readable || q === 0) continue;
    ranges.push({ tag, q, region: regionOfLanguageTag(tag) });
  }
  // Array.prototype.sort is stable: equal q keeps the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/** The region of the most preferred language that names one, or null. */
export function regionFromLanguages(tags: readonly string[]): string | null {
  for (const tag of tags) {
    const region = regionOfLanguageTag(tag);
    if (region) return region;
  }
  return null;
}

/** The region of the most preferred range of an Accept-Language header that names one, or null. */
export function regionFromAcceptLanguage(header: string | null | undefined): string | null {
  return regionFromLanguages(parseAcceptLanguage(header).map((range) => range.tag));
}

/** Where the country shown came from: the visitor's choice, their browser's language, or nowhere. */
export type CountrySource = "choice" | "language" | "unknown";

export type ResolvedCountry = {
  /** The country whose lines to show, or null: none of ours (then `region` may say which). */
  code: CountryCode | null;
  /** The region the browser named when it is not one of ours (e.g. FR), else null. */
  region: string | null;
  from: CountrySource;
};

/** The country to show: the chooser's choice first, then the browser's language. */
export function resolveCountry({
  choice,
  region,
}: {
  choice: CountryChoice | null;
  region: string | null;
}): ResolvedCountry {
  if (choice === "other") return { code: null, region: null, from: "choice" };
  if (choice) return { code: choice, region: null, from: "choice" };
  if (region === null) return { code: null, region: null, from: "unknown" };
  return isLineCountry(region)
    ? { code: region, region: null, from: "language" }
    : { code: null, region, from: "language" };
}

/** The country of a request: its cookie, else its Accept-Language header. */
export function countryOfRequest(headers: { get(name: string): string | null }): ResolvedCountry {
  return resolveCountry({
    choice: readCountryCookie(headers.get("Cookie")),
    region: regionFromAcceptLanguage(headers.get("Accept-Language")),
  });
}

/** A region's English name ("FR" → "France"), or null when the code names none. */
export function regionName(region: string): string | null {
  // Not a region: codes left for private use (ZZ is "unknown"), Kosovo's XK aside.
  if (!/^[A-Z]{2}$/.test(region) || /^(?:AA|Q[M-Z]|X[A-JL-Z]|ZZ)$/.test(region)) return null;
  try {
    const name = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(region);
    return name && name !== region ? name : null;
  } catch {
    return null;
  }
}
