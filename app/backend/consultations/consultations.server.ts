import { and, asc, desc, eq, gt, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import { announce } from "~/backend/live/notices.server";
import { readerOf, type Outcome, type Reader } from "~/backend/chat/vet-care.server";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { consultation, pet, staffProfile, user } from "~/backend/db/schema.server";
import { listAccessiblePets } from "~/backend/pets.server";
import { vetTitleSql } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { consultationTimes, type Availability } from "~/domain/availability";
import { isBookable, ROOM_CLOSES_MINUTES, type ConsultationStatus } from "~/domain/consultations";

/*
 * Video consultations as pages read them: a consultation and who may look at it, the owner's,
 * the vet's and the calendar feed's lists, and the vets' free times; with the row's select and
 * lock and the live channel's notice that the modules changing a consultation share. The
 * changes are elsewhere in this folder: booking.server.ts (book, move, cancel),
 * consultation-end.server.ts (the vet's notes), vet-cancellations.server.ts (a day off, a vet
 * gone) and consultation-mails.server.ts (every mail, and the reminder). The account's data export
 * (account-data.server.ts) reads an account's own too.
 */

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

/** What booking or moving answers: a time taken meanwhile comes with the next free times. */
export type BookingOutcome<Done = object> = Outcome<Done, { nextTimes?: FreeTime[] }>;

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

/** Consultations as Consultation rows, in `db` (a transaction's, or the database), to be filtered. */
export function selectConsultations(db: Pick<Database, "select">) {
  return db
    .select(columns)
    .from(consultation)
    .innerJoin(pet, eq(pet.id, consultation.petId))
    .leftJoin(staffProfile, eq(staffProfile.userId, consultation.vetId))
    .$dynamic();
}

/** The consultation, locked for the transaction's change; null when there is none. */
export async function lockConsultation(tx: Transaction, id: string): Promise<Consultation | null> {
  const [locked] = await selectConsultations(tx)
    .where(eq(consultation.id, id))
    .for("update", { of: consultation });
  return locked ?? null;
}

/**
 * The consultation, if it is still booked for `startsAt` (an ISO time): what a job scheduled for
 * that time finds, or null when it was cancelled, ended or moved since.
 */
export async function stillBookedFor(id: string, startsAt: string): Promise<Consultation | null> {
  const [booked] = await selectConsultations(await getDb()).where(eq(consultation.id, id));
  if (!booked || booked.status !== "booked" || booked.startsAt.getTime() !== Date.parse(startsAt))
    return null;
  return booked;
}

/** Tells the consultation's open room, on the live channel, that it changed (in the change's transaction). */
export async function notifyRoom(tx: Pick<Database, "execute">, consultationId: string) {
  await announce(tx, { topic: "room", consultationId });
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

/**
 * The consultation and who `signedIn` is in it (its vet, or the pet's side); null for anyone
 * else (the route answers 404, so a stranger cannot tell it exists).
 */
export async function findConsultation(
  signedIn: SessionUser,
  id: string,
): Promise<{ consultation: Consultation; reader: Reader } | null> {
  const [found] = await selectConsultations(await getDb()).where(eq(consultation.id, id));
  if (!found) return null;
  const reader = await readerOf(signedIn, found);
  return reader ? { consultation: found, reader } : null;
}

/** What a page is told of a consultation this account may not see. */
export const NO_SUCH_CONSULTATION = "There is no such consultation.";

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
