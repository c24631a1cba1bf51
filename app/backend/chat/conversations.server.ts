import { and, eq, sql } from "drizzle-orm";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { chatConversation, chatMessage } from "~/backend/db/schema.server";
import { addRemoteConsultation } from "~/backend/pet-records.server";
import { findAccessiblePet } from "~/backend/pets.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import type { Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { CHAT_ERRORS, chatRecordTitle, type ChatAuthorRole, type ChatMessage } from "~/domain/chat";
import { triageFor } from "~/domain/triage";
import { announce } from "~/backend/live/notices.server";
import { pushConversationWaiting, pushOwnerWrote, pushVetEvent } from "./chat-pushes.server";
import { reencodePhoto } from "./photo.server";
import { planRefusal, readerOf, refused, vetDayOf, type Outcome, type Reader } from "./vet-care.server";

import {
  conversationColumns,
  messageColumns,
  readConversation,
  toMessage,
  type Conversation,
} from "./conversation-rows.server";

export type { Conversation };

/*
 * The emergency chat's conversations through their life: opened, written in, taken, ended, put
 * back in the queue. Here is decided who may read (the pet's owner and family, the vet who took
 * it) and who may write; reading messages and photos is message-reads.server.ts, the lists
 * conversation-lists.server.ts, a room's chat room-chat.server.ts. The account's data export and
 * deletion (account-data.server.ts) read and change an account's own rows too. Each change is
 * announced on the live channel (pg_notify in the same transaction, so a notice never announces
 * what was not stored).
 */

/**
 * The conversation and who `signedIn` is in it (the vet who took it, or the pet's side); null
 * for anyone else (the route answers 404, so a stranger cannot tell it exists).
 */
export async function findConversation(
  signedIn: SessionUser,
  id: string,
): Promise<{ conversation: Conversation; reader: Reader } | null> {
  const conversation = await readConversation(id);
  if (!conversation) return null;
  const reader = await readerOf(signedIn, conversation);
  return reader ? { conversation, reader } : null;
}

/** What the live channel and the pages say of a conversation this account may not see. */
export const NO_SUCH_CONVERSATION = "There is no such conversation.";

/**
 * A message's pieces as a sender gives them: `photo` is the uploaded file's bytes, re-encoded
 * here once the sender may post; `key` makes sending it twice store it once.
 */
export type NewMessage = { body: string; photo?: Uint8Array | null; key: string };

/** The photo, re-encoded (photo.server.ts), or the sentence that refuses it. */
async function preparePhoto(
  photo: Uint8Array | null | undefined,
  senderId: string,
): Promise<Outcome<{ jpeg: Uint8Array | null }>> {
  if (!photo) return { ok: true, jpeg: null };
  // Each decode costs a core for a moment: a few photos per account, whatever the conversation.
  const limited = await consumeRateLimit("chatPhoto", senderId);
  if (!limited.ok) return tooFast(limited.retryAfterSeconds);
  const reencoded = await reencodePhoto(photo);
  return reencoded.ok ? { ok: true, jpeg: reencoded.jpeg } : refused("invalid", reencoded.error);
}

/** Sent again under a key already used for other words (a page restored from history): not the same message. */
const KEY_REUSED = "This page already sent a message: reload it and send yours again.";

/**
 * Opens a conversation about one of the pets `signedIn` can open, with its first message and
 * the signs the owner ticked (`ticked`: the form's values; the urgency they give is stored with
 * them, domain/triage.ts); 403 (the plan's sentence) unless the pet's owner has Premium. Sent
 * twice with the same key, it opens one conversation. An unknown sign, or one of another
 * species, is refused with its sentence, and nothing is stored.
 */
export async function openConversation(
  signedIn: SessionUser,
  petId: string,
  first: NewMessage,
  ticked: readonly unknown[] = [],
): Promise<Outcome<{ conversationId: string }>> {
  const ownPet = await findAccessiblePet(signedIn.id, petId);
  if (!ownPet) return refused("invalid", CHAT_ERRORS.pet);
  await requirePetFeature(ownPet, "emergency-chat");
  if (!first.body && !first.photo) return refused("invalid", CHAT_ERRORS.empty);
  const triaged = triageFor(ownPet, ticked);
  if (!triaged.ok) return refused("invalid", triaged.error);
  const db = await getDb();
  const [again] = await openedWithKey(db, signedIn.id, first.key);
  if (again) return { ok: true, conversationId: again.conversationId };
  const limited = await consumeRateLimit("chatOpen", signedIn.id);
  if (!limited.ok) return tooFast(limited.retryAfterSeconds);
  const photo = await preparePhoto(first.photo, signedIn.id);
  if (!photo.ok) return photo;
  return db.transaction(async (tx) => {
    // One opening per account at a time: a double tap finds the first one's conversation.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-open:${signedIn.id}`}))`);
    const [raced] = await openedWithKey(tx, signedIn.id, first.key);
    if (raced) return { ok: true as const, conversationId: raced.conversationId };
    const [created] = await tx
      .insert(chatConversation)
      .values({
        petId,
        openedBy: signedIn.id,
        lastSeq: 1,
        signs: triaged.triage.signIds,
        urgency: triaged.triage.urgency,
      })
      .returning({ id: chatConversation.id });
    await tx.insert(chatMessage).values({
      conversationId: created!.id,
      seq: 1,
      authorId: signedIn.id,
      authorRole: "owner",
      authorName: signedIn.name,
      body: first.body,
      photo: photo.jpeg,
      clientKey: first.key,
    });
    await announce(tx, {
      topic: "conversation",
      conversationId: created!.id,
      newestSeq: 1,
      queueChanged: true,
    });
    await pushConversationWaiting(tx, { id: created!.id, petId, urgency: triaged.triage.urgency });
    return { ok: true as const, conversationId: created!.id };
  });
}

/** The conversation `userId` opened with this first message's key, if any (a form sent twice). */
function openedWithKey(db: Pick<Database, "select">, userId: string, key: string) {
  return db
    .select({ conversationId: chatMessage.conversationId })
    .from(chatMessage)
    .innerJoin(chatConversation, eq(chatConversation.id, chatMessage.conversationId))
    .where(
      and(eq(chatMessage.seq, 1), eq(chatMessage.clientKey, key), eq(chatConversation.openedBy, userId)),
    );
}

/** The message stored under a key in a conversation, if any, with its author. */
function storedWithKey(db: Pick<Database, "select">, conversationId: string, key: string) {
  return db
    .select({ ...messageColumns, authorId: chatMessage.authorId })
    .from(chatMessage)
    .where(and(eq(chatMessage.conversationId, conversationId), eq(chatMessage.clientKey, key)));
}

function tooFast(seconds: number) {
  return refused(
    "rate-limited",
    `You are sending messages faster than we can take them: please wait ${seconds} seconds.`,
  );
}

/**
 * Stores a message (numbered after the last one, under the conversation's row lock) and
 * announces it. Sent again with the same key, the stored one is answered: never two. The plan's
 * refusal is answered, not thrown: the live channel sends messages too.
 */
export async function sendMessage(
  signedIn: SessionUser,
  conversationId: string,
  message: NewMessage,
): Promise<Outcome<{ message: ChatMessage }>> {
  const found = await findConversation(signedIn, conversationId);
  if (!found) return refused("not-found", NO_SUCH_CONVERSATION);
  const { reader } = found;
  if (!message.body && !message.photo) return refused("invalid", CHAT_ERRORS.empty);
  if (reader.side === "owner") {
    const feature = found.conversation.kind === "consultation" ? "consultations" : "emergency-chat";
    const notInPlan = await planRefusal(reader.pet, feature);
    if (notInPlan) return notInPlan;
  }
  const db = await getDb();
  // Sent again (a reconnection, a retry): the stored one is the answer, and costs nothing.
  const [stored] = await storedWithKey(db, conversationId, message.key);
  if (stored) return sameMessage(stored, signedIn.id, message);
  // Checked again under the lock below; here so that a closed door costs no photo's decoding.
  if (found.conversation.status === "ended") return refused("closed", CHAT_ERRORS.ended);
  if (reader.side === "vet" && found.conversation.vetId !== signedIn.id)
    return refused("closed", CHAT_ERRORS.notYours);
  const limited = await consumeRateLimit("chatMessage", `${signedIn.id}:${conversationId}`);
  if (!limited.ok) return tooFast(limited.retryAfterSeconds);
  const photo = await preparePhoto(message.photo, signedIn.id);
  if (!photo.ok) return photo;
  const role: ChatAuthorRole = reader.side;
  const name = reader.side === "vet" ? reader.vet.displayName : signedIn.name;
  return db.transaction(async (tx): Promise<Outcome<{ message: ChatMessage }>> => {
    const locked = await lockConversation(tx, conversationId);
    if (!locked || locked.status === "ended") return refused("closed", CHAT_ERRORS.ended);
    if (role === "vet" && locked.vetId !== signedIn.id) return refused("closed", CHAT_ERRORS.notYours);
    const [raced] = await storedWithKey(tx, conversationId, message.key);
    if (raced) return sameMessage(raced, signedIn.id, message);
    const added = await appendMessage(tx, locked, {
      authorId: signedIn.id,
      authorRole: role,
      authorName: name,
      body: message.body,
      photo: photo.jpeg,
      clientKey: message.key,
    });
    // A room's chat is read in the room, where both sides are: only the emergency chat notifies.
    if (locked.kind === "emergency") {
      if (role === "vet") await pushVetEvent(tx, locked, name, "replied", String(added.seq));
      else await pushOwnerWrote(tx, locked, name, added.seq);
    }
    return { ok: true, message: added };
  });
}

/** The message stored under a key, if it is the one being sent again (same author, same words). */
function sameMessage(
  stored: Parameters<typeof toMessage>[0] & { authorId: string | null },
  authorId: string,
  message: NewMessage,
): Outcome<{ message: ChatMessage }> {
  const { authorId: storedAuthor, ...row } = stored;
  if (storedAuthor !== authorId || row.body !== message.body) return refused("invalid", KEY_REUSED);
  return { ok: true, message: toMessage(row) };
}

async function lockConversation(tx: Transaction, id: string) {
  const [locked] = await tx
    .select(conversationColumns)
    .from(chatConversation)
    .where(eq(chatConversation.id, id))
    .for("update");
  return locked ?? null;
}

/** Adds the next message of a conversation locked by the caller's transaction, and announces it. */
async function appendMessage(
  tx: Transaction,
  locked: Conversation,
  message: Omit<typeof chatMessage.$inferInsert, "conversationId" | "seq">,
  changes: { statusChanged?: true; queueChanged?: true } = {},
): Promise<ChatMessage> {
  const seq = locked.lastSeq + 1;
  await tx.update(chatConversation).set({ lastSeq: seq }).where(eq(chatConversation.id, locked.id));
  const [row] = await tx
    .insert(chatMessage)
    .values({ ...message, conversationId: locked.id, seq })
    .returning(messageColumns);
  await announce(tx, { topic: "conversation", conversationId: locked.id, newestSeq: seq, ...changes });
  locked.lastSeq = seq;
  return toMessage(row!);
}

/**
 * An on-duty vet takes a waiting conversation. Two vets at once: one update finds it still
 * queued and wins; the other is told.
 */
export async function takeConversation(vet: Vet, conversationId: string): Promise<Outcome> {
  if (!vet.onDuty) return refused("off-duty", CHAT_ERRORS.notOnDuty);
  const db = await getDb();
  return db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockConversation(tx, conversationId);
    if (!locked) return refused("not-found", NO_SUCH_CONVERSATION);
    if (locked.vetId === vet.id) return { ok: true };
    if (locked.status !== "queued") return refused("taken", CHAT_ERRORS.taken);
    await tx
      .update(chatConversation)
      .set({ status: "active", vetId: vet.id, takenAt: new Date() })
      .where(eq(chatConversation.id, conversationId));
    await appendMessage(
      tx,
      locked,
      {
        authorId: vet.id,
        authorRole: "system",
        authorName: "PawPal",
        body: `${vet.displayName} (a vet licensed in ${vet.region}) has joined the conversation.`,
        // Keys with ":" are PawPal's own: no page can send one (clientKeySchema).
        clientKey: `taken:${vet.id}`,
      },
      { statusChanged: true, queueChanged: true },
    );
    if (locked.kind === "emergency") await pushVetEvent(tx, locked, vet.displayName, "took", "taken");
    return { ok: true };
  });
}

/**
 * The vet who took the conversation ends it with a summary, which lands in the pet's records as
 * a vet visit ("Emergency chat with …", on the day it ended in the vet's zone), in the same
 * transaction.
 */
export async function endConversation(
  vet: Vet,
  conversationId: string,
  summary: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<Outcome> {
  const vetDay = await vetDayOf(vet.id);
  const db = await getDb();
  return db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockConversation(tx, conversationId);
    // A consultation room's chat ends with its consultation (endConsultation), never alone.
    if (!locked || locked.vetId !== vet.id || locked.kind !== "emergency")
      return refused("not-found", NO_SUCH_CONVERSATION);
    if (locked.status === "ended") return refused("closed", CHAT_ERRORS.ended);
    await tx
      .update(chatConversation)
      .set({ status: "ended", summary, endedAt: now })
      .where(eq(chatConversation.id, conversationId));
    await addRemoteConsultation(tx, locked.petId, vet.id, {
      date: vetDay(now),
      title: chatRecordTitle(vet.displayName),
      clinic: "PawPal 24/7 emergency chat",
      notes: summary,
    });
    await appendMessage(
      tx,
      locked,
      {
        authorId: vet.id,
        authorRole: "system",
        authorName: "PawPal",
        body: `${vet.displayName} ended the conversation. Their summary is in the pet's records: ${summary}`,
        clientKey: "ended:",
      },
      { statusChanged: true },
    );
    await pushVetEvent(tx, locked, vet.displayName, "ended", "ended");
    return { ok: true };
  });
}

/** Who wrote a chat message, once that account is deleted. */
export const FORMER_AUTHOR = "Someone who left";

/** An account's deletion: what it wrote in others' chats stays with them, without its name. */
export async function anonymiseMessagesOf(tx: Transaction, userId: string) {
  await tx.update(chatMessage).set({ authorName: FORMER_AUTHOR }).where(eq(chatMessage.authorId, userId));
}

/**
 * A vet who can no longer answer (no longer a vet, account deleted): their conversations going
 * on go back to the queue, each owner told, in the caller's transaction when given one.
 */
export async function requeueConversationsOf(vetId: string, tx?: Transaction) {
  const requeue = async (t: Transaction) => {
    const going = await t
      .select(conversationColumns)
      .from(chatConversation)
      .where(
        and(
          eq(chatConversation.vetId, vetId),
          eq(chatConversation.status, "active"),
          eq(chatConversation.kind, "emergency"),
        ),
      )
      .for("update");
    for (const locked of going) {
      await t
        .update(chatConversation)
        .set({ status: "queued", vetId: null, takenAt: null })
        .where(eq(chatConversation.id, locked.id));
      await appendMessage(
        t,
        locked,
        {
          authorId: null,
          authorRole: "system",
          authorName: "PawPal",
          body: "The vet is no longer available: the conversation is back in the queue for the next vet.",
          clientKey: `requeued:${locked.lastSeq + 1}`,
        },
        { statusChanged: true, queueChanged: true },
      );
    }
  };
  if (tx) return requeue(tx);
  const db = await getDb();
  await db.transaction(requeue);
}
