import { and, asc, eq, gt } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { chatMessage } from "~/backend/db/schema.server";
import { findVet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import type { ChatMessage } from "~/domain/chat";
import { messageColumns, readConversation, toMessage } from "./conversation-rows.server";
import { findConversation } from "./conversations.server";

/* Reading a conversation's messages and their photos, and who may see a photo. */

/** What the conversation holds after `after`, in order (a page's first load asks from 0). */
export async function messagesAfter(
  conversationId: string,
  after: number,
  limit = 500,
): Promise<ChatMessage[]> {
  const db = await getDb();
  const rows = await db
    .select(messageColumns)
    .from(chatMessage)
    .where(and(eq(chatMessage.conversationId, conversationId), gt(chatMessage.seq, after)))
    .orderBy(asc(chatMessage.seq))
    .limit(limit);
  return rows.map(toMessage);
}

/** A message's photo (JPEG), for someone `findConversation` let in. */
export async function messagePhoto(conversationId: string, seq: number): Promise<Uint8Array | null> {
  const db = await getDb();
  const [row] = await db
    .select({ photo: chatMessage.photo })
    .from(chatMessage)
    .where(and(eq(chatMessage.conversationId, conversationId), eq(chatMessage.seq, seq)));
  return row?.photo ?? null;
}

/**
 * Whether `signedIn` may see the photo of message `seq`: whoever may read the conversation
 * (findConversation), and a vet on duty the first message's photo of an emergency conversation
 * waiting in the queue (the queue shows it as a thumbnail, so the vet can judge before taking it).
 */
export async function mayReadPhoto(signedIn: SessionUser, conversationId: string, seq: number) {
  if (await findConversation(signedIn, conversationId)) return true;
  if (seq !== 1) return false;
  const vet = await findVet(signedIn);
  if (!vet?.onDuty) return false;
  const conversation = await readConversation(conversationId);
  return conversation?.status === "queued" && conversation.kind === "emergency";
}
