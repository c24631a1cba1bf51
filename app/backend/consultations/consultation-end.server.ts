import { eq } from "drizzle-orm";
import { closeRoomChat } from "~/backend/chat/room-chat.server";
import { refused, vetDayOf, type Outcome } from "~/backend/chat/vet-care.server";
import { getDb } from "~/backend/db/client.server";
import { consultation } from "~/backend/db/schema.server";
import { addRemoteConsultation } from "~/backend/pet-records.server";
import type { Vet } from "~/backend/staff/staff.server";
import {
  CONSULTATION_ERRORS,
  CONSULTATION_LIMITS,
  consultationRecordTitle,
  roomState,
} from "~/domain/consultations";
import { roomOpensMinutes } from "./call-config.server";
import { mailPeople, queueNotesMail } from "./consultation-mails.server";
import { lockConsultation, NO_SUCH_CONSULTATION, notifyRoom } from "./consultations.server";

/**
 * The vet ends the consultation with notes, from the room's opening on: they land in the pet's
 * records as a remote consultation ("Video consultation with …", on the consultation's day in the vet's
 * zone) in the same transaction, and go by mail to the pet's owner, and to the person who booked
 * it when that is someone else who can still open the pet.
 */
export async function endConsultation(
  vet: Vet,
  id: string,
  notes: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<Outcome> {
  if (notes.length > CONSULTATION_LIMITS.notes) return refused("invalid", CONSULTATION_ERRORS.notesTooLong);
  const vetDay = await vetDayOf(vet.id);
  const db = await getDb();
  return db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockConsultation(tx, id);
    if (!locked || locked.vetId !== vet.id) return refused("not-found", NO_SUCH_CONSULTATION);
    if (locked.status !== "booked") return refused("closed", CONSULTATION_ERRORS.notBooked);
    if (roomState(locked.startsAt, now, roomOpensMinutes()) === "not-yet") {
      return refused("closed", CONSULTATION_ERRORS.endTooEarly);
    }
    await tx
      .update(consultation)
      .set({ status: "ended", notes, endedAt: now, updatedAt: now })
      .where(eq(consultation.id, id));
    const title = consultationRecordTitle(vet.displayName);
    await addRemoteConsultation(tx, locked.petId, vet.id, {
      date: vetDay(locked.startsAt),
      title,
      clinic: "PawPal video consultation",
      notes,
    });
    if (locked.conversationId) await closeRoomChat(tx, locked.conversationId);
    const { booker, owner } = await mailPeople(tx, locked);
    const readers = booker && booker.id !== owner.id ? [owner, booker] : [owner];
    for (const reader of readers) {
      await queueNotesMail(tx, locked, reader, { vetName: vet.displayName, title, notes });
    }
    await notifyRoom(tx, id);
    return { ok: true };
  });
}
