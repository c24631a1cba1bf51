import { and, asc, eq, or, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb, type Database } from "~/backend/db/client.server";
import { familyMember, pet, petRecord, user } from "~/backend/db/schema.server";
import {
  accessTo,
  type AccessiblePet,
  type Pet,
  type PetRole,
  type PetValues,
  type SaveAnalysisValues,
} from "~/domain/pets";
import { idOrNotFound } from "~/backend/forms.server";
import { careRefusal, mayCare, type CareAction, type FamilyRole } from "~/domain/family";

/**
 * The pet table: adding, changing and deleting a pet, and who may open one (its owner, or a
 * member of the owner's family: findAccessiblePet, listAccessiblePets), the rule every module
 * showing or changing a pet's things asks here; the only module that writes the table (an
 * account's deletion calls deletePetsOf in its transaction). Other modules join the table in their
 * own reads (a pet's name, owner or age beside the rows they keep: records, what is due,
 * reminders, the chat, consultations, a plan's count of pets, the data export).
 */

const columns = {
  id: pet.id,
  name: pet.name,
  type: pet.type,
  breed: pet.breed,
  birthDate: pet.birthDate,
  weightKg: pet.weightKg,
  neutered: pet.neutered,
  activity: pet.activity,
  sex: pet.sex,
  microchip: pet.microchip,
};

/** A pet's columns as `userId` sees it: whose it is, and whether `userId` owns it or shares it. */
function accessColumns(userId: string) {
  return {
    ...columns,
    // The latest weighing in the weight log, when there is one, is the pet's weight.
    weightKg: sql<string | null>`coalesce((
      select ${petRecord.weightKg} from ${petRecord}
      where ${petRecord.petId} = ${pet.id} and ${petRecord.kind} = 'weight'
      order by ${petRecord.date} desc, ${petRecord.createdAt} desc limit 1
    ), ${pet.weightKg})`,
    ownerId: pet.userId,
    ownerName: user.name,
    role: sql<PetRole>`case when ${pet.userId} = ${userId} then 'owner' else 'member' end`,
    familyRole: sql<FamilyRole | null>`case when ${pet.userId} = ${userId} then null else ${familyMember.role} end`,
  };
}

/** `userId` owns the pet, or is a member of its owner's family (the join below). */
function canOpen(userId: string) {
  return or(eq(pet.userId, userId), eq(familyMember.memberId, userId));
}

/** What sign-up and a saved analysis do not ask of a new pet. */
type AskedLater = "neutered" | "activity" | "sex" | "microchip";
type NewPet = Omit<PetValues, AskedLater> & Partial<Pick<PetValues, AskedLater>>;

function toRow(values: NewPet) {
  return { ...values, weightKg: values.weightKg === null ? null : values.weightKg.toFixed(2) };
}

/** The user's pets, oldest first. */
export async function listPets(userId: string): Promise<Pet[]> {
  const db = await getDb();
  return db.select(columns).from(pet).where(eq(pet.userId, userId)).orderBy(asc(pet.createdAt), asc(pet.id));
}

/**
 * The pets the user can open, oldest first: their own, then those of every family they
 * are a member of. Each says whether the user owns it or shares it, and whose it is.
 */
export async function listAccessiblePets(userId: string): Promise<AccessiblePet[]> {
  const db = await getDb();
  return db
    .select(accessColumns(userId))
    .from(pet)
    .innerJoin(user, eq(user.id, pet.userId))
    .leftJoin(familyMember, and(eq(familyMember.ownerId, pet.userId), eq(familyMember.memberId, userId)))
    .where(canOpen(userId))
    .orderBy(sql`${pet.userId} <> ${userId}`, asc(pet.createdAt), asc(pet.id));
}

/**
 * One pet the user can open, with their role; null when it is neither theirs nor shared
 * with them (the route answers 404: a stranger cannot tell it exists). Read in `db` when given,
 * a caller's transaction: on the embedded database (PGlite) a read outside an open transaction
 * waits for it to end.
 */
/** An owner and the members of their family: the accounts that may open the owner's pets. */
export async function ownerAndFamily(db: Pick<Database, "select">, ownerId: string): Promise<string[]> {
  const members = await db
    .select({ id: familyMember.memberId })
    .from(familyMember)
    .where(eq(familyMember.ownerId, ownerId));
  return [ownerId, ...members.map((member) => member.id)];
}

/** The accounts that may open this pet (its owner and the owner's family): who hears of what happens to it. */
export async function petPeople(db: Pick<Database, "select">, petId: string): Promise<string[]> {
  const [owner] = await db.select({ id: pet.userId }).from(pet).where(eq(pet.id, petId));
  return owner ? ownerAndFamily(db, owner.id) : [];
}

export async function findAccessiblePet(
  userId: string,
  petId: string,
  db?: Pick<Database, "select">,
): Promise<AccessiblePet | null> {
  db ??= await getDb();
  const [found] = await db
    .select(accessColumns(userId))
    .from(pet)
    .innerJoin(user, eq(user.id, pet.userId))
    .leftJoin(familyMember, and(eq(familyMember.ownerId, pet.userId), eq(familyMember.memberId, userId)))
    .where(and(eq(pet.id, petId), canOpen(userId)));
  return found ?? null;
}

/**
 * For a loader or action: the pet of `id` if `userId` may open it (their own, or their
 * family's). Anyone else's, or no pet at all, is thrown as the 404 page.
 */
export async function requireAccessiblePet(userId: string, id: unknown): Promise<AccessiblePet> {
  const pet = await findAccessiblePet(userId, idOrNotFound(id));
  if (!pet) throw data(null, { status: 404 });
  return pet;
}

export async function createPet(userId: string, values: NewPet, db?: Database): Promise<Pet> {
  db ??= await getDb();
  const [created] = await db
    .insert(pet)
    .values({ ...toRow(values), userId })
    .returning(columns);
  return created!;
}

/**
 * Whether the user owns fewer than `maxPets` pets (null: no limit), read under a lock on the
 * account: the pet added in the same transaction is counted by the next one, so two added at
 * once cannot both take the last place.
 */
async function roomForAnotherPet(tx: Database, userId: string, maxPets: number | null) {
  if (maxPets === null) return true;
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  const [owned] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(pet)
    .where(eq(pet.userId, userId));
  return (owned?.count ?? 0) < maxPets;
}

/**
 * Adds a pet unless the user already owns `maxPets` (their plan's pet profiles); null then.
 * `andThen` runs in the same transaction (an import's records): all of it is added, or none.
 */
export async function createPetUpTo(
  userId: string,
  values: NewPet,
  maxPets: number | null,
  andThen?: (tx: Database, created: Pet) => Promise<void>,
): Promise<Pet | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await roomForAnotherPet(tx, userId, maxPets))) return null;
    const created = await createPet(userId, values, tx);
    await andThen?.(tx, created);
    return created;
  });
}

/** Changes one of the user's pets; null when the user has no pet with this id (nothing changed). */
export async function updatePet(userId: string, id: string, values: PetValues): Promise<Pet | null> {
  const db = await getDb();
  const [updated] = await db
    .update(pet)
    .set({ ...toRow(values), updatedAt: sql`now()` })
    .where(and(eq(pet.id, id), eq(pet.userId, userId)))
    .returning(columns);
  return updated ?? null;
}

/** Deletes one of the user's pets; null when the user has no pet with this id. */
export async function deletePet(userId: string, id: string): Promise<Pet | null> {
  const db = await getDb();
  const [deleted] = await db
    .delete(pet)
    .where(and(eq(pet.id, id), eq(pet.userId, userId)))
    .returning(columns);
  return deleted ?? null;
}

/**
 * The pet an analysis is saved to (analysis-save.server.ts, in its transaction): one of the
 * user's pets, given the result's species, breed and weight (when one was given), or a new pet
 * ("full" when the user owns `maxPets` already). Null when the user has no pet with this id
 * (nothing changed). Only the owner saves onto a pet: it changes the pet's species and breed.
 */
export async function petForAnalysis(
  tx: Database,
  userId: string,
  { petId, name, type, breed, weightKg }: Omit<SaveAnalysisValues, "evidence">,
  maxPets: number | null,
): Promise<Pet | "full" | null> {
  if (petId === "new") {
    if (!(await roomForAnotherPet(tx, userId, maxPets))) return "full";
    return createPet(userId, { name: name ?? "", type, breed, birthDate: null, weightKg }, tx);
  }
  const [saved] = await tx
    .update(pet)
    .set({
      type,
      breed,
      ...(weightKg === null ? {} : { weightKg: weightKg.toFixed(2) }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(pet.id, petId), eq(pet.userId, userId)))
    .returning(columns);
  return saved ?? null;
}

/**
 * A pet with whose it is and its latest weight, for a reader who is none of its people: the vet
 * of one of its conversations (backend/chat decides who that is), the holder of a share link
 * (backend/shares.server.ts). Null when there is no such pet.
 */
export async function findPetWithOwner(petId: string): Promise<AccessiblePet | null> {
  const db = await getDb();
  const [found] = await db
    .select({ ...accessColumns(""), role: sql<PetRole>`'member'`, familyRole: sql<FamilyRole | null>`null` })
    .from(pet)
    .innerJoin(user, eq(user.id, pet.userId))
    .where(eq(pet.id, petId));
  return found ?? null;
}

/** An account's deletion (account-data.server.ts): its pets go in its transaction, with all they hold. */
export async function deletePetsOf(tx: Database, userId: string) {
  await tx.delete(pet).where(eq(pet.userId, userId));
}

/**
 * What the family's rule (domain/family.ts mayCare) does not let this member do is refused
 * with 403: the error screen says why and leads back to the pet.
 */
export function requireCare(pet: AccessiblePet, userId: string, action: CareAction, entryBy?: string | null) {
  if (mayCare(accessTo(pet), action, userId, entryBy)) return;
  throw data(
    {
      formError: careRefusal(action, pet.ownerName),
      title: "Shared with you",
      link: { href: `/pets/${pet.id}`, label: `Back to ${pet.name}` },
    },
    { status: 403 },
  );
}
