import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { pet, petAttachment, petShare, petShareView, user } from "~/backend/db/schema.server";
import { listRecordsForShare } from "~/backend/pet-records.server";
import { findAccessiblePet, findPetWithOwner, requireCare } from "~/backend/pets.server";
import {
  SHARE_LIMITS,
  SHARE_SECTION_KINDS,
  shareState,
  tickedSections,
  type SharedRecords,
  type ShareSummary,
  type ShareValues,
} from "~/domain/shares";

/**
 * The pet_share and pet_share_view tables (decision 22): the links an owner (or a family member
 * who may add to the pet's care) makes to show chosen sections of a pet's records to someone
 * outside PawPal, what each link shows, and when it was opened. The token is in the link only:
 * the table keeps its SHA-256, so a copy of the database opens nothing.
 */

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Makes a share of the pet and gives its token, once: null when the user cannot open the pet;
 * "full" when the pet has SHARE_LIMITS.maxActivePerPet links that still work; "photo" when the
 * chosen photo is not one of the pet's. Refused with 403
 * for a member the owner lets only view.
 */
export async function createShare(
  userId: string,
  petId: string,
  values: ShareValues,
  now = new Date(),
): Promise<{ token: string; id: string; expiresAt: string } | "full" | "photo" | null> {
  const found = await findAccessiblePet(userId, petId);
  if (!found) return null;
  requireCare(found, userId, "add");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Under the pet's lock, so two made at once cannot both take the last place.
    await tx.select({ id: pet.id }).from(pet).where(eq(pet.id, petId)).for("update");
    const [working] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(petShare)
      .where(and(eq(petShare.petId, petId), isNull(petShare.endedAt), gt(petShare.expiresAt, now)));
    if ((working?.count ?? 0) >= SHARE_LIMITS.maxActivePerPet) return "full" as const;
    if (values.photoId) {
      const [photo] = await tx
        .select({ id: petAttachment.id })
        .from(petAttachment)
        .where(
          and(
            eq(petAttachment.id, values.photoId),
            eq(petAttachment.petId, petId),
            eq(petAttachment.contentType, "image/jpeg"),
          ),
        );
      if (!photo) return "photo" as const;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + values.hours * 60 * 60 * 1000);
    const [created] = await tx
      .insert(petShare)
      .values({
        petId,
        createdBy: userId,
        tokenHash: hashToken(token),
        sections: tickedSections(values),
        note: values.note,
        photoId: values.photoId,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: petShare.id });
    return { token, id: created!.id, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * The pet's shares, newest first, each with its latest opens: null when the user cannot open
 * the pet; none for a member who may only view (they make none and end none).
 */
export async function listShares(
  userId: string,
  petId: string,
  now = new Date(),
): Promise<ShareSummary[] | null> {
  const found = await findAccessiblePet(userId, petId);
  if (!found) return null;
  if (found.role === "member" && found.familyRole !== "editor") return [];
  const db = await getDb();
  const shares = await db
    .select({
      id: petShare.id,
      sections: petShare.sections,
      note: petShare.note,
      createdAt: petShare.createdAt,
      expiresAt: petShare.expiresAt,
      endedAt: petShare.endedAt,
      createdBy: petShare.createdBy,
      createdByName: user.name,
    })
    .from(petShare)
    .leftJoin(user, eq(user.id, petShare.createdBy))
    .where(eq(petShare.petId, petId))
    .orderBy(desc(petShare.createdAt), desc(petShare.id));
  const views = shares.length
    ? await db
        .select({ shareId: petShareView.shareId, at: petShareView.viewedAt, client: petShareView.client })
        .from(petShareView)
        .where(
          inArray(
            petShareView.shareId,
            shares.map((share) => share.id),
          ),
        )
        .orderBy(desc(petShareView.viewedAt))
    : [];
  return shares.map(({ createdBy, ...share }) => {
    const opened = views.filter((view) => view.shareId === share.id);
    const times = { expiresAt: iso(share.expiresAt), endedAt: share.endedAt ? iso(share.endedAt) : null };
    return {
      ...share,
      ...times,
      createdAt: iso(share.createdAt),
      state: shareState(times, now),
      madeByYou: createdBy === userId,
      views: opened
        .slice(0, SHARE_LIMITS.viewsShown)
        .map((view) => ({ at: iso(view.at), client: view.client })),
      viewCount: opened.length,
    };
  });
}

/**
 * Ends a share at once: null when there is no such share of a pet the user can open. The owner
 * ends any; a member only those they made (403 otherwise). Ending an ended share changes nothing.
 */
export async function endShare(
  userId: string,
  petId: string,
  shareId: string,
): Promise<{ id: string } | null> {
  const found = await findAccessiblePet(userId, petId);
  if (!found) return null;
  const db = await getDb();
  const [share] = await db
    .select({ id: petShare.id, createdBy: petShare.createdBy, endedAt: petShare.endedAt })
    .from(petShare)
    .where(and(eq(petShare.id, shareId), eq(petShare.petId, petId)));
  if (!share) return null;
  requireCare(found, userId, "change-entry", share.createdBy);
  if (!share.endedAt)
    await db
      .update(petShare)
      .set({ endedAt: sql`now()` })
      .where(eq(petShare.id, share.id));
  return { id: share.id };
}

/**
 * Opens a share by its token, as its page does: the records it shows, logged as one open by
 * `client` (a coarse name, domain/shares.ts coarseClient); or why it shows nothing. An unknown
 * token and an ended one answer alike, so a guess learns nothing.
 */
export async function openShare(
  token: string,
  client: string,
  now = new Date(),
): Promise<{ state: "active"; shared: SharedRecords } | { state: "ended" | "expired" }> {
  const db = await getDb();
  const [share] = await db
    .select({
      id: petShare.id,
      petId: petShare.petId,
      sections: petShare.sections,
      note: petShare.note,
      photoId: petShare.photoId,
      expiresAt: petShare.expiresAt,
      endedAt: petShare.endedAt,
    })
    .from(petShare)
    .where(eq(petShare.tokenHash, hashToken(token)));
  if (!share) return { state: "ended" };
  const times = { expiresAt: iso(share.expiresAt), endedAt: share.endedAt ? iso(share.endedAt) : null };
  const state = shareState(times, now);
  if (state !== "active") return { state };

  const shown = await findPetWithOwner(share.petId);
  if (!shown) return { state: "ended" };
  const kinds = new Set(share.sections.flatMap((section) => SHARE_SECTION_KINDS[section]));
  const { ownerId, ownerName, role: _role, familyRole: _familyRole, ...identity } = shown;
  const records = (await listRecordsForShare(share.petId, ownerId))
    .filter((record) => kinds.has(record.kind))
    .map(({ addedByYou, ...record }) => ({ ...record, byOwner: addedByYou }));
  await db.insert(petShareView).values({ shareId: share.id, client, viewedAt: now });
  return {
    state: "active",
    shared: {
      pet: identity,
      ownerName,
      note: share.note,
      sections: share.sections,
      expiresAt: times.expiresAt,
      records,
      hasPhoto: share.photoId !== null,
    },
  };
}

/** The photo a working share shows, as a JPEG; null when the token opens nothing or shows no photo. */
export async function sharedPhoto(token: string, now = new Date()): Promise<Uint8Array | null> {
  const db = await getDb();
  const [found] = await db
    .select({ content: petAttachment.content })
    .from(petShare)
    .innerJoin(
      petAttachment,
      and(eq(petAttachment.id, petShare.photoId), eq(petAttachment.petId, petShare.petId)),
    )
    .where(
      and(eq(petShare.tokenHash, hashToken(token)), isNull(petShare.endedAt), gt(petShare.expiresAt, now)),
    );
  return found?.content ?? null;
}
