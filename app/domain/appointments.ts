import type { FormReply } from "~/domain/forms";
import { z } from "~/utils/zod";
import type { PetChoice } from "./pets";
import { appointmentSchema, RECORD_ERRORS, RECORD_LIMITS } from "./records";
import { singleLine } from "./text";

/*
 * "Book a visit" from the nearby list: PawPal does not book an outside clinic. It keeps the
 * appointment the owner arranges (or is arranging) with the clinic in the pet's records, with a
 * reminder and a calendar event, and gives the clinic's phone and website to confirm it with them.
 * The clinic's contacts travel in the appointment's notes, one labelled line each, so the owner
 * can read and change them like any note; the page turns those lines back into links.
 */

/** What the booking form and the appointment say about who books: never PawPal. */
export const CONFIRM_WITH_CLINIC = "Call or visit the clinic's website to confirm this time with them.";
export const NOT_BOOKED_BY_PAWPAL =
  "PawPal does not book the clinic for you: it keeps the appointment in your pet's records and on its list of what's due, so your reminder mails and calendar feed include it if you use them.";

/** The clinic's contacts a booking carries. */
export type ClinicContacts = { phone: string | null; website: string | null; address: string | null };

const LABELS = { phone: "Phone", website: "Website", address: "Address" } as const;

/** A website address we link to: http or https only (never javascript: or data:). */
export function isWebsite(value: string) {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** A phone number as a tel: link: digits and a leading plus only. */
export function telUrl(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The notes of a booked appointment: "Phone: …", "Website: …", "Address: …", each given on its own line. */
export function contactNotes(contacts: Partial<ClinicContacts>): string | null {
  const lines = (Object.keys(LABELS) as (keyof ClinicContacts)[])
    .filter((field) => contacts[field])
    .map((field) => `${LABELS[field]}: ${contacts[field]}`);
  return lines.length > 0 ? lines.join("\n") : null;
}

/**
 * An appointment's notes read back: the clinic's contacts from their labelled lines (a website
 * only when it is an http(s) address), and the rest of the notes as they were written.
 */
export function readContactNotes(notes: string | null): ClinicContacts & { rest: string | null } {
  const found: ClinicContacts = { phone: null, website: null, address: null };
  const rest: string[] = [];
  for (const line of (notes ?? "").split(/\r\n|\r|\n/)) {
    const [, label, value] = /^(Phone|Website|Address): *(.+?) *$/.exec(line) ?? [];
    const field = (Object.keys(LABELS) as (keyof ClinicContacts)[]).find((key) => LABELS[key] === label);
    if (field && value && !found[field] && (field !== "website" || isWebsite(value))) found[field] = value;
    else rest.push(line);
  }
  const text = rest.join("\n").trim();
  return { ...found, rest: text || null };
}

function optionalLine(limit: number, tooLong: string) {
  return singleLine(z.string().trim().max(limit, tooLong))
    .optional()
    .transform((value) => value || null);
}

/**
 * The booking form of a clinic in the nearby list (posted to the pet's page, intent
 * "book-visit"): the appointment's date, time and reason, with the clinic's name and contacts
 * as the list gave them.
 */
export const bookVisitSchema = appointmentSchema.omit({ notes: true }).extend({
  phone: optionalLine(RECORD_LIMITS.phone, RECORD_ERRORS.phoneTooLong),
  website: optionalLine(RECORD_LIMITS.website, RECORD_ERRORS.websiteInvalid).refine(
    (value) => value === null || isWebsite(value),
    RECORD_ERRORS.websiteInvalid,
  ),
  address: optionalLine(RECORD_LIMITS.address, RECORD_ERRORS.addressTooLong),
});

export type BookVisitField = Extract<keyof z.input<typeof bookVisitSchema>, string>;

/** What the pet page's action answers a booking it refused (a booking it takes redirects to the pet). */
export type BookVisitAnswer = { intent: "book-visit" } & FormReply<BookVisitField>;

/**
 * The pets a signed-in account can book a visit for (what /pets tells the booking form): those
 * whose owner's plan has vet booking; `locked` is the plan's sentence when there are none
 * because the account's own plan does not have it.
 */
export type BookingChoices = { pets: PetChoice[]; locked: string | null };
