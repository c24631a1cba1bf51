import { and, eq, gt, sql } from "drizzle-orm";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { closeRoomChat, openRoomChat } from "~/backend/chat/room-chat.server";
import { refused, type Outcome, type Refusal } from "~/backend/chat/vet-care.server";
import { getDb, type Database } from "~/backend/db/client.server";
import { consultation, pet } from "~/backend/db/schema.server";
import { findAccessiblePet } from "~/backend/pets.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import type { SessionUser } from "~/domain/auth";
import { isTimeZone } from "~/domain/availability";
import {
  CONSULTATION_ERRORS,
  FIRST_AVAILABLE,
  MAX_UPCOMING_PER_PET,
  isChangeable,
  type BookingForm,
} from "~/domain/consultations";
import { mailPeople, queueBookingMails, queueVetMail, scheduleReminder } from "./consultation-mails.server";
import { scheduleRoomOpens } from "./consultation-pushes.server";
import {
  findConsultation,
  freeTimes,
  listBookableVets,
  lockConsultation,
  notifyRoom,
  NO_SUCH_CONSULTATION,
  selectConsultations,
  type BookableVet,
  type BookingOutcome,
  type Consultation,
} from "./consultations.server";

/*
 * Booking, moving and cancelling a consultation by the pet's side: one booking per vet and time,
 * and one per pet and time, by the table's partial unique indexes; a few to come per pet. Each
 * is one transaction with its mails (consultation-mails.server.ts) and the live channel's notice,
 * so an open room sees it.
 */

/** How many next free times a refusal offers. */
const NEXT_TIMES = 5;

async function takenOutcome(
  vets: readonly BookableVet[],
  now: Date,
  vetId?: string,
): Promise<BookingOutcome<never>> {
  const nextTimes = (await freeTimes(vets, now, vetId)).slice(0, NEXT_TIMES);
  return { ...refused("taken", CONSULTATION_ERRORS.taken), nextTimes };
}

/** The partial unique index that keeps a pet to one booked consultation at a time. */
const PET_TIME_INDEX = "consultation_pet_time_idx";

/** The booked consultations of a pet that have not started at `now`, in `db` (a transaction's, or the database). */
async function upcomingOfPet(db: Pick<Database, "select">, petId: string, now: Date) {
  return db
    .select({ startsAt: consultation.startsAt })
    .from(consultation)
    .where(
      and(eq(consultation.petId, petId), eq(consultation.status, "booked"), gt(consultation.startsAt, now)),
    );
}

/** Why a pet cannot have one more consultation at `startsAt`, or null when it can. */
function petRefusal(upcoming: readonly { startsAt: Date }[], startsAt: Date) {
  if (upcoming.some((one) => one.startsAt.getTime() === startsAt.getTime())) {
    return refused("taken", CONSULTATION_ERRORS.petTaken);
  }
  return upcoming.length >= MAX_UPCOMING_PER_PET ? refused("invalid", CONSULTATION_ERRORS.petLimit) : null;
}

/** Whether `error` (or what it wraps) is a unique violation, of the index named `index` when given. */
function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && cause.code === "23505") {
      return index === undefined || ("constraint" in cause && cause.constraint === index);
    }
  }
  return false;
}

/**
 * Books a free time for one of the pets `signedIn` can open; 403 (the plan's sentence) unless
 * the pet's owner has Premium. With "first available", the first vet free at that time. Two
 * bookings of one time at once: the unique index lets one in; the other is told, with the next
 * free times. A pet has one consultation at a time and at most MAX_UPCOMING_PER_PET to come
 * (counted under a lock of the pet's row, so two bookings at once cannot both pass).
 * `timeZone` is the booker's: the booking's mails are written in it.
 */
export async function bookConsultation(
  signedIn: SessionUser,
  form: BookingForm,
  { now = new Date(), timeZone = "UTC" }: { now?: Date; timeZone?: string } = {},
): Promise<BookingOutcome<{ consultationId: string }>> {
  const ownPet = await findAccessiblePet(signedIn.id, form.petId);
  if (!ownPet) return refused("invalid", CONSULTATION_ERRORS.pet);
  await requirePetFeature(ownPet, "consultations");
  const vets = await listBookableVets();
  const wanted = form.vet === FIRST_AVAILABLE ? undefined : form.vet;
  if (wanted && !vets.some((vet) => vet.id === wanted)) return refused("invalid", CONSULTATION_ERRORS.vet);
  const refusedFirst = petRefusal(await upcomingOfPet(await getDb(), ownPet.id, now), form.startsAt);
  if (refusedFirst) return refusedFirst;
  const limited = await consumeRateLimit("consultationBook", signedIn.id);
  if (!limited.ok) {
    return refused(
      "rate-limited",
      `You booked many consultations just now: please wait ${limited.retryAfterSeconds} seconds.`,
    );
  }
  const free = (await freeTimes(vets, now, wanted)).find(
    (time) => time.startsAt.getTime() === form.startsAt.getTime(),
  );
  if (!free) return takenOutcome(vets, now, wanted);
  const db = await getDb();
  for (const vetId of free.vetIds) {
    let booked: { id: string } | { refusal: Refusal } | null;
    try {
      booked = await db.transaction(async (tx) => {
        // The pet's row, locked: two bookings for one pet at once count its consultations in turn.
        await tx.select({ id: pet.id }).from(pet).where(eq(pet.id, ownPet.id)).for("no key update");
        const refusal = petRefusal(await upcomingOfPet(tx, ownPet.id, now), form.startsAt);
        if (refusal) return { refusal };
        // ON CONFLICT on the vet's partial unique index: the loser of a race inserts nothing.
        const inserted = await tx.execute(sql`
          insert into ${consultation} (pet_id, booked_by, vet_id, starts_at, reason, time_zone, created_at, updated_at)
          values (${ownPet.id}, ${signedIn.id}, ${vetId}, ${form.startsAt.toISOString()}::timestamptz,
            ${form.reason}, ${isTimeZone(timeZone) ? timeZone : "UTC"}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (vet_id, starts_at) where status <> 'cancelled' do nothing
          returning id`);
        const [row] = (inserted as unknown as { rows: { id: string }[] }).rows;
        if (!row) return null;
        const conversationId = await openRoomChat(tx, ownPet.id, signedIn.id, vetId);
        await tx.update(consultation).set({ conversationId }).where(eq(consultation.id, row.id));
        const [saved] = await selectConsultations(tx).where(eq(consultation.id, row.id));
        // The booker can open the pet (checked above): the booking's mails are theirs.
        await queueBookingMails(tx, saved!, signedIn, { method: "REQUEST", now, heading: "booked" });
        await queueVetMail(tx, saved!, { method: "REQUEST", now, heading: "booked", by: signedIn.name });
        await scheduleReminder(tx, saved!, ownPet.ownerId, now);
        await scheduleRoomOpens(tx, saved!, ownPet.ownerId, now);
        return { id: row.id };
      });
    } catch (error) {
      // The pet's index: the same pet booked at that time meanwhile (with another vet).
      if (isUniqueViolation(error, PET_TIME_INDEX)) return refused("taken", CONSULTATION_ERRORS.petTaken);
      throw error;
    }
    if (booked && "refusal" in booked) return booked.refusal;
    if (booked) return { ok: true, consultationId: booked.id };
  }
  return takenOutcome(vets, now, wanted);
}

/** The zone a change by `signedIn` leaves on the consultation: the booker's own new one, else the one kept. */
function zoneAfterChange(signedIn: SessionUser, booked: Consultation, timeZone: string | undefined) {
  return signedIn.id === booked.bookedBy && timeZone && isTimeZone(timeZone) ? timeZone : booked.timeZone;
}

/**
 * Cancels a booked consultation up to 2 hours before it starts, freeing its time; not found
 * unless `signedIn` is on the pet's side. The mail goes to the booker (the pet's owner when the booker
 * can no longer open the pet), not necessarily to `signedIn`; `timeZone`, `signedIn`'s, becomes
 * the consultation's when they are the booker.
 */
export async function cancelConsultation(
  signedIn: SessionUser,
  id: string,
  { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {},
): Promise<Outcome> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockConsultation(tx, id);
    if (!locked || !(await findAccessiblePet(signedIn.id, locked.petId, tx)))
      return refused("not-found", NO_SUCH_CONSULTATION);
    if (locked.status !== "booked") return refused("closed", CONSULTATION_ERRORS.notBooked);
    if (!isChangeable(locked.startsAt, now)) return refused("closed", CONSULTATION_ERRORS.tooLate);
    const zone = zoneAfterChange(signedIn, locked, timeZone);
    await tx
      .update(consultation)
      .set({ status: "cancelled", timeZone: zone, updatedAt: now })
      .where(eq(consultation.id, id));
    if (locked.conversationId) await closeRoomChat(tx, locked.conversationId);
    const { booker, owner } = await mailPeople(tx, locked);
    const cancelled = { ...locked, status: "cancelled" as const, timeZone: zone };
    await queueBookingMails(tx, cancelled, booker ?? owner, { method: "CANCEL", now, heading: "cancelled" });
    await queueVetMail(tx, cancelled, { method: "CANCEL", now, heading: "cancelled", by: signedIn.name });
    await notifyRoom(tx, id);
    return { ok: true };
  });
}

/**
 * Moves a booked consultation to another free time of its vet, up to 2 hours before it starts.
 * The mail goes to the booker as cancelConsultation's; `timeZone` becomes the consultation's when
 * `signedIn` is the booker (a move by someone else keeps the booker's).
 */
export async function moveConsultation(
  signedIn: SessionUser,
  id: string,
  startsAt: Date,
  { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {},
): Promise<BookingOutcome> {
  const found = await findConsultation(signedIn, id);
  if (!found || found.reader.side !== "owner") return refused("not-found", NO_SUCH_CONSULTATION);
  const { consultation: current } = found;
  if (current.status !== "booked") return refused("closed", CONSULTATION_ERRORS.notBooked);
  if (!isChangeable(current.startsAt, now)) return refused("closed", CONSULTATION_ERRORS.tooLate);
  await requirePetFeature(found.reader.pet, "consultations");
  const vets = await listBookableVets();
  const vetId = current.vetId ?? undefined;
  const free =
    vetId &&
    (await freeTimes(vets, now, vetId)).some((time) => time.startsAt.getTime() === startsAt.getTime());
  if (!free) return takenOutcome(vets, now, vetId);
  const limited = await consumeRateLimit("consultationBook", signedIn.id);
  if (!limited.ok) {
    return refused(
      "rate-limited",
      `You changed many consultations just now: please wait ${limited.retryAfterSeconds} seconds.`,
    );
  }
  const db = await getDb();
  const moved = await db.transaction(async (tx) => {
    // Its side was checked above (findConsultation).
    const locked = await lockConsultation(tx, id);
    if (!locked || locked.status !== "booked" || !isChangeable(locked.startsAt, now)) return "gone" as const;
    const zone = zoneAfterChange(signedIn, locked, timeZone);
    try {
      // A savepoint: a unique index refusing the new time leaves the transaction usable.
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(consultation)
          .set({ startsAt, timeZone: zone, updatedAt: now })
          .where(eq(consultation.id, id));
      });
    } catch (error) {
      // The pet's own index: it already has another consultation then (with another vet).
      if (isUniqueViolation(error, PET_TIME_INDEX)) return "pet-taken" as const;
      if (isUniqueViolation(error)) return "taken" as const;
      throw error;
    }
    const updated = { ...locked, startsAt, timeZone: zone };
    const { booker, owner } = await mailPeople(tx, locked);
    await queueBookingMails(tx, updated, booker ?? owner, { method: "REQUEST", now, heading: "moved" });
    await queueVetMail(tx, updated, {
      method: "REQUEST",
      now,
      heading: "moved",
      by: signedIn.name,
      from: locked.startsAt,
    });
    await scheduleReminder(tx, updated, owner.id, now);
    await scheduleRoomOpens(tx, updated, owner.id, now);
    await notifyRoom(tx, id);
    return "moved" as const;
  });
  if (moved === "gone") return refused("closed", CONSULTATION_ERRORS.notBooked);
  if (moved === "pet-taken") return refused("taken", CONSULTATION_ERRORS.petTaken);
  if (moved === "taken") return takenOutcome(vets, now, vetId);
  return { ok: true };
}
