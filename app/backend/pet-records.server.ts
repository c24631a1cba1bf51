import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb, type Database } from "~/backend/db/client.server";
import { petRecord, user } from "~/backend/db/schema.server";
import { findAccessiblePet } from "~/backend/pets.server";
import type { RecordKind } from "~/domain/pets";
import type { PetRecord, RecordValues } from "~/domain/records";

/**
 * The pet_record table: every read and write of it goes through this module, and each one
 * first asks pets.server whether the user may open the pet (its owner or a member of the
 * owner's family). Null means "no such pet or record for this user": the route answers 404.
 */

const columns = {
  id: petRecord.id,
  kind: petRecord.kind,
  date: petRecord.date,
  time: petRecord.time,
  title: petRecord.title,
  clinic: petRecord.clinic,
  notes: petRecord.notes,
  nextDueDate: petRecord.nextDueDate,
  dose: petRecord.dose,
  intervalDays: petRecord.intervalDays,
  endDate: petRecord.endDate,
  weightKg: petRecord.weightKg,
};

function toRow(values: RecordValues) {
  return { ...values, weightKg: values.weightKg === null ? null : values.weightKg.toFixed(2) };
}

/** The row's fields plus who added it, as the page shows them. */
async function withCreator(db: Awaited<ReturnType<typeof getDb>>, recordId: string): Promise<PetRecord> {
  const [found] = await db
    .select({ ...columns, createdByName: user.name })
    .from(petRecord)
    .leftJoin(user, eq(user.id, petRecord.createdBy))
    .where(eq(petRecord.id, recordId));
  return found!;
}

/** A pet's records, newest first (by date, then by when they were added); null when the user cannot open the pet. */
export async function listRecords(userId: string, petId: string): Promise<PetRecord[] | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  return listRecordsForVet(petId);
}

/** A pet's records, for the vet of one of its conversations (backend/chat decides who that is). */
export async function listRecordsForVet(petId: string): Promise<PetRecord[]> {
  const db = await getDb();
  return db
    .select({ ...columns, createdByName: user.name })
    .from(petRecord)
    .leftJoin(user, eq(user.id, petRecord.createdBy))
    .where(eq(petRecord.petId, petId))
    .orderBy(desc(petRecord.date), desc(petRecord.createdAt), asc(petRecord.id));
}

/** The vet visit a vet leaves in a pet's records, in the caller's transaction (the chat's end). */
export async function addVetVisit(
  tx: Pick<Database, "insert">,
  petId: string,
  vetId: string,
  visit: { date: string; title: string; clinic: string; notes: string },
) {
  await tx.insert(petRecord).values({ ...visit, petId, kind: "vet_visit", createdBy: vetId });
}

/** Adds a record to a pet the user can open, as theirs; null when they cannot. */
export async function addRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  values: RecordValues,
): Promise<PetRecord | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  const db = await getDb();
  const [created] = await db
    .insert(petRecord)
    .values({ ...toRow(values), petId, kind, createdBy: userId })
    .returning({ id: petRecord.id });
  return withCreator(db, created!.id);
}

/** Which record: this pet's, of this kind (a form for one kind never changes another's row). */
function sameRecord(petId: string, kind: RecordKind, recordId: string) {
  return and(eq(petRecord.id, recordId), eq(petRecord.petId, petId), eq(petRecord.kind, kind));
}

/** Changes one record of a pet the user can open; null when there is no such record for them. */
export async function updateRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  recordId: string,
  values: RecordValues,
): Promise<PetRecord | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  const db = await getDb();
  const [updated] = await db
    .update(petRecord)
    .set({ ...toRow(values), updatedAt: sql`now()` })
    .where(sameRecord(petId, kind, recordId))
    .returning({ id: petRecord.id });
  return updated ? withCreator(db, updated.id) : null;
}

/** Removes one record of a pet the user can open; null when there is no such record for them. */
export async function removeRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  recordId: string,
): Promise<{ id: string } | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  const db = await getDb();
  const [removed] = await db
    .delete(petRecord)
    .where(sameRecord(petId, kind, recordId))
    .returning({ id: petRecord.id });
  return removed ?? null;
}
