import { and, eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { pet, staffProfile, user } from "~/backend/db/schema.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { pushToVet } from "./consultation-pushes.server";
import { queueMail, sendMail, supportEmail } from "~/backend/mail/mailer.server";
import { findAccessiblePet } from "~/backend/pets.server";
import { vetTitleSql } from "~/backend/staff/staff.server";
import { formatInZone, isTimeZone } from "~/domain/availability";
import { writeInvitation } from "~/domain/consultation-invite";
import {
  CHANGE_NOTICE_MINUTES,
  REMINDER_MINUTES_BEFORE,
  TOO_LATE_TO_CHANGE,
  changeDeadline,
  isChangeable,
} from "~/domain/consultations";
import { siteBaseUrl } from "~/utils/seo";
import { roomOpensMinutes } from "./call-config.server";
import { stillBookedFor, type Consultation } from "./consultations.server";

/*
 * Every mail about a consultation, and who it goes to: the booking's, move's and cancellation's
 * to the pet's side and to the vet (each with its calendar invitation), the one of a vet who can
 * no longer hold it, the vet's notes at the end, and the reminder (a job 1 hour before). The
 * transactions that change a consultation queue them (queueMail in their transaction); none is
 * ever written with the words of the room's chat.
 */

type Person = { id: string; email: string; name: string };

/**
 * Who a consultation's mails can go to: its pet's owner, and the person who booked it while they
 * can still open the pet (findAccessiblePet's rule), else null. Read in `db`, the caller's
 * transaction when there is one.
 */
export async function mailPeople(
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
  if (!(await findAccessiblePet(booked.bookedBy, booked.petId, db))) return { owner, booker: null };
  const [booker] = await db.select(person).from(user).where(eq(user.id, booked.bookedBy));
  return { owner, booker: booker ?? null };
}

function consultationUrl(id: string) {
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
export async function queueBookingMails(
  tx: Transaction,
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
export async function queueVetMail(
  tx: Transaction,
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
  if (by) await pushToVet(tx, booked, heading, { by, when });
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

/**
 * The mail of a consultation cancelled because its vet can no longer hold it (a day off, no longer
 * a vet, their account deleted) to the pet's side, with the CANCEL for its calendar, stamped
 * `changedAt`. Queued once per consultation.
 */
export async function queueVetGoneMail(tx: Transaction, booked: Consultation, to: Person, changedAt: Date) {
  const when = formatInZone(booked.startsAt, booked.timeZone);
  await queueMail(
    {
      to: to.email,
      subject: `Consultation cancelled: ${booked.petName} with ${booked.vetName}`,
      text: [
        `Hello ${to.name},`,
        "",
        `${booked.vetName} can no longer hold your video consultation about ${booked.petName} (${when}), so it is cancelled. We are sorry.`,
        `Please book another time: ${siteBaseUrl()}/consultations`,
      ].join("\n"),
      // Its calendar's event goes too.
      icalEvent: invitationOf(
        { ...booked, status: "cancelled" },
        { method: "CANCEL", now: changedAt, when, attendeeEmail: to.email },
      ),
    },
    { db: tx, key: `consultation-vet-gone:${booked.id}`, userId: to.id },
  );
}

/**
 * The vet's notes at the end, to `reader` (the pet's owner, or the family member who booked):
 * `title` is the vet visit's in the pet's records. Queued once per consultation and reader.
 */
export async function queueNotesMail(
  tx: Transaction,
  ended: Pick<Consultation, "id" | "petId" | "petName">,
  reader: Person,
  { vetName, title, notes }: { vetName: string; title: string; notes: string },
) {
  await queueMail(
    {
      to: reader.email,
      subject: `${title} about ${ended.petName}: the vet's notes`,
      text: [
        `Hello ${reader.name},`,
        "",
        `${vetName} ended the video consultation about ${ended.petName} and wrote these notes. They are also in ${ended.petName}'s records:`,
        "",
        notes,
        "",
        `${siteBaseUrl()}/pets/${ended.petId}`,
      ].join("\n"),
    },
    { db: tx, key: `consultation-notes:${ended.id}:${reader.id}`, userId: reader.id },
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
export async function scheduleReminder(tx: Transaction, booked: Consultation, ownerId: string, now: Date) {
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
  const booked = await stillBookedFor(id, startsAt);
  if (!booked || now.getTime() >= booked.startsAt.getTime()) return;
  const db = await getDb();
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
