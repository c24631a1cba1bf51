import { and, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb, type Database } from "~/backend/db/client.server";
import { familyMember, pet, petRecord, staffProfile, user } from "~/backend/db/schema.server";
import { findAccessiblePet, requireCare } from "~/backend/pets.server";
import type { RecordKind } from "~/domain/pets";
import { RECORD_ERRORS, type PetRecord, type RecordValues } from "~/domain/records";
import { vetTitle } from "~/domain/staff";

/**
 * The pet_record table: a pet's records as its people read and change them, each call first
 * asking pets.server whether the user may open the pet (its owner or a member of the owner's
 * family; null means "no such pet or record for this user": the route answers 404), and as the
 * vet of one of its conversations or consultations reads them and adds a visit. Others read or
 * write it in their own queries: pets.server.ts (the latest weighing is the pet's weight; a saved
 * analysis adds a note and a weighing), due.server.ts (what is due) and account-data.server.ts
 * (the export).
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
  product: petRecord.product,
  batch: petRecord.batch,
  validUntil: petRecord.validUntil,
  givenBy: petRecord.givenBy,
  readFromScan: petRecord.readFromScan,
  createdBy: petRecord.createdBy,
};

/**
 * Written by a vet: its author is staff (a vet leaves a chat's summary or a consultation's notes
 * with addRemoteConsultation) and not on the pet's side (neither its owner nor one of the owner's family,
 * so a vet's own pet's records stay theirs to change). A vet's account deleted, the record keeps
 * no author and is no longer told apart.
 */
const writtenByVet = sql<boolean>`coalesce(${staffProfile.userId} is not null and ${petRecord.createdBy} <> ${pet.userId} and ${familyMember.memberId} is null, false)`;

/** Records with who added them: the account's name, or a vet's name as owners see it. */
function selectRecords(db: Pick<Database, "select">) {
  return db
    .select({
      ...columns,
      accountName: user.name,
      vetName: staffProfile.displayName,
      byVet: writtenByVet,
      createdAt: petRecord.createdAt,
    })
    .from(petRecord)
    .innerJoin(pet, eq(pet.id, petRecord.petId))
    .leftJoin(user, eq(user.id, petRecord.createdBy))
    .leftJoin(staffProfile, eq(staffProfile.userId, petRecord.createdBy))
    .leftJoin(
      familyMember,
      and(eq(familyMember.ownerId, pet.userId), eq(familyMember.memberId, petRecord.createdBy)),
    )
    .$dynamic();
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>["execute"]>>[number];

function toRecord(
  { accountName, vetName, byVet, createdAt, createdBy, ...row }: RecordRow,
  readerId: string,
): PetRecord {
  return {
    ...row,
    addedByYou: createdBy !== null && createdBy === readerId,
    createdByName: byVet && vetName ? vetTitle(vetName) : accountName,
    byVet: byVet === true,
    createdAt: new Date(createdAt).toISOString(),
  };
}

function toRow(values: RecordValues) {
  return { ...values, weightKg: values.weightKg === null ? null : values.weightKg.toFixed(2) };
}

/** The row's fields plus who added it, as the page shows them. */
async function withCreator(
  db: Awaited<ReturnType<typeof getDb>>,
  recordId: string,
  readerId: string,
): Promise<PetRecord> {
  const [found] = await selectRecords(db).where(eq(petRecord.id, recordId));
  return toRecord(found!, readerId);
}

/**
 * A vet's entry is kept as they wrote it: changing or removing it is refused with 403, and the
 * error screen says why and leads back to it.
 */
export function refuseVetWritten(petId: string, recordId: string): never {
  throw data(
    {
      formError: RECORD_ERRORS.vetWritten,
      title: "Written by a vet",
      link: { href: `/pets/${petId}#record-${recordId}`, label: "Back to the records" },
    },
    { status: 403 },
  );
}

/** A pet's records, newest first (by date, then by when they were added); null when the user cannot open the pet. */
export async function listRecords(userId: string, petId: string): Promise<PetRecord[] | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  return recordsOf(petId, userId);
}

/**
 * A pet's records as a share shows them (backend/shares.server.ts decides who may see which),
 * read as its owner: `addedByYou` says the owner entered it.
 */
export async function listRecordsForShare(petId: string, ownerId: string): Promise<PetRecord[]> {
  return recordsOf(petId, ownerId);
}

/** A pet's records, for the vet of one of its conversations (backend/chat decides who that is). */
export async function listRecordsForVet(petId: string, vetId: string): Promise<PetRecord[]> {
  return recordsOf(petId, vetId);
}

async function recordsOf(petId: string, readerId: string) {
  const db = await getDb();
  const rows = await selectRecords(db)
    .where(eq(petRecord.petId, petId))
    .orderBy(desc(petRecord.date), desc(petRecord.createdAt), asc(petRecord.id));
  return rows.map((row) => toRecord(row, readerId));
}

/**
 * The remote consultation a vet leaves in a pet's records, in the caller's transaction (a chat's
 * end, a consultation's end): kept as the vet wrote it (writtenByVet). Not a vet visit: it never
 * resets the yearly check-up (domain/due.ts).
 */
export async function addRemoteConsultation(
  tx: Pick<Database, "insert">,
  petId: string,
  vetId: string,
  consultation: { date: string; title: string; clinic: string; notes: string },
) {
  await tx.insert(petRecord).values({ ...consultation, petId, kind: "remote_consult", createdBy: vetId });
}

/**
 * A saved analysis in the records (analysis-save.server.ts, in its transaction): a note naming
 * the result, and a weight-log entry when a weight was given, both the user's.
 */
export async function addAnalysisRecords(
  tx: Pick<Database, "insert">,
  userId: string,
  petId: string,
  { type, breed, weightKg }: { type: string; breed: string | null; weightKg: number | null },
) {
  const record = { petId, date: new Date().toISOString().slice(0, 10), createdBy: userId };
  await tx
    .insert(petRecord)
    .values([
      { ...record, kind: "note", notes: `Photo analysis: ${breed ?? "breed unknown"}, ${type}` },
      ...(weightKg === null ? [] : [{ ...record, kind: "weight" as const, weightKg: weightKg.toFixed(2) }]),
    ]);
}

/**
 * Adds a record to a pet the user can open, as theirs; null when they cannot. `readFromScan`: the
 * user confirmed it from what reading a card's photo proposed.
 */
export async function addRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  values: RecordValues,
  { readFromScan = false }: { readFromScan?: boolean } = {},
): Promise<PetRecord | null> {
  const pet = await findAccessiblePet(userId, petId);
  if (!pet) return null;
  requireCare(pet, userId, "add");
  const db = await getDb();
  const [created] = await db
    .insert(petRecord)
    .values({ ...toRow(values), petId, kind, createdBy: userId, readFromScan })
    .returning({ id: petRecord.id });
  return withCreator(db, created!.id, userId);
}

/** Records read from another system (a FHIR import), in the caller's transaction, as the user's. */
export async function insertImportedRecords(
  tx: Pick<Database, "insert">,
  userId: string,
  petId: string,
  records: readonly (RecordValues & { kind: RecordKind; readFromScan: boolean })[],
) {
  if (records.length === 0) return;
  await tx.insert(petRecord).values(
    records.map(({ kind, readFromScan, ...values }) => ({
      ...toRow(values),
      petId,
      kind,
      readFromScan,
      createdBy: userId,
    })),
  );
}

/** Which record: this pet's, of this kind (a form for one kind never changes another's row). */
function sameRecord(petId: string, kind: RecordKind, recordId: string) {
  return and(eq(petRecord.id, recordId), eq(petRecord.petId, petId), eq(petRecord.kind, kind));
}

/**
 * The record to change or remove: null when there is none for the user; a vet's, or one the
 * family's rule keeps from this member, is refused (403).
 */
async function changeableRecord(
  db: Pick<Database, "select">,
  userId: string,
  petId: string,
  kind: RecordKind,
  recordId: string,
) {
  const pet = await findAccessiblePet(userId, petId, db);
  if (!pet) return null;
  const [found] = await selectRecords(db).where(sameRecord(petId, kind, recordId));
  if (!found) return null;
  if (found.byVet) refuseVetWritten(petId, recordId);
  requireCare(pet, userId, "change-entry", found.createdBy);
  return found;
}

/**
 * Changes one record of a pet the user can open; null when there is no such record for them.
 * A vet's summary or notes is refused with 403 (refuseVetWritten), nothing changed.
 */
export async function updateRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  recordId: string,
  values: RecordValues,
): Promise<PetRecord | null> {
  const db = await getDb();
  if (!(await changeableRecord(db, userId, petId, kind, recordId))) return null;
  const [updated] = await db
    .update(petRecord)
    .set({ ...toRow(values), updatedAt: sql`now()` })
    .where(sameRecord(petId, kind, recordId))
    .returning({ id: petRecord.id });
  return updated ? withCreator(db, updated.id, userId) : null;
}

/**
 * Removes one record of a pet the user can open; null when there is no such record for them.
 * A vet's summary or notes is refused with 403 (refuseVetWritten), nothing removed.
 */
export async function removeRecord(
  userId: string,
  petId: string,
  kind: RecordKind,
  recordId: string,
): Promise<{ id: string } | null> {
  const db = await getDb();
  if (!(await changeableRecord(db, userId, petId, kind, recordId))) return null;
  const [removed] = await db
    .delete(petRecord)
    .where(sameRecord(petId, kind, recordId))
    .returning({ id: petRecord.id });
  return removed ?? null;
}
