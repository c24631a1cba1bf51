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

/**
 * Whether an entry reaches help at night for the whole country: a line that answers through the
 * night (its source says so: `answersAtNight`) and covers all of it, or an official finder.
 */
export function reachesHelpAtNight(line: EmergencyLine): boolean {
  return isPhoneLine(line) ? line.answersAtNight === true && !line.region : line.finder !== undefined;
}

/** Where a "go now" answer looks for the entry it shows first: a vet, then poison, then welfare. */
const NIGHT_LINE_KINDS = [
  "emergency-vet",
  "poison",
  "welfare",
] as const satisfies readonly EmergencyLineKind[];

/**
 * The entry a "go now" answer shows first (at 2 a.m. it must reach someone): the first entry that
 * reaches help at night, looked for among the emergency vets, then the poison lines, then the
 * welfare lines. Undefined where a country has none.
 */
export function nightLine(lines: readonly EmergencyLine[]): EmergencyLine | undefined {
  for (const kind of NIGHT_LINE_KINDS) {
    const line = lines.find((entry) => entry.kind === kind && reachesHelpAtNight(entry));
    if (line) return line;
  }
  return undefined;
}

/**
 * A "go now" answer's groups: those of `linesByKind`, with the group of the night line first and
 * the night line first in it; where there is no night line, the emergency vets first.
 */
export function goNowLinesByKind(lines: readonly EmergencyLine[]) {
  const lead = nightLine(lines);
  const firstKind = lead?.kind ?? "emergency-vet";
  const groups = linesByKind(lines).map((group) =>
    lead && group.kind === firstKind
      ? { ...group, lines: [lead, ...group.lines.filter((line) => line !== lead)] }
      : group,
  );
  return [
    ...groups.filter((group) => group.kind === firstKind),
    ...groups.filter((group) => group.kind !== firstKind),
  ];
}

/**
 * What to do when the search for vets open now finds nothing or fails, for the lines shown: call
 * your own vet, then the night line or the finder by name (no number: the lines show it).
 */
export function whereElseToLook(lines: readonly EmergencyLine[]): string {
  const lead = nightLine(lines);
  const yourVet =
    "Call your own vet's usual number: out of hours it should say which emergency clinic covers them.";
  if (!lead)
    return `${yourVet} If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.`;
  if (isPhoneLine(lead)) return `${yourVet} Or call ${lead.name}, above, which answers at night.`;
  return `${yourVet} Or use ${lead.name}, above, to find the practices near you.`;
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
