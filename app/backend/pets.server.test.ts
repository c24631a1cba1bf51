import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petRecord, user } from "~/backend/db/schema.server";
import {
  createPet,
  createPetUpTo,
  deletePet,
  findAccessiblePet,
  listAccessiblePets,
  listPets,
  requireAccessiblePet,
  updatePet,
} from "./pets.server";
import { saveAnalysisToPet } from "./analysis-save.server";
import { idOrNotFound } from "~/backend/forms.server";

const petValues = {
  name: "Bella",
  type: "dog" as const,
  breed: "Beagle",
  birthDate: "2022-05-01",
  weightKg: 11.5,
  neutered: null,
  activity: null,
  sex: null,
  microchip: null,
};

/** The status of the answer `run` throws (a route's data(…, { status })), or "no throw". */
async function thrownStatus(run: () => unknown) {
  try {
    await run();
    return "no throw";
  } catch (thrown) {
    return (thrown as { init: ResponseInit }).init.status;
  }
}

async function addUser(id: string, name: string) {
  const db = await getDb();
  await db
    .insert(user)
    .values({ id, name, email: `${id}@example.com` })
    .onConflictDoNothing();
}

describe("who can open a pet", () => {
  beforeAll(async () => {
    await addUser("owner-1", "Olive Owner");
    await addUser("member-1", "Max Member");
    await addUser("stranger-1", "Sam Stranger");
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: "owner-1", memberId: "member-1" });
  });

  it("the owner and the owner's family members open a pet; a stranger finds nothing", async () => {
    const pet = await createPet("owner-1", petValues);
    expect(await findAccessiblePet("owner-1", pet.id)).toMatchObject({
      name: "Bella",
      role: "owner",
      ownerName: "Olive Owner",
    });
    expect(await findAccessiblePet("member-1", pet.id)).toMatchObject({ role: "member", ownerId: "owner-1" });
    expect(await findAccessiblePet("stranger-1", pet.id)).toBeNull();
  });

  it("asked in a transaction, answers as of that transaction", async () => {
    await addUser("newcomer-1", "Nia Newcomer");
    const pet = await createPet("owner-1", { ...petValues, name: "Pip" });
    const db = await getDb();
    const rolledBack = new Error("roll back");
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(familyMember).values({ ownerId: "owner-1", memberId: "newcomer-1" });
        expect(await findAccessiblePet("newcomer-1", pet.id, tx)).toMatchObject({ role: "member" });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await findAccessiblePet("newcomer-1", pet.id)).toBeNull();
  });

  it("lists the user's own pets first, then the pets shared with them", async () => {
    const own = await createPet("member-1", { ...petValues, name: "Milo", type: "cat" });
    const listed = await listAccessiblePets("member-1");
    expect(listed[0]).toMatchObject({ id: own.id, role: "owner" });
    expect(listed.slice(1).every((pet) => pet.role === "member" && pet.ownerId === "owner-1")).toBe(true);
    expect(listed.map((pet) => pet.name)).toContain("Bella");
    expect((await listAccessiblePets("stranger-1")).length).toBe(0);
  });

  it("a pet's weight is its latest weighing once the weight log has one", async () => {
    const pet = await createPet("owner-1", { ...petValues, name: "Scales", weightKg: 6.5 });
    expect(await findAccessiblePet("owner-1", pet.id)).toMatchObject({ weightKg: "6.50" });
    const db = await getDb();
    await db.insert(petRecord).values([
      { petId: pet.id, kind: "weight", date: "2026-09-15", weightKg: "7.40" },
      { petId: pet.id, kind: "weight", date: "2026-08-01", weightKg: "6.10" },
    ]);
    expect(await findAccessiblePet("owner-1", pet.id)).toMatchObject({ weightKg: "7.40" });
    const listed = (await listAccessiblePets("member-1")).find((candidate) => candidate.id === pet.id);
    expect(listed).toMatchObject({ weightKg: "7.40" });
  });

  it("only the owner can change or delete the pet itself", async () => {
    const pet = await createPet("owner-1", { ...petValues, name: "Rex" });
    expect(await updatePet("member-1", pet.id, { ...petValues, name: "Renamed" })).toBeNull();
    expect(await deletePet("member-1", pet.id)).toBeNull();
    expect(await findAccessiblePet("owner-1", pet.id)).toMatchObject({ name: "Rex" });
  });
});

describe("a pet for a loader or action", () => {
  beforeAll(async () => {
    await addUser("owner-2", "Ollie Owner");
    await addUser("member-2", "Mia Member");
    await addUser("stranger-2", "Stan Stranger");
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: "owner-2", memberId: "member-2" });
  });

  it("is the pet for its owner and the owner's family", async () => {
    const pet = await createPet("owner-2", petValues);
    expect(await requireAccessiblePet("owner-2", pet.id)).toMatchObject({ id: pet.id, role: "owner" });
    expect(await requireAccessiblePet("member-2", pet.id)).toMatchObject({ id: pet.id, role: "member" });
  });

  it("is a 404 for anyone else, for a pet that does not exist, and for an id that is no UUID", async () => {
    const pet = await createPet("owner-2", petValues);
    expect(await thrownStatus(() => requireAccessiblePet("stranger-2", pet.id))).toBe(404);
    expect(await thrownStatus(() => requireAccessiblePet("owner-2", crypto.randomUUID()))).toBe(404);
    expect(await thrownStatus(() => requireAccessiblePet("owner-2", "not-a-uuid"))).toBe(404);
    expect(await thrownStatus(() => requireAccessiblePet("owner-2", undefined))).toBe(404);
  });

  it("takes a pet id only when it can be one", async () => {
    const id = crypto.randomUUID();
    expect(idOrNotFound(id)).toBe(id);
    expect(await thrownStatus(() => idOrNotFound("1"))).toBe(404);
    expect(await thrownStatus(() => idOrNotFound(null))).toBe(404);
  });
});

describe("a plan's pet profiles", () => {
  it("five pets added at once where one fits: exactly one is added", async () => {
    await addUser("limit-owner", "Lim");
    const added = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        createPetUpTo("limit-owner", { ...petValues, name: `Pet ${n}` }, 1),
      ),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await listPets("limit-owner")).toHaveLength(1);
  });

  it("an analysis saved as a new pet is refused as full, and nothing is added; onto a pet it still saves", async () => {
    await addUser("limit-saver", "Sam");
    const first = await createPet("limit-saver", petValues);
    const save = { petId: "new" as const, name: "Nova", type: "cat" as const, breed: null, weightKg: null };
    expect(await saveAnalysisToPet("limit-saver", save, { maxPets: 1 })).toBe("full");
    expect(await listPets("limit-saver")).toHaveLength(1);
    const onto = await saveAnalysisToPet("limit-saver", { ...save, petId: first.id }, { maxPets: 1 });
    expect(onto).toMatchObject({ id: first.id, type: "cat" });
  });

  it("no limit (null): as many as asked", async () => {
    await addUser("limit-none", "Nia");
    for (let n = 0; n < 3; n++) expect(await createPetUpTo("limit-none", petValues, null)).not.toBeNull();
    expect(await listPets("limit-none")).toHaveLength(3);
  });
});
