/**
 * Real emergency lines for pet owners, per country: an animal poison line, how to reach a 24/7
 * emergency vet, and an animal-welfare (cruelty) line. They replace the invented 555-01xx numbers
 * of `emergency-lines.ts`. The types are in `emergency-lines-types.ts`; the lines, by country
 * group, in `emergency-lines-data-na.ts` (United States, Canada) and `emergency-lines-data-eu-au.ts`
 * (United Kingdom, Ireland, Australia). This file joins them, in the chooser's order.
 *
 * Every entry carries the date its source was read: 2026-11-26 for the first entries, 2026-12-02
 * for those added or corrected after the team's issue (checked on 2026-12-02). Sources are the
 * publisher's own pages where one showed the number; where none did, the number is as another
 * page publishes it (a veterinary practice's, a government's), and the entry's `note` says whose.
 * Where no page showed a number, the entry is a `LocalHelp` sentence instead: it says how to reach
 * the service and carries no number. Never add a number from memory; re-check each source before
 * a release, as numbers and hours change.
 *
 * Data only: no React.
 */

import { NORTH_AMERICA_LINES } from "./emergency-lines-data-na";
import { EUROPE_AUSTRALIA_LINES } from "./emergency-lines-data-eu-au";
import type { CountryLines } from "./emergency-lines-types";

export type {
  CountryCode,
  CountryLines,
  EmergencyLineKind,
  LineSource,
  LocalHelp,
  PhoneLine,
} from "./emergency-lines-types";

export const COUNTRY_LINES: readonly CountryLines[] = [...NORTH_AMERICA_LINES, ...EUROPE_AUSTRALIA_LINES];
