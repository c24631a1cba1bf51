/**
 * The one entry to the emergency lines: every page and mail that shows a line reads it here.
 * The lines themselves, each read on its publisher's page and cited, are in
 * `emergency-lines-data.ts` (nothing else imports that file); which country a visitor sees is
 * decided in `country.ts`.
 */

import { LINE_COUNTRIES, regionName, type CountrySource, type ResolvedCountry } from "./country";
import {
  COUNTRY_LINES,
  type CountryCode,
  type CountryLines,
  type EmergencyLineKind,
  type LocalHelp,
  type PhoneLine,
} from "./emergency-lines-data";

export { COUNTRY_LINES };
export type {
  CountryCode,
  CountryLines,
  EmergencyLineKind,
  LineSource,
  LocalHelp,
  PhoneLine,
} from "./emergency-lines-data";

export type EmergencyLine = PhoneLine | LocalHelp;

/** The three kinds of line of the specification, in the order they are shown. */
export const LINE_KINDS = [
  "poison",
  "emergency-vet",
  "welfare",
] as const satisfies readonly EmergencyLineKind[];

export const KIND_TITLES: Record<EmergencyLineKind, string> = {
  poison: "Poison control",
  "emergency-vet": "24/7 animal emergency",
  welfare: "Animal welfare emergency",
};

export function isPhoneLine(line: EmergencyLine): line is PhoneLine {
  return "tel" in line;
}

export function countryLines(code: CountryCode): CountryLines {
  return COUNTRY_LINES.find((country) => country.code === code)!;
}

/** The names of the countries we have lines for, in the chooser's order. */
export const LINE_COUNTRY_NAMES: readonly { code: CountryCode; name: string }[] = LINE_COUNTRIES.map(
  (code) => ({ code, name: countryLines(code).name }),
);

/** A country's lines grouped by kind, in the order of LINE_KINDS (every kind has one at least). */
export function linesByKind(lines: readonly EmergencyLine[]) {
  return LINE_KINDS.map((kind) => ({
    kind,
    title: KIND_TITLES[kind],
    lines: lines.filter((line) => line.kind === kind),
  }));
}

/** How to find an emergency vet anywhere: no number, as we know none for the place. */
export const FIND_AN_EMERGENCY_VET =
  "To find the nearest emergency vet, call your own vet first: out of hours, their phone line or recording should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way. If your pet may have been poisoned, tell the vet what and how much, and bring the packaging.";

/** What a visitor sees when we have no line for their country. */
export function noLinesSentence(countryName: string | null): string {
  return `PawPal has no emergency phone lines for ${countryName ?? "your country"}. ${FIND_AN_EMERGENCY_VET}`;
}

/** What a visitor sees when we do not know their country (no choice, no region in their language). */
export const UNKNOWN_COUNTRY_SENTENCE = `Choose your country to see its emergency lines: PawPal has lines for ${listOf(
  COUNTRY_LINES.map((country) => country.name),
)}. For any other country, PawPal has no line. ${FIND_AN_EMERGENCY_VET}`;

function listOf(names: readonly string[]) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a page shows: one country's lines, or the sentence for a country we have none for. */
export type LinesView =
  | { status: "lines"; code: CountryCode; name: string; lines: readonly EmergencyLine[]; from: CountrySource }
  | { status: "none"; countryName: string | null; sentence: string; from: CountrySource };

export function linesView(country: ResolvedCountry): LinesView {
  if (country.code) {
    const { code, name, lines } = countryLines(country.code);
    return { status: "lines", code, name, lines, from: country.from };
  }
  if (country.from === "unknown")
    return { status: "none", countryName: null, sentence: UNKNOWN_COUNTRY_SENTENCE, from: "unknown" };
  const countryName = country.region ? regionName(country.region) : null;
  return { status: "none", countryName, sentence: noLinesSentence(countryName), from: country.from };
}
