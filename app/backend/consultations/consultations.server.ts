import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { closeRoomChat, openRoomChat } from "~/backend/chat/conversations.server";
import { roomOpensMinutes } from "./call-config.server";
import { LIVE_CHANNEL, type LiveNotice } from "~/backend/chat/live-notices";
import { getDb, type Database } from "~/backend/db/client.server";
import { consultation, pet, staffProfile, user } from "~/backend/db/schema.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { queueMail, sendMail, supportEmail } from "~/backend/mail/mailer.server";
import { addVetVisit } from "~/backend/pet-records.server";
import { findAccessiblePet, listAccessiblePets } from "~/backend/pets.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { findVet, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { consultationTimes, formatInZone, type Availability } from "~/domain/availability";
import { writeInvitation } from "~/domain/consultation-invite";
import {
  CONSULTATION_ERRORS,
  FIRST_AVAILABLE,
  REMINDER_MINUTES_BEFORE,
  consultationRecordTitle,
  isBookable,
  isChangeable,
  type BookingForm,
  type CallSide,
  type ConsultationStatus,
} from "~/domain/consultations";
import type { AccessiblePet } from "~/domain/pets";
import { siteBaseUrl } from "~/utils/seo";

/*
 * Video consultations: the vets' free times, booking (one booking per vet and time, by the
 * table's partial unique index), cancelling and moving, the reminder, and the end with the
 * vet's notes. Every change is announced on the live channel so an open room sees it.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
  vetName: sql<string>`coalesce(${staffProfile.displayName}, 'a PawPal vet')`,
  vetRegion: sql<string>`coalesce(${staffProfile.region}, '')`,
  startsAt: consultation.startsAt,
  reason: consultation.reason,
  status: consultation.status,
  notes: consultation.notes,
  conversationId: consultation.conversationId,
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
      displayName: staffProfile.displayName,
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

export function sideOf(reader: ConsultationReader): CallSide {
  return reader.side;
}

/**
 * Books a free time for one of the pets `signedIn` can open; 403 (the plan's sentence) unless
 * the pet's owner has Premium. With "first available", the first vet free at that time. Two
 * bookings of one time at once: the unique index lets one in; the other is told, with the next
 * free times.
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
    const booked = await db.transaction(async (tx) => {
      // ON CONFLICT on the partial unique index: the loser of a race inserts nothing.
      const inserted = await tx.execute(sql`
        insert into ${consultation} (pet_id, booked_by, vet_id, starts_at, reason)
        values (${ownPet.id}, ${signedIn.id}, ${vetId}, ${form.startsAt.toISOString()}::timestamptz, ${form.reason})
        on conflict (vet_id, starts_at) where status <> 'cancelled' do nothing
        returning id`);
      const [row] = (inserted as unknown as { rows: { id: string }[] }).rows;
      if (!row) return null;
      const conversationId = await openRoomChat(tx, ownPet.id, signedIn.id, vetId);
      await tx.update(consultation).set({ conversationId }).where(eq(consultation.id, row.id));
      const [saved] = await selectConsultations(tx).where(eq(consultation.id, row.id));
      await queueBookingMails(tx, saved!, signedIn, { method: "REQUEST", timeZone, now, heading: "booked" });
      await scheduleReminder(tx, saved!, signedIn.id, timeZone, now);
      return row.id;
    });
    if (booked) return { ok: true, consultationId: booked };
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

/** Cancels a booked consultation up to 2 hours before it starts, freeing its time. */
export async function cancelConsultation(
  signedIn: SessionUser,
  id: string,
  { now = new Date(), timeZone = "UTC" }: { now?: Date; timeZone?: string } = {},
): Promise<Outcome | null> {
  if (!(await isOwnerSide(signedIn, id))) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockConsultation(tx, id);
    if (!locked) return null;
    if (locked.status !== "booked") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
    if (!isChangeable(locked.startsAt, now)) return { ok: false, error: CONSULTATION_ERRORS.tooLate };
    await tx.update(consultation).set({ status: "cancelled", updatedAt: now }).where(eq(consultation.id, id));
    if (locked.conversationId) await closeRoomChat(tx, locked.conversationId);
    await queueBookingMails(tx, { ...locked, status: "cancelled" }, signedIn, {
      method: "CANCEL",
      timeZone,
      now,
      heading: "cancelled",
    });
    await notifyRoom(tx, id);
    return { ok: true };
  });
}

/** Moves a booked consultation to another free time of its vet, up to 2 hours before it starts. */
export async function moveConsultation(
  signedIn: SessionUser,
  id: string,
  startsAt: Date,
  { now = new Date(), timeZone = "UTC" }: { now?: Date; timeZone?: string } = {},
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
    try {
      // A savepoint: the unique index refusing the new time leaves the transaction usable.
      await tx.transaction(async (savepoint) => {
        await savepoint.update(consultation).set({ startsAt, updatedAt: now }).where(eq(consultation.id, id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) return "taken" as const;
      throw error;
    }
    const updated = { ...locked, startsAt };
    await queueBookingMails(tx, updated, signedIn, { method: "REQUEST", timeZone, now, heading: "moved" });
    await scheduleReminder(tx, updated, signedIn.id, timeZone, now);
    await notifyRoom(tx, id);
    return "moved" as const;
  });
  if (moved === "gone") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
  if (moved === "taken") return takenOutcome(vets, now, vetId);
  return { ok: true };
}

/**
 * A vet who can no longer hold consultations (no longer a vet, account deleted): their booked
 * ones to come are cancelled, each booker told by mail to book another time, in the caller's
 * transaction when given one.
 */
export async function cancelConsultationsOf(vetId: string, tx?: Tx, now = new Date()) {
  const cancel = async (t: Tx) => {
    const going = await selectConsultations(t)
      .where(
        and(
          eq(consultation.vetId, vetId),
          eq(consultation.status, "booked"),
          gte(consultation.startsAt, now),
        ),
      )
      .for("update", { of: consultation });
    for (const booked of going) {
      await t
        .update(consultation)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(consultation.id, booked.id));
      if (booked.conversationId) await closeRoomChat(t, booked.conversationId);
      const booker = await bookerOf(t, booked);
      if (booker) {
        await queueMail(
          {
            to: booker.email,
            subject: `Consultation cancelled: ${booked.petName} with ${booked.vetName}`,
            text: [
              `Hello ${booker.name},`,
              "",
              `${booked.vetName} can no longer hold your video consultation about ${booked.petName} (${formatInZone(booked.startsAt, "UTC")}), so it is cancelled. We are sorry.`,
              `Please book another time: ${siteBaseUrl()}/consultations`,
            ].join("\n"),
          },
          { db: t, key: `consultation-vet-gone:${booked.id}`, userId: booker.id },
        );
      }
      await notifyRoom(t, booked.id);
    }
  };
  if (tx) return cancel(tx);
  const db = await getDb();
  await db.transaction(cancel);
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && cause.code === "23505") return true;
  }
  return false;
}

/**
 * The vet ends the consultation with notes: they land in the pet's records as a vet visit
 * ("Video consultation with …") in the same transaction, and the person who booked it gets them
 * by mail.
 */
export async function endConsultation(
  vet: Vet,
  id: string,
  notes: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<Outcome | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await selectConsultations(tx)
      .where(eq(consultation.id, id))
      .for("update", { of: consultation });
    if (!locked || locked.vetId !== vet.id) return null;
    if (locked.status !== "booked") return { ok: false, error: CONSULTATION_ERRORS.notBooked };
    await tx
      .update(consultation)
      .set({ status: "ended", notes, endedAt: now, updatedAt: now })
      .where(eq(consultation.id, id));
    const title = consultationRecordTitle(vet.displayName);
    await addVetVisit(tx, locked.petId, vet.id, {
      date: now.toISOString().slice(0, 10),
      title,
      clinic: "PawPal video consultation",
      notes,
    });
    if (locked.conversationId) await closeRoomChat(tx, locked.conversationId);
    const booker = await bookerOf(tx, locked);
    if (booker) {
      await queueMail(
        {
          to: booker.email,
          subject: `${title} about ${locked.petName}: the vet's notes`,
          text: [
            `Hello ${booker.name},`,
            "",
            `${vet.displayName} ended the video consultation about ${locked.petName} and wrote these notes. They are also in ${locked.petName}'s records:`,
            "",
            notes,
            "",
            `${siteBaseUrl()}/pets/${locked.petId}`,
          ].join("\n"),
        },
        { db: tx, key: `consultation-notes:${id}`, userId: booker.id },
      );
    }
    await notifyRoom(tx, id);
    return { ok: true };
  });
}

async function bookerOf(db: Pick<Database, "select">, booked: Pick<Consultation, "bookedBy">) {
  if (!booked.bookedBy) return null;
  const [found] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, booked.bookedBy));
  return found ?? null;
}

export function consultationUrl(id: string) {
  return `${siteBaseUrl()}/consultations/${id}`;
}

/** The mail of a booking, move or cancellation, with its calendar invitation. */
async function queueBookingMails(
  tx: Tx,
  booked: Consultation,
  booker: SessionUser,
  {
    method,
    timeZone,
    now,
    heading,
  }: { method: "REQUEST" | "CANCEL"; timeZone: string; now: Date; heading: string },
) {
  const when = formatInZone(booked.startsAt, timeZone);
  const url = consultationUrl(booked.id);
  const summary = `Video consultation about ${booked.petName} with ${booked.vetName}`;
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
          "Allow the camera and microphone when your browser asks. You can cancel or move it up to 2 hours before.",
        ];
  await queueMail(
    {
      to: booker.email,
      subject: `Consultation ${heading}: ${booked.petName} with ${booked.vetName}, ${when}`,
      text: [`Hello ${booker.name},`, "", ...lines].join("\n"),
      icalEvent: {
        method,
        filename: "consultation.ics",
        content: writeInvitation({
          method,
          consultationId: booked.id,
          startsAt: booked.startsAt,
          sequence: Math.floor(now.getTime() / 1000) % 2_000_000_000,
          summary,
          description: `Reason: ${booked.reason}\n${url}`,
          url,
          organizerEmail: supportEmail(),
          attendeeEmail: booker.email,
          now,
        }),
      },
    },
    { db: tx, userId: booker.id },
  );
}

export const CONSULTATION_REMINDER_JOB = "consultation-reminder";

type ReminderPayload = { id: string; startsAt: string; timeZone: string };

/**
 * The reminder 1 hour before, once per consultation and time (a move schedules another). Booked
 * for within the hour, the confirmation is the reminder.
 */
async function scheduleReminder(tx: Tx, booked: Consultation, userId: string, timeZone: string, now: Date) {
  const runAfter = new Date(booked.startsAt.getTime() - REMINDER_MINUTES_BEFORE * 60_000);
  if (runAfter.getTime() <= now.getTime()) return;
  const payload: ReminderPayload = { id: booked.id, startsAt: booked.startsAt.toISOString(), timeZone };
  await enqueueJob(CONSULTATION_REMINDER_JOB, payload, {
    db: tx,
    key: `consultation-reminder:${booked.id}:${payload.startsAt}`,
    runAfter,
    userId,
  });
}

/** Sends the reminder if the consultation is still booked at that time (not cancelled or moved since). */
export async function sendConsultationReminder(payload: unknown): Promise<void> {
  const { id, startsAt, timeZone } = payload as ReminderPayload;
  const db = await getDb();
  const [booked] = await selectConsultations(db).where(eq(consultation.id, id));
  if (!booked || booked.status !== "booked" || booked.startsAt.getTime() !== Date.parse(startsAt)) return;
  const booker = await bookerOf(db, booked);
  if (!booker) return;
  const when = formatInZone(booked.startsAt, timeZone);
  await sendMail({
    to: booker.email,
    subject: `In 1 hour: video consultation about ${booked.petName} with ${booked.vetName}`,
    text: [
      `Hello ${booker.name},`,
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

/** A vet's consultations: booked ones to come (soonest first), then the latest others. */
export async function listVetConsultations(vetId: string, now = new Date()): Promise<Consultation[]> {
  const rows = await selectConsultations(await getDb())
    .where(eq(consultation.vetId, vetId))
    .orderBy(desc(consultation.startsAt))
    .limit(100);
  return sortUpcomingFirst(rows, now);
}

/** Booked and not over: soonest first; the rest after, latest first. */
function sortUpcomingFirst(rows: Consultation[], now: Date) {
  const isUpcoming = (row: Consultation) =>
    row.status === "booked" && row.startsAt.getTime() + 60 * 60_000 > now.getTime();
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
