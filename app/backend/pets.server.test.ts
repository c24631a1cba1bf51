// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petRecord, user } from "~/backend/db/schema.server";
import { createPet, deletePet, findAccessiblePet, listAccessiblePets, updatePet } from "./pets.server";

const petValues = {
  name: "Bella",
  type: "dog" as const,
  breed: "Beagle",
  birthDate: "2022-05-01",
  weightKg: 11.5,
  neutered: null,
  activity: null,
};

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
