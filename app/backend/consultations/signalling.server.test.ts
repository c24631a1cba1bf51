import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { callSignal, consultation, pet, user } from "~/backend/db/schema.server";
import { readSignal, sendSignal } from "./signalling.server";

const MINUTE = 60_000;

async function addConsultation() {
  const db = await getDb();
  await db.insert(user).values({ id: "signal-owner", name: "Olivia", email: "signal-owner@example.com" });
  const [bella] = await db
    .insert(pet)
    .values({ userId: "signal-owner", name: "Bella", type: "dog" })
    .returning();
  const [booked] = await db
    .insert(consultation)
    .values({ petId: bella!.id, bookedBy: "signal-owner", startsAt: new Date(), reason: "Itchy ears" })
    .returning();
  return booked!.id;
}

it("deletes old signals at most once a minute in a process, not in every signal's transaction", async () => {
  const id = await addConsultation();
  const db = await getDb();
  const addOld = async () => {
    const [row] = await db
      .insert(callSignal)
      .values({ consultationId: id, body: "{}", createdAt: new Date(Date.now() - 10 * MINUTE) })
      .returning({ id: callSignal.id });
    return row!.id;
  };
  const hello = {
    from: "page-aaaa",
    fromSide: "vet" as const,
    to: "page-bbbb",
    data: { hello: true as const },
  };
  // An hour ahead: a sweep this process made just now (another test file's signals) holds none back.
  const start = Date.now() + 60 * MINUTE;

  const first = await addOld();
  await sendSignal(id, hello, new Date(start));
  expect(await readSignal(id, first)).toBeNull();

  // Within the minute: the old signal is left for the next sweep.
  const second = await addOld();
  await sendSignal(id, hello, new Date(start + 59_000));
  expect(await readSignal(id, second)).toEqual({});
  await sendSignal(id, hello, new Date(start + 60_000));
  expect(await readSignal(id, second)).toBeNull();

  // The signals just sent are kept, and read back as sent.
  const kept = await db
    .select({ id: callSignal.id })
    .from(callSignal)
    .where(eq(callSignal.consultationId, id));
  expect(kept).toHaveLength(3);
  expect(await readSignal(id, kept[0]!.id)).toEqual(hello);
});
