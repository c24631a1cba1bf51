import { eq } from "drizzle-orm";
import type { Transaction } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { pushTo } from "~/backend/notifications/push.server";
import { petPeople } from "~/backend/pets.server";
import { vetsOnDuty } from "~/backend/staff/staff.server";
import { vetTitle } from "~/domain/staff";
import { URGENCY_LABELS, type Urgency } from "~/domain/triage";

/*
 * The emergency chat's push notifications, queued in the transaction that stored what they tell
 * (backend/notifications/push.server.ts). Each names the pet and what happened, never a
 * message's words.
 */

async function petName(tx: Transaction, petId: string) {
  const [found] = await tx.select({ name: pet.name }).from(pet).where(eq(pet.id, petId));
  return found?.name ?? "your pet";
}

/** To every vet on duty: a conversation is waiting, with the urgency the owner's ticks gave. */
export async function pushConversationWaiting(
  tx: Transaction,
  conversation: { id: string; petId: string; urgency: Urgency },
) {
  const name = await petName(tx, conversation.petId);
  const urgency = conversation.urgency === "none" ? "not assessed" : URGENCY_LABELS[conversation.urgency];
  await pushTo(
    tx,
    await vetsOnDuty(tx),
    "chat-queue",
    {
      title: `A conversation about ${name} is waiting`,
      body: `Urgency: ${urgency}. Open the vet console to take it.`,
      url: "/vet",
      tag: `chat:${conversation.id}`,
    },
    `chat:${conversation.id}:opened`,
  );
}

/** To the vet who took the conversation: its owner wrote. */
export async function pushOwnerWrote(
  tx: Transaction,
  conversation: { id: string; petId: string; vetId: string | null },
  ownerName: string,
  seq: number,
) {
  if (!conversation.vetId) return;
  const name = await petName(tx, conversation.petId);
  await pushTo(
    tx,
    [conversation.vetId],
    "chat-owner",
    {
      title: `${ownerName} wrote about ${name}`,
      body: "Open the conversation to read it.",
      url: `/chat/${conversation.id}`,
      tag: `chat:${conversation.id}`,
    },
    `chat:${conversation.id}:${seq}`,
  );
}

const VET_EVENTS = {
  took: (vet: string, name: string) => ({
    title: `${vet} took your conversation about ${name}`,
    body: "They will reply in the conversation.",
  }),
  replied: (vet: string, name: string) => ({
    title: `${vet} replied about ${name}`,
    body: "Open the conversation to read it.",
  }),
  ended: (vet: string, name: string) => ({
    title: `${vet} ended the conversation about ${name}`,
    body: "Their summary is in the conversation and in the pet's records.",
  }),
};

/** To the pet's owner and family: the vet took the conversation, replied or ended it. */
export async function pushVetEvent(
  tx: Transaction,
  conversation: { id: string; petId: string },
  vetName: string,
  event: keyof typeof VET_EVENTS,
  eventKey: string,
) {
  const name = await petName(tx, conversation.petId);
  await pushTo(
    tx,
    await petPeople(tx, conversation.petId),
    "chat-replies",
    {
      ...VET_EVENTS[event](vetTitle(vetName), name),
      url: `/chat/${conversation.id}`,
      tag: `chat:${conversation.id}`,
    },
    `chat:${conversation.id}:${eventKey}`,
  );
}
