import { getDb, type Transaction } from "~/backend/db/client.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { pushTo } from "~/backend/notifications/push.server";
import { petPeople } from "~/backend/pets.server";
import { roomOpensMinutes } from "./call-config.server";
import { ROOM_CLOSES_MINUTES } from "~/domain/consultations";
import { stillBookedFor, type Consultation } from "./consultations.server";

/*
 * Video consultations' push notifications (backend/notifications/push.server.ts): the vet hears
 * of a booking, move or cancellation by the pet's side, queued in its transaction; both sides
 * hear when the room opens, from a job scheduled for that moment (a move schedules another, and
 * a job whose consultation moved or ended since sends nothing).
 */

export const ROOM_OPENS_JOB = "consultation-room-opens";

type RoomOpensPayload = { id: string; startsAt: string };

const headline = {
  booked: (by: string, pet: string) => `${by} booked a consultation about ${pet}`,
  moved: (by: string, pet: string) => `${by} moved the consultation about ${pet}`,
  cancelled: (by: string, pet: string) => `${by} cancelled the consultation about ${pet}`,
};

/** To the consultation's vet: the pet's side booked, moved or cancelled it (`when`: in the vet's zone). */
export async function pushToVet(
  tx: Transaction,
  booked: Consultation,
  heading: keyof typeof headline,
  { by, when }: { by: string; when: string },
) {
  if (!booked.vetId) return;
  await pushTo(
    tx,
    [booked.vetId],
    "consultation-bookings",
    {
      title: headline[heading](by, booked.petName),
      body: heading === "cancelled" ? `${when}: the time is free again.` : `${when}.`,
      url: heading === "cancelled" ? "/vet" : `/consultations/${booked.id}`,
      tag: `consultation:${booked.id}`,
    },
    `consultation:${booked.id}:${heading}:${booked.startsAt.toISOString()}`,
  );
}

/** Schedules "the room is open" for the moment it opens; none for a room open already. */
export async function scheduleRoomOpens(tx: Transaction, booked: Consultation, ownerId: string, now: Date) {
  const runAfter = new Date(booked.startsAt.getTime() - roomOpensMinutes() * 60_000);
  if (runAfter.getTime() <= now.getTime()) return;
  const payload: RoomOpensPayload = { id: booked.id, startsAt: booked.startsAt.toISOString() };
  await enqueueJob(ROOM_OPENS_JOB, payload, {
    db: tx,
    key: `${ROOM_OPENS_JOB}:${booked.id}:${payload.startsAt}`,
    runAfter,
    userId: ownerId,
  });
}

/** The room-opens job: both sides told, if the consultation is still booked at that time and not over. */
export async function pushRoomOpens(payload: unknown, now = new Date()) {
  const { id, startsAt } = payload as RoomOpensPayload;
  const booked = await stillBookedFor(id, startsAt);
  if (!booked || now.getTime() >= booked.startsAt.getTime() + ROOM_CLOSES_MINUTES * 60_000) return;
  const db = await getDb();
  const message = {
    title: `The consultation room about ${booked.petName} is open`,
    body: `With ${booked.vetName}: join from the consultation's page.`,
    url: `/consultations/${booked.id}`,
    tag: `consultation:${booked.id}`,
  };
  const event = `consultation:${booked.id}:opens:${startsAt}`;
  await pushTo(db, await petPeople(db, booked.petId), "consultation-room", message, event);
  if (booked.vetId)
    await pushTo(
      db,
      [booked.vetId],
      "consultation-room",
      {
        ...message,
        body: `Join from the consultation's page, with ${booked.petName}'s records beside the call.`,
      },
      event,
    );
}
