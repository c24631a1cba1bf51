import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { chatConversation, user } from "~/backend/db/schema.server";
import { createPet } from "~/backend/pets.server";
import { waitOf } from "./conversation-lists.server";

/*
 * A waiting conversation's place and usual wait as the database gives them: the queue's order,
 * only the taken conversations of the same urgency, the latest first.
 */

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
let petId: string;

beforeAll(async () => {
  const db = await getDb();
  await db.insert(user).values({ id: "wait-owner", name: "Wendy Waiting", email: "wait-owner@example.com" });
  petId = (
    await createPet("wait-owner", { name: "Rex", type: "dog", breed: null, birthDate: null, weightKg: null })
  ).id;
});

async function conversation(values: Partial<typeof chatConversation.$inferInsert>) {
  const [row] = await (
    await getDb()
  )
    .insert(chatConversation)
    .values({ petId, openedBy: "wait-owner", ...values })
    .returning({ id: chatConversation.id });
  return row!.id;
}

describe("waitOf", () => {
  it("gives the place among the waiting and the median wait of the latest taken of its urgency", async () => {
    // Taken ones: three "go now" conversations (2, 4 and 9 minutes), and a "today" one that does not count.
    for (const [opened, waited] of [
      [120, 2],
      [90, 4],
      [60, 9],
    ] as const)
      await conversation({
        urgency: "emergency",
        status: "ended",
        createdAt: minutesAgo(opened),
        takenAt: minutesAgo(opened - waited),
      });
    await conversation({
      urgency: "today",
      status: "ended",
      createdAt: minutesAgo(50),
      takenAt: minutesAgo(10),
    });

    const first = await conversation({ urgency: "emergency", createdAt: minutesAgo(3) });
    const second = await conversation({ urgency: "emergency", createdAt: minutesAgo(1) });
    const earlierButLessUrgent = await conversation({ urgency: "today", createdAt: minutesAgo(8) });

    expect(await waitOf(second)).toMatchObject({
      place: 2,
      urgency: "emergency",
      usualMinutes: 4,
      sample: 3,
    });
    expect((await waitOf(first))?.place).toBe(1);
    expect(await waitOf(earlierButLessUrgent)).toMatchObject({ place: 3, usualMinutes: null, sample: 1 });
  });

  it("is null for a conversation a vet has taken", async () => {
    const active = await conversation({ urgency: "emergency", status: "active", takenAt: new Date() });
    expect(await waitOf(active)).toBeNull();
  });
});
