import { eq } from "drizzle-orm";
import { attachmentsOf } from "~/backend/attachments.server";
import { planOf } from "~/backend/billing/plans.server";
import { getDb } from "~/backend/db/client.server";
import { user } from "~/backend/db/schema.server";
import { insertImportedRecords, listRecords } from "~/backend/pet-records.server";
import { createPetUpTo, findAccessiblePet } from "~/backend/pets.server";
import { petToFhirBundle, type FhirBundle } from "~/domain/fhir";
import type { FhirImportResult } from "~/domain/fhir-import";
import type { Pet } from "~/domain/pets";
import { PLAN_ALLOWANCES } from "~/domain/plans";
import { siteBaseUrl } from "~/utils/seo";

/*
 * A pet in and out of PawPal as FHIR R4 (decision 22): the export is what its people can read,
 * as one Bundle (domain/fhir.ts); an import is a new pet with every record the bundle held, in
 * one transaction, or nothing.
 */

/** The pet as a FHIR Bundle, with its name, for someone who can open it; null for anyone else. */
export async function petFhirBundle(
  userId: string,
  petId: string,
  now = new Date(),
): Promise<{ bundle: FhirBundle; petName: string } | null> {
  const found = await findAccessiblePet(userId, petId);
  if (!found) return null;
  const db = await getDb();
  const [records, attachments, [owner]] = await Promise.all([
    listRecords(userId, petId).then((listed) => listed ?? []),
    attachmentsOf(petId, userId),
    db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, found.ownerId)),
  ]);
  const { role: _role, familyRole: _familyRole, ownerId: _ownerId, ownerName: _ownerName, ...pet } = found;
  const bundle = petToFhirBundle({
    pet,
    owner: owner ?? { name: found.ownerName, email: "" },
    records,
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      name: attachment.title,
      contentType: attachment.contentType,
      bytes: attachment.bytes,
      createdAt: attachment.createdAt,
      recordId: attachment.recordId,
      url: `/pets/${petId}/documents/${attachment.id}`,
    })),
    generatedAt: now,
    baseUrl: siteBaseUrl(),
  });
  return { bundle, petName: found.name };
}

/** A read bundle as a new pet of the user's, with its records; null when the plan has no room for another pet. */
export async function importFhirPet(
  userId: string,
  read: Extract<FhirImportResult, { ok: true }>,
): Promise<Pet | null> {
  const plan = await planOf(userId);
  return createPetUpTo(userId, read.pet, PLAN_ALLOWANCES[plan].pets, (tx, created) =>
    insertImportedRecords(tx, userId, created.id, read.records),
  );
}
