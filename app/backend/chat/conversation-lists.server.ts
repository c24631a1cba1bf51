import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/backend/db/client.server";
import { chatConversation, chatMessage, pet, staffProfile } from "~/backend/db/schema.server";
import { listAccessiblePets } from "~/backend/pets.server";
import type { ChatStatus } from "~/domain/chat";
import type { PetType } from "~/domain/pets";
import { vetTitle } from "~/domain/staff";
import { firstWords, orderQueue, type Urgency } from "~/domain/triage";
import { estimateWait, WAIT_SAMPLE, type WaitEstimate } from "~/domain/queue-wait";
import type { Conversation } from "./conversation-rows.server";

/* The chat's lists: the queue a vet on duty takes from (and a waiting conversation's place in it), a vet's and an owner's conversations, and a conversation's vet. */

export type QueuedConversation = {
  id: string;
  createdAt: Date;
  urgency: Urgency;
  signIds: string[];
  pet: { name: string; type: PetType; breed: string | null; birthDate: string | null };
  /** The first message's first words (domain/triage.ts firstWords), and whether it carries a photo. */
  firstWords: string;
  hasPhoto: boolean;
};

/** How much of a first message the queue reads: its first words come from these characters. */
const FIRST_WORDS_READ = 400;

/**
 * Conversations waiting for a vet, as a vet's console lists them: the most urgent first, then
 * the longest waiting (domain/triage.ts orderQueue), each with its pet and its first message's
 * first words and photo flag (the photo itself: mayReadPhoto).
 */
export async function listQueue(): Promise<QueuedConversation[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: chatConversation.id,
      createdAt: chatConversation.createdAt,
      urgency: chatConversation.urgency,
      signIds: chatConversation.signs,
      name: pet.name,
      type: pet.type,
      breed: pet.breed,
      birthDate: pet.birthDate,
      // Enough of the first message to cut its first words from, not all 2,000 characters.
      opening: sql<string>`left(${chatMessage.body}, ${FIRST_WORDS_READ})`,
      hasPhoto: sql<boolean>`${chatMessage.photo} is not null`,
    })
    .from(chatConversation)
    .innerJoin(pet, eq(pet.id, chatConversation.petId))
    .leftJoin(chatMessage, and(eq(chatMessage.conversationId, chatConversation.id), eq(chatMessage.seq, 1)))
    .where(and(eq(chatConversation.status, "queued"), eq(chatConversation.kind, "emergency")))
    .orderBy(asc(chatConversation.createdAt));
  return orderQueue(
    rows.map(({ id, createdAt, urgency, signIds, opening, hasPhoto, ...petColumns }) => ({
      id,
      createdAt,
      urgency,
      signIds,
      pet: petColumns,
      firstWords: firstWords(opening ?? ""),
      hasPhoto: hasPhoto ?? false,
    })),
  );
}

export type ConversationSummary = {
  id: string;
  status: ChatStatus;
  createdAt: Date;
  petName: string;
};

/** How many conversations the vet's list shows: those going on first, then the latest ended. */
const VET_LIST_LENGTH = 40;

/** Conversations as the lists show them, with their pet's name. */
function conversationSummaries(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: chatConversation.id,
      status: chatConversation.status,
      createdAt: chatConversation.createdAt,
      petName: pet.name,
    })
    .from(chatConversation)
    .innerJoin(pet, eq(pet.id, chatConversation.petId))
    .where(where)
    .$dynamic();
}

/** The vet's conversations: those going on, then the latest ended ones. */
export async function listVetConversations(vetId: string): Promise<ConversationSummary[]> {
  return conversationSummaries(
    await getDb(),
    and(eq(chatConversation.vetId, vetId), eq(chatConversation.kind, "emergency")),
  )
    .orderBy(sql`${chatConversation.status} = 'ended'`, desc(chatConversation.createdAt))
    .limit(VET_LIST_LENGTH);
}

/** The conversations about every pet the user can open (theirs and their families'), newest first. */
export async function listOwnerConversations(userId: string): Promise<ConversationSummary[]> {
  const petIds = (await listAccessiblePets(userId)).map((one) => one.id);
  if (petIds.length === 0) return [];
  return conversationSummaries(
    await getDb(),
    and(inArray(chatConversation.petId, petIds), eq(chatConversation.kind, "emergency")),
  ).orderBy(desc(chatConversation.createdAt));
}

/** The vet's name and licence region, for the conversation page; null until one took it. */
export async function vetOf(conversation: Conversation) {
  if (!conversation.vetId) return null;
  const db = await getDb();
  const [row] = await db
    .select({ displayName: staffProfile.displayName, region: staffProfile.region })
    .from(staffProfile)
    .where(eq(staffProfile.userId, conversation.vetId));
  return row ? { displayName: vetTitle(row.displayName), region: row.region ?? "" } : null;
}

/**
 * Where a waiting conversation stands (domain/queue-wait.ts): its place in the queue, and how
 * long vets took to take the latest conversations of its urgency; null once it is not waiting.
 */
export async function waitOf(conversationId: string): Promise<WaitEstimate | null> {
  const db = await getDb();
  const emergencyChats = eq(chatConversation.kind, "emergency");
  const queue = await db
    .select({
      id: chatConversation.id,
      urgency: chatConversation.urgency,
      createdAt: chatConversation.createdAt,
    })
    .from(chatConversation)
    .where(and(eq(chatConversation.status, "queued"), emergencyChats));
  const own = queue.find((entry) => entry.id === conversationId);
  if (!own) return null;
  const past = await db
    .select({ createdAt: chatConversation.createdAt, takenAt: sql<Date>`${chatConversation.takenAt}` })
    .from(chatConversation)
    .where(
      and(emergencyChats, eq(chatConversation.urgency, own.urgency), isNotNull(chatConversation.takenAt)),
    )
    .orderBy(desc(chatConversation.takenAt))
    .limit(WAIT_SAMPLE);
  const asDate = (value: Date | string) => new Date(value);
  return estimateWait(
    queue.map((entry) => ({ ...entry, createdAt: asDate(entry.createdAt) })),
    conversationId,
    past.map((wait) => ({ createdAt: asDate(wait.createdAt), takenAt: asDate(wait.takenAt) })),
  );
}
