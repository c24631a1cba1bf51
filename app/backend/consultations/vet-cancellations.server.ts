import { and, eq, gte, lt } from "drizzle-orm";
import { closeRoomChat } from "~/backend/chat/room-chat.server";
import { getDb, type Transaction } from "~/backend/db/client.server";
import { consultation } from "~/backend/db/schema.server";
import { availabilityOf, changeDayOff } from "~/backend/staff/staff.server";
import { dayBoundsIn } from "~/domain/availability";
import { mailPeople, queueVetGoneMail, queueVetMail } from "./consultation-mails.server";
import { notifyRoom, selectConsultations } from "./consultations.server";

/*
 * Consultations cancelled from the vet's side: the vet takes a day off, or can no longer hold
 * consultations at all (no longer a vet, account deleted). Each booker is told by mail
 * (consultation-mails.server.ts) to book another time.
 */

/**
 * A vet who can no longer hold consultations (no longer a vet, account deleted): their booked
 * ones to come are cancelled, each booker (or the pet's owner, when the booker can no longer open
 * the pet) told by mail to book another time, in the caller's transaction when given one.
 */
export async function cancelConsultationsOf(
  vetId: string,
  tx?: Transaction,
  now = new Date(),
  /** Only those starting before this (a day off: the consultations of that day). */
  before?: Date,
  /**
   * `dayOff`: the vet's own day off, so the vet is mailed each cancellation too, for their
   * calendar. `changedAt`: when (the invitations' stamp), `now` unless given.
   */
  { dayOff = false, changedAt = now }: { dayOff?: boolean; changedAt?: Date } = {},
): Promise<number> {
  const cancel = async (t: Transaction) => {
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
      await queueVetGoneMail(t, booked, booker ?? owner, changedAt);
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
 * A vet takes a day off (`day`, a calendar day in their zone): the consultations booked that day
 * are cancelled, each booker told, in one transaction with the day off. Answers how many were
 * cancelled.
 */
export async function takeDayOff(vetId: string, day: string, now = new Date()): Promise<number> {
  const { timeZone } = await availabilityOf(vetId);
  const { start, end } = dayBoundsIn(day, timeZone);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await changeDayOff(vetId, day, true, tx);
    return cancelConsultationsOf(vetId, tx, start.getTime() > now.getTime() ? start : now, end, {
      dayOff: true,
      changedAt: now,
    });
  });
}
