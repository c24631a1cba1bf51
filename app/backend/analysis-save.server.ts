import { getDb } from "~/backend/db/client.server";
import { addAnalysisRecords } from "~/backend/pet-records.server";
import { keepBreedEvidence } from "~/backend/breed-evidence.server";
import { petForAnalysis } from "~/backend/pets.server";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { Pet, SaveAnalysisValues } from "~/domain/pets";

/**
 * Saves an analysis result in one transaction: onto one of the user's pets or as a new one
 * (pets.server.ts decides which, and "full" when the plan's pets are taken), with what its photos
 * said (`evidence`, scores only, kept on every plan: breed-evidence.server.ts) and, with
 * `records` (a plan with health tracking), a note and the weight in its records
 * (pet-records.server.ts). Null when the user has no pet with this id: nothing changed.
 */
export async function saveAnalysisToPet(
  userId: string,
  values: Omit<SaveAnalysisValues, "evidence"> & { evidence?: readonly PhotoEvidence[] },
  { records = true, maxPets = null }: { records?: boolean; maxPets?: number | null } = {},
): Promise<Pet | "full" | null> {
  const { evidence = [], ...result } = values;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const saved = await petForAnalysis(tx, userId, result, maxPets);
    if (saved === null || saved === "full") return saved;
    await keepBreedEvidence(tx, saved.id, evidence);
    if (records) await addAnalysisRecords(tx, userId, saved.id, result);
    return saved;
  });
}
