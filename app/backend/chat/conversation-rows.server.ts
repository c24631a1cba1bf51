import { eq, sql } from "drizzle-orm";
import { getDb, type Database } from "~/backend/db/client.server";
import { chatConversation, chatMessage } from "~/backend/db/schema.server";
import type { ChatKind, ChatMessage, ChatStatus } from "~/domain/chat";
import { vetTitle } from "~/domain/staff";
import type { Urgency } from "~/domain/triage";

/* A conversation's and a message's columns as the chat's modules read them. */

export type Conversation = {
  id: string;
  petId: string;
  kind: ChatKind;
  status: ChatStatus;
  /** What the owner ticked when opening it, and the urgency it gave ("none": nothing ticked). */
  signIds: string[];
  urgency: Urgency;
  vetId: string | null;
  lastSeq: number;
  summary: string | null;
  createdAt: Date;
  takenAt: Date | null;
  endedAt: Date | null;
};

export const conversationColumns = {
  id: chatConversation.id,
  petId: chatConversation.petId,
  kind: chatConversation.kind,
  status: chatConversation.status,
  signIds: chatConversation.signs,
  urgency: chatConversation.urgency,
  vetId: chatConversation.vetId,
  lastSeq: chatConversation.lastSeq,
  summary: chatConversation.summary,
  createdAt: chatConversation.createdAt,
  takenAt: chatConversation.takenAt,
  endedAt: chatConversation.endedAt,
};

export const messageColumns = {
  seq: chatMessage.seq,
  authorRole: chatMessage.authorRole,
  authorName: chatMessage.authorName,
  body: chatMessage.body,
  hasPhoto: sql<boolean>`${chatMessage.photo} is not null`,
  createdAt: chatMessage.createdAt,
};

/**
 * A stored message as pages show it. A vet's name is the one they wrote under, titled as owners
 * see vets ("Dr. …", never doubled), messages stored before the title was added included.
 */
export function toMessage(row: { createdAt: Date } & Omit<ChatMessage, "createdAt">): ChatMessage {
  const authorName = row.authorRole === "vet" ? vetTitle(row.authorName) : row.authorName;
  return { ...row, authorName, createdAt: new Date(row.createdAt).toISOString() };
}

export async function readConversation(
  id: string,
  tx?: Pick<Database, "select">,
): Promise<Conversation | null> {
  const db = tx ?? (await getDb());
  const [found] = await db
    .select(conversationColumns)
    .from(chatConversation)
    .where(eq(chatConversation.id, id));
  return found ?? null;
}
