import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { closeRoomChat, openRoomChat } from "~/backend/chat/conversations.server";
import { roomOpensMinutes } from "./call-config.server";
import { LIVE_CHANNEL, type LiveNotice } from "~/backend/chat/live-notices.server";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { consultation, familyMember, pet, staffProfile, user } from "~/backend/db/schema.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { queueMail, sendMail, supportEmail } from "~/backend/mail/mailer.server";
import { addVetVisit } from "~/backend/pet-records.server";
import { findAccessiblePet, listAccessiblePets } from "~/backend/pets.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { availabilityOf, changeDayOff, findVet, vetTitleSql, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import {
  consultationTimes,
  dayIn,
  formatInZone,
  isTimeZone,
  zonedToUtc,
  type Availability,
} from "~/domain/availability";
import { writeInvitation } from "~/domain/consultation-invite";
import {
  CHANGE_NOTICE_MINUTES,
  CONSULTATION_ERRORS,
  CONSULTATION_LIMITS,
  FIRST_AVAILABLE,
  MAX_UPCOMING_PER_PET,
  REMINDER_MINUTES_BEFORE,
  ROOM_CLOSES_MINUTES,
  TOO_LATE_TO_CHANGE,
  changeDeadline,
  consultationRecordTitle,
  isBookable,
  isChangeable,
  roomState,
  type BookingForm,
  type ConsultationStatus,
} from "~/domain/consultations";
import type { AccessiblePet } from "~/domain/pets";
import { siteBaseUrl } from "~/utils/seo";

/*
 * Video consultations: the vets' free times, booking (one booking per vet and time, and one per
 * pet and time, by the table's partial unique indexes; a few to come per pet), cancelling and
 * moving, the reminder, and the end with the vet's notes. Every change is announced on the
 * live channel so an open room sees it.
 */

type Tx = Transaction;

export type Consultation = {
  id: string;
  petId: string;
  petName: string;
  bookedBy: string | null;
  vetId: string | null;
  vetName: string;
  vetRegion: string;
  startsAt: Date;
  reason: string;
  status: ConsultationStatus;
  notes: string | null;
  conversationId: string | null;
  /** The booker's zone: the times in its mails are written in it. */
  timeZone: string;
  createdAt: Date;
};

export type BookableVet = { id: string; displayName: string; region: string; availability: Availability };

/** A free time and the vets free then (the first is the one "first available" books). */
export type FreeTime = { startsAt: Date; vetIds: string[] };

export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; error: string; nextTimes?: FreeTime[] };

const columns = {
  id: consultation.id,
  petId: consultation.petId,
  petName: pet.name,
  bookedBy: consultation.bookedBy,
  vetId: consultation.vetId,
  // As owners see a vet ("Dr. …", staff.server vetTitleSql): pages, mails and the calendar feed.
  vetName: sql<string>`coalesce(${vetTitleSql(staffProfile.displayName)}, 'a PawPal vet')`,
  vetRegion: sql<string>`coalesce(${staffProfile.region}, '')`,
  startsAt: consultation.startsAt,
  reason: consultation.reason,
  status: consultation.status,
  notes: consultation.notes,
  conversationId: consultation.conversationId,
  timeZone: consultation.timeZone,
  createdAt: consultation.createdAt,
};

function selectConsultations(db: Pick<Database, "select">) {
  return db
    .select(columns)
    .from(consultation)
    .innerJoin(pet, eq(pet.id, consultation.petId))
    .leftJoin(staffProfile, eq(staffProfile.userId, consultation.vetId))
    .$dynamic();
}

async function notifyRoom(tx: Pick<Database, "execute">, consultationId: string) {
  const notice: LiveNotice = { k: consultationId, changed: true };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** Every vet with consultation hours, by name. */
export async function listBookableVets(): Promise<BookableVet[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: staffProfile.userId,
      displayName: vetTitleSql(staffProfile.displayName),
      region: staffProfile.region,
      timeZone: staffProfile.timeZone,
      weekly: staffProfile.weeklyHours,
      daysOff: staffProfile.daysOff,
    })
    .from(staffProfile)
    .innerJoin(user, eq(user.id, staffProfile.userId))
    .where(and(eq(staffProfile.role, "vet"), eq(user.role, "staff")))
    .orderBy(asc(staffProfile.displayName));
  return rows
    .filter((row) => row.weekly.length > 0)
    .map(({ id, displayName, region, timeZone, weekly, daysOff }) => ({
      id,
      displayName,
      region: region ?? "",
      availability: { timeZone, weekly, daysOff },
    }));
}

/** The times still free from `now` (with the booking notice) for the next 14 days: of one vet, or of all. */
export async function freeTimes(
  vets: readonly BookableVet[],
  now: Date,
  vetId?: string,
): Promise<FreeTime[]> {
  const chosen = vetId ? vets.filter((vet) => vet.id === vetId) : vets;
  if (chosen.length === 0) return [];
  const from = new Date(now.getTime());
  const db = await getDb();
  const taken = await db
    .select({ vetId: consultation.vetId, startsAt: consultation.startsAt })
    .from(consultation)
    .where(
      and(
        inArray(
          consultation.vetId,
          chosen.map((vet) => vet.id),
        ),
        ne(consultation.status, "cancelled"),
        gte(consultation.startsAt, from),
      ),
    );
  const busy = new Set(taken.map((row) => `${row.vetId}@${new Date(row.startsAt).getTime()}`));
  const byTime = new Map<number, string[]>();
  for (const vet of chosen) {
    for (const time of consultationTimes(vet.availability, from)) {
      if (!isBookable(time, now) || busy.has(`${vet.id}@${time.getTime()}`)) continue;
      const vetIds = byTime.get(time.getTime()) ?? [];
      vetIds.push(vet.id);
      byTime.set(time.getTime(), vetIds);
    }
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, vetIds]) => ({ startsAt: new Date(time), vetIds }));
}

/** How many next free times a refusal offers. */
const NEXT_TIMES = 5;

async function takenOutcome(
  vets: readonly BookableVet[],
  now: Date,
  vetId?: string,
): Promise<Outcome<never>> {
  const nextTimes = (await freeTimes(vets, now, vetId)).slice(0, NEXT_TIMES);
  return { ok: false, error: CONSULTATION_ERRORS.taken, nextTimes };
}

/** Who is looking at a consultation: someone on the pet's side, or its vet. */
export type ConsultationReader = { side: "owner"; pet: AccessiblePet } | { side: "vet"; vet: Vet };

/**
 * The consultation and who `signedIn` is in it; null for anyone else (the route answers 404,
 * so a stranger cannot tell it exists).
 */
export async function findConsultation(
  signedIn: SessionUser,
  id: string,
): Promise<{ consultation: Consultation; reader: ConsultationReader } | null> {
  const [found] = await selectConsultations(await getDb()).where(eq(consultation.id, id));
  if (!found) return null;
  const vet = found.vetId === signedIn.id ? await findVet(signedIn) : null;
  if (vet) return { consultation: found, reader: { side: "vet", vet } };
  const ownPet = await findAccessiblePet(signedIn.id, found.petId);
  return ownPet ? { consultation: found, reader: { side: "owner", pet: ownPet } } : null;
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
function petRefusal(upcoming: readonly { startsAt: Date }[], startsAt: Date): string | null {
  if (upcoming.some((one) => one.startsAt.getTime() === startsAt.getTime())) {
    return CONSULTATION_ERRORS.petTaken;
  }
  return upcoming.length >= MAX_UPCOMING_PER_PET ? CONSULTATION_ERRORS.petLimit : null;
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
): Promise<Outcome<{ consultationId: string }>> {
  const ownPet = await findAccessiblePet(signedIn.id, form.petId);
  if (!ownPet) return { ok: false, error: CONSULTATION_ERRORS.pet };
  await requirePetFeature(ownPet, "consultations");
  const vets = await listBookableVets();
  const wanted = form.vet === FIRST_AVAILABLE ? undefined : form.vet;
  if (wanted && !vets.some((vet) => vet.id === wanted)) return { ok: false, error: CONSULTATION_ERRORS.vet };
  const refusedFirst = petRefusal(await upcomingOfPet(await getDb(), ownPet.id, now), form.startsAt);
  if (refusedFirst) return { ok: false, error: refusedFirst };
  const limited = await consumeRateLimit("consultationBook", signedIn.id);
  if (!limited.ok) {
    return {
      ok: false,
      error: `You booked many consultations just now: please wait ${limited.retryAfterSeconds} seconds.`,
    };
  }
  const free = (await freeTimes(vets, now, wanted)).find(
    (time) => time.startsAt.getTime() === form.startsAt.getTime(),
  );
  if (!free) return takenOutcome(vets, now, wanted);
  const db = await getDb();
  for (const vetId of free.vetIds) {
    let booked: { id: string } | { refused: string } | null;
    try {
      booked = await db.transaction(async (tx) => {
        // The pet's row, locked: two bookings for one pet at once count its consultations in turn.
        await tx.select({ id: pet.id }).from(pet).where(eq(pet.id, ownPet.id)).for("no key update");
        const refused = petRefusal(await upcomingOfPet(tx, ownPet.id, now), form.startsAt);
        if (refused) return { refused };
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
        return { id: row.id };
      });
    } catch (error) {
      // The pet's index: the same pet booked at that time meanwhile (with another vet).
      if (isUniqueViolation(error, PET_TIME_INDEX)) return { ok: false, error: CONSULTATION_ERRORS.petTaken };
      throw error;
    }
    if (booked && "refused" in booked) return { ok: false, error: booked.refused };
    if (booked) return { ok: true, consultationId: booked.id };
  }
  return takenOutcome(vets, now, wanted);
}

/**
 * Whether `signedIn` is on the pet's side of the consultation. Read before the transaction that
 * changes it (its pet never changes): on the embedded database (PGlite) a query outside an open
 * transaction waits for that transaction to end, so asking from inside would wait forever.
 */
async function isOwnerSide(signedIn: SessionUser, id: string) {
  const db = await getDb();
  const [found] = await db
    .select({ petId: consultation.petId })
    .from(consultation)
    .where(eq(consultation.id, id));
  return Boolean(found && (await findAccessiblePet(signedIn.id, found.petId)));
}

/** The consultation, locked for the transaction's change. */
async function lockConsultation(tx: Tx, id: string) {
  const [locked] = await selectConsultations(tx)
    .where(eq(consultation.id, id))
    .for("update", { of: consultation });
  return locked ?? null;
}

/** The zone a change by `signedIn` leaves on the consultation: the booker's own new one, else the one kept. */
function zoneAfterChange(signedIn: SessionUser, booked: Consultation, timeZone: string | undefined) {
  return signedIn.id === booked.bookedBy && timeZone && isTimeZone(timeZone) ? timeZone : booked.timeZone;
}

/**
 * Cancels a booked consultation up to 2 hours before it starts, freeing its time. The mail goes
 * to the booker (the pet's owner when the booker can no longer open the pet), not necessarily
 * to `signedIn`; `timeZone`, `signedIn`'s, becomes the consultation's when they are the booker.
 */
export async function cancelConsultation(
  signedIn: SessionUser,
  id: string,
  { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {},
): Promise<Outcome | null> {
  if (!(await isOwnerSide(signedIn, id))) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockConsultation(tx, id);
    if (!locked) return null;
    if (locked.status !== "booked") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
    if (!isChangeable(locked.startsAt, now)) return { ok: false, error: CONSULTATION_ERRORS.tooLate };
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
): Promise<Outcome | null> {
  const found = await findConsultation(signedIn, id);
  if (!found || found.reader.side !== "owner") return null;
  const { consultation: current } = found;
  if (current.status !== "booked") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
  if (!isChangeable(current.startsAt, now)) return { ok: false, error: CONSULTATION_ERRORS.tooLate };
  await requirePetFeature(found.reader.pet, "consultations");
  const vets = await listBookableVets();
  const vetId = current.vetId ?? undefined;
  const free =
    vetId &&
    (await freeTimes(vets, now, vetId)).some((time) => time.startsAt.getTime() === startsAt.getTime());
  if (!free) return takenOutcome(vets, now, vetId);
  const limited = await consumeRateLimit("consultationBook", signedIn.id);
  if (!limited.ok) {
    return {
      ok: false,
      error: `You changed many consultations just now: please wait ${limited.retryAfterSeconds} seconds.`,
    };
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
    await notifyRoom(tx, id);
    return "moved" as const;
  });
  if (moved === "gone") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
  if (moved === "pet-taken") return { ok: false, error: CONSULTATION_ERRORS.petTaken };
  if (moved === "taken") return takenOutcome(vets, now, vetId);
  return { ok: true };
}

/**
 * A vet who can no longer hold consultations (no longer a vet, account deleted): their booked
 * ones to come are cancelled, each booker (or the pet's owner, when the booker can no longer open
 * the pet) told by mail to book another time, in the caller's transaction when given one.
 */
export async function cancelConsultationsOf(
  vetId: string,
  tx?: Tx,
  now = new Date(),
  /** Only those starting before this (a day off: the consultations of that day). */
  before?: Date,
  /**
   * `dayOff`: the vet's own day off, so the vet is mailed each cancellation too, for their
   * calendar. `changedAt`: when (the invitations' stamp), `now` unless given.
   */
  { dayOff = false, changedAt = now }: { dayOff?: boolean; changedAt?: Date } = {},
): Promise<number> {
  const cancel = async (t: Tx) => {
    const going = await selectConsultations(t)
      .where(
        and(
          eq(consultation.vetId, vetId),
          eq(consultation.status, "booked"),
          gte(consultation.startsAt, now),
          before ? lt(consultation.startsAt, before) : undefined,
        ),
      )
      .for("update", { of: consultation });
    for (const booked of going) {
      await t
        .update(consultation)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(consultation.id, booked.id));
      if (booked.conversationId) await closeRoomChat(t, booked.conversationId);
      const { booker, owner } = await mailPeople(t, booked);
      const to = booker ?? owner;
      await queueMail(
        {
          to: to.email,
          subject: `Consultation cancelled: ${booked.petName} with ${booked.vetName}`,
          text: [
            `Hello ${to.name},`,
            "",
            `${booked.vetName} can no longer hold your video consultation about ${booked.petName} (${formatInZone(booked.startsAt, booked.timeZone)}), so it is cancelled. We are sorry.`,
            `Please book another time: ${siteBaseUrl()}/consultations`,
          ].join("\n"),
          // Its calendar's event goes too.
          icalEvent: invitationOf(
            { ...booked, status: "cancelled" },
            {
              method: "CANCEL",
              now: changedAt,
              when: formatInZone(booked.startsAt, booked.timeZone),
              attendeeEmail: to.email,
            },
          ),
        },
        { db: t, key: `consultation-vet-gone:${booked.id}`, userId: to.id },
      );
      if (dayOff) {
        await queueVetMail(
          t,
          { ...booked, status: "cancelled" },
          { method: "CANCEL", now: changedAt, heading: "cancelled", by: null },
        );
      }
      await notifyRoom(t, booked.id);
    }
    return going.length;
  };
  if (tx) return cancel(tx);
  const db = await getDb();
  return db.transaction(cancel);
}

/**
 * A vet takes a day off (`day` in their zone): the consultations booked that day are cancelled,
 * each booker told, in one transaction with the day off. Answers how many were cancelled.
 */
export async function takeDayOff(vetId: string, day: string, now = new Date()): Promise<number> {
  const { timeZone } = await availabilityOf(vetId);
  const start = zonedToUtc(day, "00:00", timeZone) ?? new Date(`${day}T00:00:00Z`);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 36 * 60 * 60_000).toISOString().slice(0, 10);
  const end = zonedToUtc(next, "00:00", timeZone) ?? new Date(`${next}T00:00:00Z`);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await changeDayOff(vetId, day, true, tx);
    return cancelConsultationsOf(vetId, tx, start.getTime() > now.getTime() ? start : now, end, {
      dayOff: true,
      changedAt: now,
    });
  });
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
 * The vet ends the consultation with notes, from the room's opening on: they land in the pet's
 * records as a vet visit ("Video consultation with …", on the consultation's day in the vet's
 * zone) in the same transaction, and go by mail to the pet's owner, and to the person who booked
 * it when that is someone else who can still open the pet.
 */
export async function endConsultation(
  vet: Vet,
  id: string,
  notes: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<Outcome | null> {
  if (notes.length > CONSULTATION_LIMITS.notes) return { ok: false, error: CONSULTATION_ERRORS.notesTooLong };
  // Read before the transaction: on the embedded database a query outside it would wait for it.
  const { timeZone: vetZone } = await availabilityOf(vet.id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await selectConsultations(tx)
      .where(eq(consultation.id, id))
      .for("update", { of: consultation });
    if (!locked || locked.vetId !== vet.id) return null;
    if (locked.status !== "booked") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
    if (roomState(locked.startsAt, now, roomOpensMinutes()) === "not-yet") {
      return { ok: false, error: CONSULTATION_ERRORS.endTooEarly };
    }
    await tx
      .update(consultation)
      .set({ status: "ended", notes, endedAt: now, updatedAt: now })
      .where(eq(consultation.id, id));
    const title = consultationRecordTitle(vet.displayName);
    await addVetVisit(tx, locked.petId, vet.id, {
      date: dayIn(locked.startsAt, vetZone),
      title,
      clinic: "PawPal video consultation",
      notes,
    });
    if (locked.conversationId) await closeRoomChat(tx, locked.conversationId);
    const { booker, owner } = await mailPeople(tx, locked);
    const readers = booker && booker.id !== owner.id ? [owner, booker] : [owner];
    for (const reader of readers) {
      await queueMail(
        {
          to: reader.email,
          subject: `${title} about ${locked.petName}: the vet's notes`,
          text: [
            `Hello ${reader.name},`,
            "",
            `${vet.displayName} ended the video consultation about ${locked.petName} and wrote these notes. They are also in ${locked.petName}'s records:`,
            "",
            notes,
            "",
            `${siteBaseUrl()}/pets/${locked.petId}`,
          ].join("\n"),
        },
        { db: tx, key: `consultation-notes:${id}:${reader.id}`, userId: reader.id },
      );
    }
    await notifyRoom(tx, id);
    return { ok: true };
  });
}

type Person = { id: string; email: string; name: string };

/**
 * Who a consultation's mails can go to: its pet's owner, and the person who booked it while they
 * can still open the pet (findAccessiblePet's rule: the owner, or a member of the owner's
 * family), else null. Read in `db`, the caller's transaction: findAccessiblePet reads outside it,
 * which on the embedded database waits for the transaction to end.
 */
async function mailPeople(
  db: Pick<Database, "select">,
  booked: Pick<Consultation, "petId" | "bookedBy">,
): Promise<{ owner: Person; booker: Person | null }> {
  const person = { id: user.id, email: user.email, name: user.name };
  const [owner] = await db
    .select(person)
    .from(pet)
    .innerJoin(user, eq(user.id, pet.userId))
    .where(eq(pet.id, booked.petId));
  if (!owner) throw new Error(`No pet ${booked.petId} for a consultation`);
  if (!booked.bookedBy) return { owner, booker: null };
  if (booked.bookedBy === owner.id) return { owner, booker: owner };
  const [member] = await db
    .select(person)
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.memberId))
    .where(and(eq(familyMember.ownerId, owner.id), eq(familyMember.memberId, booked.bookedBy)));
  return { owner, booker: member ?? null };
}

export function consultationUrl(id: string) {
  return `${siteBaseUrl()}/consultations/${id}`;
}

/**
 * The iCalendar SEQUENCE of a change at `now`: the seconds since the consultation was booked, so
 * each change has a higher one than the last (a 32-bit number for 68 years: it never wraps).
 */
function sequenceAt(booked: Pick<Consultation, "createdAt">, now: Date) {
  return Math.max(0, Math.floor((now.getTime() - booked.createdAt.getTime()) / 1000));
}

type Heading = "booked" | "moved" | "cancelled";

/**
 * Whether the consultation can still change, in words for its mail: until when (2 hours before,
 * in `zone`), or that a booking or move this close to its start stays (isChangeable's rule).
 */
function changeSentence(booked: Consultation, heading: Heading, now: Date, zone: string, who: string) {
  if (!isChangeable(booked.startsAt, now))
    return TOO_LATE_TO_CHANGE[heading === "moved" ? "moved" : "booked"];
  const until = formatInZone(changeDeadline(booked.startsAt), zone);
  return `${who} can cancel or move it until ${until} (${CHANGE_NOTICE_MINUTES / 60} hours before).`;
}

/** The calendar invitation of a booking mail, for `attendeeEmail`, its description's time in their zone. */
function invitationOf(
  booked: Consultation,
  {
    method,
    now,
    when,
    attendeeEmail,
  }: { method: "REQUEST" | "CANCEL"; now: Date; when: string; attendeeEmail: string },
) {
  const url = consultationUrl(booked.id);
  return {
    method,
    filename: "consultation.ics",
    content: writeInvitation({
      method,
      consultationId: booked.id,
      startsAt: booked.startsAt,
      sequence: sequenceAt(booked, now),
      summary: `Video consultation about ${booked.petName} with ${booked.vetName}`,
      description: `${when}\nReason: ${booked.reason}\n${url}`,
      url,
      organizerEmail: supportEmail(),
      attendeeEmail,
      now,
    }),
  };
}

/**
 * The mail of a booking, move or cancellation to the pet's side, with its calendar invitation,
 * its time in the consultation's zone. Never the words of the room's chat.
 */
async function queueBookingMails(
  tx: Tx,
  booked: Consultation,
  to: Person,
  { method, now, heading }: { method: "REQUEST" | "CANCEL"; now: Date; heading: Heading },
) {
  const when = formatInZone(booked.startsAt, booked.timeZone);
  const url = consultationUrl(booked.id);
  const lines =
    method === "CANCEL"
      ? [
          `Your video consultation about ${booked.petName} with ${booked.vetName} on ${when} is cancelled. The time is free again.`,
        ]
      : [
          `Your 15-minute video consultation about ${booked.petName} with ${booked.vetName} is ${heading === "moved" ? "moved to" : "booked for"} ${when}.`,
          "",
          `Reason: ${booked.reason}`,
          "",
          `Join from your browser at that time (the room opens ${roomOpensMinutes()} minutes before): ${url}`,
          "Allow the camera and microphone when your browser asks.",
          changeSentence(booked, heading, now, booked.timeZone, "You"),
        ];
  await queueMail(
    {
      to: to.email,
      subject: `Consultation ${heading}: ${booked.petName} with ${booked.vetName}, ${when}`,
      text: [`Hello ${to.name},`, "", ...lines].join("\n"),
      icalEvent: invitationOf(booked, { method, now, when, attendeeEmail: to.email }),
    },
    { db: tx, userId: to.id },
  );
}

/** The consultation's vet as their mails need them: their address, name and own zone; null when no longer a vet's. */
async function vetRecipient(db: Pick<Database, "select">, vetId: string) {
  const [found] = await db
    .select({
      id: user.id,
      email: user.email,
      name: vetTitleSql(staffProfile.displayName),
      timeZone: staffProfile.timeZone,
    })
    .from(staffProfile)
    .innerJoin(user, eq(user.id, staffProfile.userId))
    .where(and(eq(staffProfile.userId, vetId), eq(staffProfile.role, "vet")));
  return found ?? null;
}

/**
 * The vet's mail of a booking, move or cancellation by the pet's side (or of their own day off),
 * with the same invitation (UID and SEQUENCE) for their calendar, the times in the vet's zone.
 * It names the pet and the reason given at booking; never the words of the room's chat.
 */
async function queueVetMail(
  tx: Tx,
  booked: Consultation,
  {
    method,
    now,
    heading,
    by,
    from,
  }: {
    method: "REQUEST" | "CANCEL";
    now: Date;
    heading: Heading;
    /** Who did it: the booker's, mover's or canceller's name; null for the vet's own day off. */
    by: string | null;
    /** A move's former time. */
    from?: Date;
  },
) {
  if (!booked.vetId) return;
  const vet = await vetRecipient(tx, booked.vetId);
  if (!vet) return;
  const zone = isTimeZone(vet.timeZone) ? vet.timeZone : "UTC";
  const when = formatInZone(booked.startsAt, zone);
  const url = consultationUrl(booked.id);
  const about = `the video consultation about ${booked.petName}`;
  const lines =
    method === "CANCEL"
      ? [
          by
            ? `${by} cancelled ${about} on ${when}. The time is free again for other bookings.`
            : `Your day off cancelled ${about} on ${when}; its owner was told.`,
        ]
      : [
          heading === "moved" && from
            ? `${by ?? "The owner"} moved ${about} from ${formatInZone(from, zone)} to ${when}.`
            : `${by ?? "An owner"} booked a 15-minute video consultation about ${booked.petName} with you for ${when}.`,
          "",
          `Reason: ${booked.reason}`,
          "",
          `Join from your browser at that time (the room opens ${roomOpensMinutes()} minutes before), with ${booked.petName}'s profile and records beside the call: ${url}`,
          changeSentence(booked, heading, now, zone, "The owner"),
        ];
  await queueMail(
    {
      to: vet.email,
      subject: `Consultation ${heading}: ${booked.petName}, ${when}`,
      text: [`Hello ${vet.name},`, "", ...lines].join("\n"),
      icalEvent: invitationOf(booked, { method, now, when, attendeeEmail: vet.email }),
    },
    { db: tx, userId: vet.id },
  );
}

export const CONSULTATION_REMINDER_JOB = "consultation-reminder";

/** Jobs queued before the zone was kept on the consultation also carry a `timeZone`, unread now. */
type ReminderPayload = { id: string; startsAt: string };

/**
 * The reminder 1 hour before, once per consultation and time (a move schedules another). Booked
 * for within the hour, there is none: the confirmation just sent is the reminder (the booking's
 * flash says so). The job belongs to the pet's owner's account, so it stays when the booker's goes.
 */
async function scheduleReminder(tx: Tx, booked: Consultation, ownerId: string, now: Date) {
  const runAfter = new Date(booked.startsAt.getTime() - REMINDER_MINUTES_BEFORE * 60_000);
  if (runAfter.getTime() <= now.getTime()) return;
  const payload: ReminderPayload = { id: booked.id, startsAt: booked.startsAt.toISOString() };
  await enqueueJob(CONSULTATION_REMINDER_JOB, payload, {
    db: tx,
    key: `consultation-reminder:${booked.id}:${payload.startsAt}`,
    runAfter,
    userId: ownerId,
  });
}

/**
 * Sends the reminder if the consultation is still booked at that time (not cancelled or moved
 * since) and has not started yet (a job run late sends nothing), to the booker while they can
 * open the pet, else to its owner, the time in the booker's zone.
 */
export async function sendConsultationReminder(payload: unknown, now = new Date()): Promise<void> {
  const { id, startsAt } = payload as ReminderPayload;
  const db = await getDb();
  const [booked] = await selectConsultations(db).where(eq(consultation.id, id));
  if (!booked || booked.status !== "booked" || booked.startsAt.getTime() !== Date.parse(startsAt)) return;
  if (now.getTime() >= booked.startsAt.getTime()) return;
  const { booker, owner } = await mailPeople(db, booked);
  const to = booker ?? owner;
  const when = formatInZone(booked.startsAt, booked.timeZone);
  await sendMail({
    to: to.email,
    subject: `In 1 hour: video consultation about ${booked.petName} with ${booked.vetName}`,
    text: [
      `Hello ${to.name},`,
      "",
      `Your video consultation about ${booked.petName} with ${booked.vetName} starts at ${when}.`,
      `Join from your browser (the room opens ${roomOpensMinutes()} minutes before): ${consultationUrl(booked.id)}`,
    ].join("\n"),
  });
}

/** The consultations of every pet the user can open, upcoming first (soonest first), then the past ones. */
export async function listOwnerConsultations(userId: string, now = new Date()): Promise<Consultation[]> {
  const petIds = (await listAccessiblePets(userId)).map((one) => one.id);
  if (petIds.length === 0) return [];
  const rows = await selectConsultations(await getDb())
    .where(inArray(consultation.petId, petIds))
    .orderBy(desc(consultation.startsAt));
  return sortUpcomingFirst(rows, now);
}

/** How many of a vet's past, cancelled and ended consultations their list shows. */
const VET_LIST_OTHERS = 30;

/**
 * A vet's consultations: every booked one to come (soonest first; booking's 14 days bound them),
 * then the latest others.
 */
export async function listVetConsultations(vetId: string, now = new Date()): Promise<Consultation[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - ROOM_CLOSES_MINUTES * 60_000);
  const [upcoming, others] = await Promise.all([
    selectConsultations(db)
      .where(
        and(
          eq(consultation.vetId, vetId),
          eq(consultation.status, "booked"),
          gt(consultation.startsAt, since),
        ),
      )
      .orderBy(asc(consultation.startsAt)),
    selectConsultations(db)
      .where(
        and(
          eq(consultation.vetId, vetId),
          or(ne(consultation.status, "booked"), lte(consultation.startsAt, since)),
        ),
      )
      .orderBy(desc(consultation.startsAt))
      .limit(VET_LIST_OTHERS),
  ]);
  return [...upcoming, ...others];
}

/** Booked and not over (until its room closes): soonest first; the rest after, latest first. */
function sortUpcomingFirst(rows: Consultation[], now: Date) {
  const isUpcoming = (row: Consultation) =>
    row.status === "booked" && row.startsAt.getTime() + ROOM_CLOSES_MINUTES * 60_000 > now.getTime();
  const upcoming = rows.filter(isUpcoming).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return [...upcoming, ...rows.filter((row) => !isUpcoming(row))];
}

/** Booked consultations of the pets a user can open that start after `from`: the calendar feed's timed events. */
export async function upcomingConsultationsFor(userId: string, from: Date): Promise<Consultation[]> {
  const petIds = (await listAccessiblePets(userId)).map((one) => one.id);
  if (petIds.length === 0) return [];
  return selectConsultations(await getDb())
    .where(
      and(
        inArray(consultation.petId, petIds),
        eq(consultation.status, "booked"),
        gte(consultation.startsAt, from),
      ),
    )
    .orderBy(asc(consultation.startsAt));
}
