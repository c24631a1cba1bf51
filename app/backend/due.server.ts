import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { dueDone, pet, petRecord } from "~/backend/db/schema.server";
import { findAccessiblePet, requireCare } from "~/backend/pets.server";
import { dueItems, isoDay, type DoneMark, type DueItem, type DuePet, type DueRecord } from "~/domain/due";

/** The record kinds due items come from (weights and notes are never due). */
const DUE_RECORD_KINDS = ["vaccination", "medication", "vet_visit", "appointment"] as const;

/**
 * The due items of each pet on `today`, soonest first, in three queries whatever the number of
 * pets. The caller decides who may see them (these are the ids of pets the user can open).
 */
export async function dueItemsForPets(
  petIds: readonly string[],
  today = isoDay(new Date()),
): Promise<Record<string, DueItem[]>> {
  if (petIds.length === 0) return {};
  const db = await getDb();
  const ids = [...new Set(petIds)];
  const pets = await db
    .select({ id: pet.id, type: pet.type, birthDate: pet.birthDate, createdAt: pet.createdAt })
    .from(pet)
    .where(inArray(pet.id, ids));
  const records = await db
    .select({
      id: petRecord.id,
      petId: petRecord.petId,
      kind: petRecord.kind,
      date: petRecord.date,
      title: petRecord.title,
      nextDueDate: petRecord.nextDueDate,
      dose: petRecord.dose,
      intervalDays: petRecord.intervalDays,
      endDate: petRecord.endDate,
      time: petRecord.time,
      clinic: petRecord.clinic,
      // Only an appointment's notes say anything due items show (the clinic's phone and website).
      notes: sql<string | null>`case when ${petRecord.kind} = 'appointment' then ${petRecord.notes} end`,
    })
    .from(petRecord)
    .where(and(inArray(petRecord.petId, ids), inArray(petRecord.kind, [...DUE_RECORD_KINDS])))
    .orderBy(asc(petRecord.date), asc(petRecord.createdAt), asc(petRecord.id));
  const marks = await db
    .select({ petId: dueDone.petId, itemKey: dueDone.itemKey, dueDate: dueDone.dueDate })
    .from(dueDone)
    .where(inArray(dueDone.petId, ids));

  const recordsOf = groupBy<DueRecord & { petId: string }>(records);
  const marksOf = groupBy<DoneMark & { petId: string }>(marks);
  const items: Record<string, DueItem[]> = {};
  for (const { createdAt, ...found } of pets) {
    const duePet: DuePet = { ...found, addedOn: isoDay(createdAt) };
    items[found.id] = dueItems({
      pet: duePet,
      records: recordsOf.get(found.id) ?? [],
      done: marksOf.get(found.id) ?? [],
      today,
    });
  }
  return items;
}

function groupBy<Row extends { petId: string }>(rows: readonly Row[]) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.petId, [...(groups.get(row.petId) ?? []), row]);
  return groups;
}

export type MarkDoneResult = "done" | "not-found" | "not-due";

/**
 * Marks one of a pet's due items done for its due date, for its owner or a family member who
 * may add (403 for one who may only view).
 * "not-found" for a pet the user cannot open (the route answers 404), "not-due" when the pet
 * has no such item due on that date (400). Marking an item already marked is accepted.
 */
export async function markDueDone(
  userId: string,
  petId: string,
  itemKey: string,
  dueDate: string,
  today = isoDay(new Date()),
): Promise<MarkDoneResult> {
  const pet = await findAccessiblePet(userId, petId);
  if (!pet) return "not-found";
  requireCare(pet, userId, "add");
  const items = (await dueItemsForPets([petId], today))[petId] ?? [];
  const due = items.some((item) => item.key === itemKey && item.dueDate === dueDate);
  const db = await getDb();
  if (!due) {
    // A second post of the same form (a double click, a reload) finds the mark already made.
    const [marked] = await db
      .select({ petId: dueDone.petId })
      .from(dueDone)
      .where(and(eq(dueDone.petId, petId), eq(dueDone.itemKey, itemKey), eq(dueDone.dueDate, dueDate)))
      .limit(1);
    return marked ? "done" : "not-due";
  }
  await db.insert(dueDone).values({ petId, itemKey, dueDate, doneBy: userId }).onConflictDoNothing();
  return "done";
}
