import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petBreedEvidence, user } from "~/backend/db/schema.server";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { newestPhotoEvidence } from "./breed-evidence.server";
import { createPet, deletePet } from "./pets.server";
import { saveAnalysisToPet } from "./analysis-save.server";

/*
 * What the photos of an analysis saved to a pet said is kept with the pet (scores only),
 * in the save's transaction, read back only by who may open the pet, and deleted with it.
 */

/** A photo's evidence told apart by its beagle score. */
const photo = (beagle: number): PhotoEvidence => ({
  species: { dog: 0.96, cat: 0.04 },
  breeds: { dog: { beagle, "basset-hound": Math.round((1 - beagle) * 1e4) / 1e4 }, cat: { bengal: 1 } },
});
const beagleScores = (evidence: PhotoEvidence[] | null) => evidence?.map((one) => one.breeds.dog.beagle);

const result = { type: "dog" as const, breed: "Beagle", weightKg: null };

async function rowsOf(petId: string) {
  const db = await getDb();
  return db.select().from(petBreedEvidence).where(eq(petBreedEvidence.petId, petId));
}

beforeAll(async () => {
  const db = await getDb();
  await db.insert(user).values([
    { id: "evidence-owner", name: "Olive Owner", email: "evidence-owner@example.com" },
    { id: "evidence-member", name: "Max Member", email: "evidence-member@example.com" },
    { id: "evidence-stranger", name: "Sam Stranger", email: "evidence-stranger@example.com" },
  ]);
  await db.insert(familyMember).values({ ownerId: "evidence-owner", memberId: "evidence-member" });
});

describe("the evidence saved with a pet", () => {
  it("is stored with a new pet, one row per save, and read back as it was sent", async () => {
    const saved = await saveAnalysisToPet("evidence-owner", {
      ...result,
      petId: "new",
      name: "Biscuit",
      evidence: [photo(0.81), photo(0.82)],
    });
    if (!saved || saved === "full") throw new Error("not saved");
    const rows = await rowsOf(saved.id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        petId: saved.id,
        evidence: [photo(0.81), photo(0.82)],
        createdAt: expect.any(Date),
      },
    ]);
    expect(await newestPhotoEvidence("evidence-owner", saved.id)).toEqual([photo(0.81), photo(0.82)]);
  });

  it("combines the newest five photos of the newest saves, oldest of them first", async () => {
    const pet = await createPet("evidence-owner", { ...result, name: "Rex", birthDate: null });
    const save = (evidence: PhotoEvidence[]) =>
      saveAnalysisToPet("evidence-owner", { ...result, petId: pet.id, evidence });
    await save([photo(0.11)]);
    await save([photo(0.21), photo(0.22)]);
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id))).toEqual([0.11, 0.21, 0.22]);
    await save([photo(0.31), photo(0.32), photo(0.33)]);
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id))).toEqual([
      0.21, 0.22, 0.31, 0.32, 0.33,
    ]);
    await save([photo(0.41)]);
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id))).toEqual([
      0.22, 0.31, 0.32, 0.33, 0.41,
    ]);
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id, 2))).toEqual([0.33, 0.41]);
    expect(await rowsOf(pet.id)).toHaveLength(4);
  });

  it("is kept on a plan without health tracking too, and a save without photos adds no row", async () => {
    const pet = await createPet("evidence-owner", { ...result, name: "Tom", birthDate: null });
    await saveAnalysisToPet(
      "evidence-owner",
      { ...result, petId: pet.id, evidence: [photo(0.5)] },
      { records: false },
    );
    await saveAnalysisToPet("evidence-owner", { ...result, petId: pet.id, evidence: [] });
    await saveAnalysisToPet("evidence-owner", { ...result, petId: pet.id });
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id))).toEqual([0.5]);
    expect(await rowsOf(pet.id)).toHaveLength(1);
  });

  it("is read by the owner's family, never by a stranger, and nobody but the owner adds to it", async () => {
    const pet = await createPet("evidence-owner", { ...result, name: "Bella", birthDate: null });
    await saveAnalysisToPet("evidence-owner", { ...result, petId: pet.id, evidence: [photo(0.7)] });
    expect(beagleScores(await newestPhotoEvidence("evidence-member", pet.id))).toEqual([0.7]);
    expect(await newestPhotoEvidence("evidence-stranger", pet.id)).toBeNull();
    // Saving onto a pet is the owner's: a member's or a stranger's save changes nothing.
    for (const other of ["evidence-member", "evidence-stranger"]) {
      expect(await saveAnalysisToPet(other, { ...result, petId: pet.id, evidence: [photo(0.9)] })).toBeNull();
    }
    expect(await rowsOf(pet.id)).toHaveLength(1);
  });

  it("goes with its pet", async () => {
    const pet = await createPet("evidence-owner", { ...result, name: "Gone", birthDate: null });
    await saveAnalysisToPet("evidence-owner", {
      ...result,
      petId: pet.id,
      evidence: [photo(0.6), photo(0.65)],
    });
    expect(await rowsOf(pet.id)).toHaveLength(1);
    expect(await deletePet("evidence-owner", pet.id)).not.toBeNull();
    expect(await rowsOf(pet.id)).toEqual([]);
    expect(await newestPhotoEvidence("evidence-owner", pet.id)).toBeNull();
  });

  it("leaves out a row that no longer reads as evidence", async () => {
    const pet = await createPet("evidence-owner", { ...result, name: "Odd", birthDate: null });
    await saveAnalysisToPet("evidence-owner", { ...result, petId: pet.id, evidence: [photo(0.3)] });
    const db = await getDb();
    await db.insert(petBreedEvidence).values({ petId: pet.id, evidence: [{ photo: "data:…" }] as never });
    expect(beagleScores(await newestPhotoEvidence("evidence-owner", pet.id))).toEqual([0.3]);
  });
});
