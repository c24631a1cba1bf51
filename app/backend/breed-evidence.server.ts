import { desc, eq } from "drizzle-orm";
import { getDb, type Database } from "~/backend/db/client.server";
import { petBreedEvidence } from "~/backend/db/schema.server";
import { findAccessiblePet } from "~/backend/pets.server";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { SAVED_EVIDENCE_MAX_PHOTOS, savedEvidenceSchema } from "~/domain/pets";

/**
 * The pet_breed_evidence table (decision 18): what the photos of each analysis saved to a pet said,
 * scores only. A save (analysis-save.server.ts) adds its row in its transaction; a pet's
 * page reads them here, after asking pets.server whether the user may open the pet (its owner or a
 * member of the owner's family), and the account's data export (account-data.server.ts) reads its
 * own. The rows go with their pet (the foreign key cascades).
 */

/**
 * The evidence of the pet's newest photos, oldest of them first: at most `maxPhotos`, taken
 * from the newest saves (a save holds 1 to 5). Empty when nothing was saved; null when the user
 * cannot open the pet (the route answers 404). A row that no longer reads as evidence is left out.
 */
export async function newestPhotoEvidence(
  userId: string,
  petId: string,
  maxPhotos: number = SAVED_EVIDENCE_MAX_PHOTOS,
): Promise<PhotoEvidence[] | null> {
  if (!(await findAccessiblePet(userId, petId))) return null;
  const db = await getDb();
  // Every save holds at least one photo, so the newest `maxPhotos` saves are enough.
  const rows = await db
    .select({ evidence: petBreedEvidence.evidence })
    .from(petBreedEvidence)
    .where(eq(petBreedEvidence.petId, petId))
    .orderBy(desc(petBreedEvidence.createdAt), desc(petBreedEvidence.id))
    .limit(maxPhotos);
  const photos = rows.reverse().flatMap((row) => {
    const parsed = savedEvidenceSchema.safeParse(row.evidence);
    return parsed.success ? parsed.data : [];
  });
  return photos.slice(Math.max(0, photos.length - maxPhotos));
}

/** What one save's photos said, kept with the pet (analysis-save.server.ts, in its transaction). */
export async function keepBreedEvidence(
  tx: Pick<Database, "insert">,
  petId: string,
  evidence: readonly PhotoEvidence[],
) {
  if (evidence.length > 0) await tx.insert(petBreedEvidence).values({ petId, evidence: [...evidence] });
}
