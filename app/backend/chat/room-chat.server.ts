import { and, eq } from "drizzle-orm";
import type { Transaction } from "~/backend/db/client.server";
import { chatConversation } from "~/backend/db/schema.server";
import { announce } from "~/backend/live/notices.server";

/* A consultation room's text chat: a conversation that never waits in the queue. */

/**
 * The text chat of a consultation's room, made at booking: the vet is its vet from the start, so
 * it never waits in the queue; it ends with the consultation (closeRoomChat).
 */
export async function openRoomChat(
  tx: Transaction,
  petId: string,
  bookedBy: string,
  vetId: string,
): Promise<string> {
  const [created] = await tx
    .insert(chatConversation)
    .values({ petId, openedBy: bookedBy, vetId, kind: "consultation", status: "active", takenAt: new Date() })
    .returning({ id: chatConversation.id });
  return created!.id;
}

/** Ends a room's text chat with its consultation (ended or cancelled): nothing more is written in it. */
export async function closeRoomChat(tx: Transaction, conversationId: string) {
  await tx
    .update(chatConversation)
    .set({ status: "ended", endedAt: new Date() })
    .where(and(eq(chatConversation.id, conversationId), eq(chatConversation.kind, "consultation")));
  await announce(tx, { topic: "conversation", conversationId, statusChanged: true });
}
