/**
 * The shapes of the emergency lines' data (`emergency-lines-data.ts` and the files it joins:
 * `emergency-lines-data-na.ts`, `emergency-lines-data-eu-au.ts`). Types only, and the dates the
 * sources were read; no React, no data.
 */

export type EmergencyLineKind = "poison" | "emergency-vet" | "welfare";

export type CountryCode = "US" | "CA" | "GB" | "IE" | "AU";

export type LineSource = {
  /** The page that shows the number (or explains the service): its publisher's own where we found one. */
  url: string;
  publisher: string;
  /** When the page was read, YYYY-MM-DD. */
  checked: string;
};

export type PhoneLine = {
  kind: EmergencyLineKind;
  name: string;
  runBy: string;
  /** When to call, short. */
  detail: string;
  /** As displayed, national format. */
  phone: string;
  /** E.164, for tel: links. */
  tel: string;
  /** What the publisher says about a fee; null when it names none (call charges may still apply). */
  fee: string | null;
  hours: string;
  /**
   * Set only where a source says the line answers through the night (24 hours): a "go now"
   * answer shows such a line first when it covers the whole country.
   */
  answersAtNight?: true;
  /** The part of the country the line covers, when it does not cover all of it. */
  region?: string;
  /**
   * A caveat the visitor should see next to the number. Where the number was read on someone
   * else's page than the publisher's (a veterinary practice's, a government's), it says whose.
   */
  note?: string;
  source: LineSource;
  /** Other pages that confirm the number or give the hours or the fee. */
  seeAlso?: readonly LineSource[];
};

/** An official search for a vet (a regulator's register of practices, say), shown as a link. */
export type Finder = {
  url: string;
  /** The link's text: what to search it by. */
  label: string;
};

export type LocalHelp = {
  kind: EmergencyLineKind;
  name: string;
  /** A plain sentence; no phone number unless its publisher's page confirmed it. */
  howToReach: string;
  /** Set where the entry is an official finder: a "go now" answer shows it first. */
  finder?: Finder;
  source?: LineSource;
};

export type CountryLines = {
  code: CountryCode;
  name: string;
  /** At least one entry of each kind, in the order poison, emergency-vet, welfare. */
  lines: readonly (PhoneLine | LocalHelp)[];
};

/** When the entries first added were read on their sources. */
export const CHECKED_2026_11_26 = "2026-11-26";

/** When the entries added or corrected after the team's issue were read on their sources. */
export const CHECKED_2026_12_02 = "2026-12-02";
