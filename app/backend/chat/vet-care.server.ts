import { data } from "react-router";
import { petAllows, planRequired } from "~/backend/billing/plans.server";
import { attachmentsOf } from "~/backend/attachments.server";
import { listRecordsForVet } from "~/backend/pet-records.server";
import { findAccessiblePet, findPetWithOwner } from "~/backend/pets.server";
import { availabilityOf, findVet, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { dayIn } from "~/domain/availability";
import type { AccessiblePet } from "~/domain/pets";
import { upgradeSentence, type Feature } from "~/domain/plans";
import { petHealth } from "~/engine/care-plan/pet-health";

/*
 * What the emergency chat (conversations.server.ts) and the video consultations
 * (consultations/*.server.ts) share: who is reading one, how a change answers (the pages and the
 * live channel read the same answer), and how a vet visit a vet records is dated.
 */

/** Who is reading a conversation or a consultation: someone on the pet's side (owner or family member), or its vet. */
export type Reader = { side: "owner"; pet: AccessiblePet } | { side: "vet"; vet: Vet };

/**
 * Who `signedIn` is in a conversation or consultation about `petId` whose vet is `vetId`: its
 * vet, someone who can open the pet, or null for anyone else (a stranger must not learn it exists).
 */
export async function readerOf(
  signedIn: SessionUser,
  { petId, vetId }: { petId: string; vetId: string | null },
): Promise<Reader | null> {
  const vet = vetId === signedIn.id ? await findVet(signedIn) : null;
  if (vet) return { side: "vet", vet };
  const pet = await findAccessiblePet(signedIn.id, petId);
  return pet ? { side: "owner", pet } : null;
}

/**
 * Each kind of refusal and the HTTP status a page's action answers it with (answerRefusal): the
 * one place a refusal becomes a status. The sentence goes with it, for the person.
 */
const REFUSAL_STATUS = {
  /** What was sent cannot be taken: empty, too long, a photo or sign refused, a pet or vet not offered. */
  invalid: 400,
  /** Sent too often: the sentence says how long to wait (400, as these forms always answered it). */
  "rate-limited": 400,
  /** It no longer takes this change: ended, cancelled, too late or too early for it, another vet's now. */
  closed: 400,
  /** Someone else got there first: the time, the conversation. */
  taken: 409,
  /** A vet takes conversations only on duty. */
  "off-duty": 409,
  /** The pet's owner's plan does not include it: the error screen's 403, with the way to upgrade. */
  plan: 403,
  /** Nothing this account may see: the site's 404, so a stranger cannot tell it exists. */
  "not-found": 404,
} as const;

export type RefusalCode = keyof typeof REFUSAL_STATUS;

export type Refusal = { ok: false; code: RefusalCode; error: string };

/** What a change answers: done (with what `Done` adds), or refused (with what `Refused` adds). */
export type Outcome<Done = object, Refused = object> = ({ ok: true } & Done) | (Refusal & Refused);

export function refused(code: RefusalCode, error: string): Refusal {
  return { ok: false, code, error };
}

/** The plan's refusal unless the pet's owner's plan has `feature`; null when it has. */
export async function planRefusal(pet: { ownerId: string }, feature: Feature): Promise<Refusal | null> {
  return (await petAllows(pet, feature)) ? null : refused("plan", upgradeSentence(feature));
}

/**
 * A refusal as a page's action answers it: the 404 and the plan's 403 are thrown as every page
 * throws them; any other is `reply` (the form's answer, its sentence in it) with the code's status.
 */
export function answerRefusal<Reply>(refusal: Refusal, reply: Reply) {
  if (refusal.code === "not-found") throw data(null, { status: 404 });
  if (refusal.code === "plan") planRequired(refusal.error);
  return data(reply, { status: REFUSAL_STATUS[refusal.code] });
}

/**
 * How a vet visit that a vet records (a conversation's summary, a consultation's notes) is dated:
 * the day its moment falls on in the vet's own zone (their consultation hours'; UTC until they
 * set one), the date the vet would write. Read before the transaction that records the visit: on
 * the embedded database a query outside a transaction waits for it.
 */
export async function vetDayOf(vetId: string): Promise<(at: Date) => string> {
  const { timeZone } = await availabilityOf(vetId);
  return (at) => dayIn(at, timeZone);
}

/**
 * What a vet sees of the pet beside a conversation or a consultation: the pet, its records, the
 * documents attached to it (backend/attachments.server.ts lets this vet open them), and
 * its age, weight and care plan as of the vet's own date (the vet's zone, in the chat as in the room).
 */
export async function vetPanelOf(vetId: string, petId: string, now = new Date()) {
  const [pet, records, attachments, dayOf] = await Promise.all([
    findPetWithOwner(petId),
    listRecordsForVet(petId, vetId),
    attachmentsOf(petId, vetId),
    vetDayOf(vetId),
  ]);
  if (!pet) throw new Error(`The pet ${petId} of a vet's conversation or consultation is gone`);
  return { pet, records, attachments, ...petHealth(pet, records, dayOf(now)) };
}
