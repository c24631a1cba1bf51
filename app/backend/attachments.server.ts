import { and, desc, eq, sql } from "drizzle-orm";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { copyPdf, PHOTO_BUSY, PHOTO_TOO_COSTLY, reencodePhoto } from "~/backend/chat/photo.server";
import { getDb, type Database } from "~/backend/db/client.server";
import { chatConversation, consultation, petAttachment, petRecord, user } from "~/backend/db/schema.server";
import { findAccessiblePet, requireCare } from "~/backend/pets.server";
import {
  ATTACHMENT_ERRORS,
  ATTACHMENT_LIMITS,
  sniffFile,
  titleFromFileName,
  type Attachment,
  type AttachmentType,
  type AttachmentValues,
} from "~/domain/attachments";
import type { AccessiblePet } from "~/domain/pets";

/**
 * The pet_attachment table (decision 22): the photos and PDFs attached to a pet or to one of its
 * records, read by the pet's people and by the vet of one of its conversations or consultations.
 * What is stored was decoded and written again in the photo worker (chat/photo.server.ts): a
 * photo as a JPEG without metadata, a PDF as a copy of its pages.
 */

const summaryColumns = {
  id: petAttachment.id,
  petId: petAttachment.petId,
  recordId: petAttachment.recordId,
  title: petAttachment.title,
  contentType: petAttachment.contentType,
  bytes: petAttachment.bytes,
  pages: petAttachment.pages,
  addedBy: petAttachment.addedBy,
  addedByName: user.name,
  createdAt: petAttachment.createdAt,
};

type SummaryRow = {
  addedBy: string | null;
  createdAt: Date | string;
} & Omit<Attachment, "addedByYou" | "createdAt">;

function toAttachment({ addedBy, createdAt, ...row }: SummaryRow, readerId: string): Attachment {
  return {
    ...row,
    addedByYou: addedBy !== null && addedBy === readerId,
    createdAt: new Date(createdAt).toISOString(),
  };
}

/** A pet's attachments, newest first, as `readerId` sees them (who attached each). */
export async function attachmentsOf(petId: string, readerId: string): Promise<Attachment[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(petAttachment)
    .leftJoin(user, eq(user.id, petAttachment.addedBy))
    .where(eq(petAttachment.petId, petId))
    .orderBy(desc(petAttachment.createdAt), desc(petAttachment.id));
  return rows.map((row) => toAttachment(row, readerId));
}

export type AttachOutcome =
  { ok: true; attachment: Attachment } | { ok: false; error: string; status: number };

/**
 * Stores a file the user attaches to a pet they may add to (403 otherwise, and on a plan without
 * health tracking): checked by its bytes, decoded and written again off the event loop, counted
 * against the owner's limit under the owner's lock (two uploads at once cannot both take the
 * last place).
 */
export async function addAttachment(
  userId: string,
  pet: AccessiblePet,
  values: AttachmentValues,
  file: File | null,
): Promise<AttachOutcome> {
  requireCare(pet, userId, "add");
  await requirePetFeature(pet, "health-tracking");
  const refuse = (error: string, status = 400) => ({ ok: false as const, error, status });
  if (!file || file.size === 0) return refuse(ATTACHMENT_ERRORS.fileRequired);
  if (file.size > ATTACHMENT_LIMITS.fileBytes) return refuse(ATTACHMENT_ERRORS.tooLarge, 413);

  const db = await getDb();
  if (values.recordId && !(await isRecordOf(db, pet.id, values.recordId)))
    return refuse(ATTACHMENT_ERRORS.recordUnknown);
  const stored = await storedForm(new Uint8Array(await file.arrayBuffer()));
  if (!stored.ok) return refuse(stored.error, stored.busy ? 503 : 400);

  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, pet.ownerId)).for("update");
    const [used] = await tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${petAttachment.bytes}), 0)::bigint`,
      })
      .from(petAttachment)
      .where(eq(petAttachment.ownerId, pet.ownerId));
    const full =
      (used?.files ?? 0) >= ATTACHMENT_LIMITS.accountFiles ||
      Number(used?.bytes ?? 0) + stored.content.byteLength > ATTACHMENT_LIMITS.accountBytes;
    if (full) return refuse(ATTACHMENT_ERRORS.accountFull, 409);
    const [created] = await tx
      .insert(petAttachment)
      .values({
        petId: pet.id,
        recordId: values.recordId,
        ownerId: pet.ownerId,
        addedBy: userId,
        title: values.title ?? titleFromFileName(file.name),
        contentType: stored.contentType,
        content: stored.content,
        bytes: stored.content.byteLength,
        pages: stored.pages,
      })
      .returning({ id: petAttachment.id, createdAt: petAttachment.createdAt });
    const attachment: Attachment = {
      id: created!.id,
      petId: pet.id,
      recordId: values.recordId,
      title: values.title ?? titleFromFileName(file.name),
      contentType: stored.contentType,
      bytes: stored.content.byteLength,
      pages: stored.pages,
      addedByName: null,
      addedByYou: true,
      createdAt: new Date(created!.createdAt).toISOString(),
    };
    return { ok: true as const, attachment };
  });
}

async function isRecordOf(db: Pick<Database, "select">, petId: string, recordId: string) {
  const [found] = await db
    .select({ id: petRecord.id })
    .from(petRecord)
    .where(and(eq(petRecord.id, recordId), eq(petRecord.petId, petId)));
  return Boolean(found);
}

type Stored =
  | { ok: true; contentType: AttachmentType; content: Uint8Array; pages: number | null }
  | { ok: false; error: string; busy?: boolean };

/** What is kept of a file: judged by its first bytes, never by its name or the type the browser sent. */
async function storedForm(file: Uint8Array): Promise<Stored> {
  const kind = sniffFile(file);
  if (!kind) return { ok: false, error: ATTACHMENT_ERRORS.type };
  if (kind === "pdf") {
    const copied = await copyPdf(file, ATTACHMENT_LIMITS.pdfPages);
    if (copied.ok)
      return { ok: true, contentType: "application/pdf", content: copied.pdf, pages: copied.pages };
    if (copied.reason === "busy") return { ok: false, error: PHOTO_BUSY, busy: true };
    return {
      ok: false,
      error:
        copied.reason === "tooManyPages" ? ATTACHMENT_ERRORS.pdfTooLong : ATTACHMENT_ERRORS.pdfUnreadable,
    };
  }
  const photo = await reencodePhoto(file, {
    maxBytes: ATTACHMENT_LIMITS.fileBytes,
    side: ATTACHMENT_LIMITS.photoSide,
  });
  if (photo.ok) return { ok: true, contentType: "image/jpeg", content: photo.jpeg, pages: null };
  if (photo.error === PHOTO_BUSY) return { ok: false, error: PHOTO_BUSY, busy: true };
  return {
    ok: false,
    error: photo.error === PHOTO_TOO_COSTLY ? PHOTO_TOO_COSTLY : ATTACHMENT_ERRORS.photoUnreadable,
  };
}

/**
 * Removes an attachment: the owner any, a family member who may edit those they attached (403
 * for the rest); false when the pet has no such attachment.
 */
export async function removeAttachment(userId: string, pet: AccessiblePet, attachmentId: string) {
  const db = await getDb();
  const [found] = await db
    .select({ addedBy: petAttachment.addedBy })
    .from(petAttachment)
    .where(and(eq(petAttachment.id, attachmentId), eq(petAttachment.petId, pet.id)));
  if (!found) return false;
  requireCare(pet, userId, "change-entry", found.addedBy);
  await db.delete(petAttachment).where(eq(petAttachment.id, attachmentId));
  return true;
}

/**
 * One attachment's file, for someone who can open the pet or the vet of one of its conversations
 * or consultations; null for anyone else (a stranger must not learn it exists).
 */
export async function attachmentFile(userId: string, petId: string, attachmentId: string) {
  if (!(await findAccessiblePet(userId, petId)) && !(await isVetOfPet(userId, petId))) return null;
  const db = await getDb();
  const [found] = await db
    .select({
      title: petAttachment.title,
      contentType: petAttachment.contentType,
      content: petAttachment.content,
    })
    .from(petAttachment)
    .where(and(eq(petAttachment.id, attachmentId), eq(petAttachment.petId, petId)));
  return found ?? null;
}

/** Whether `userId` is the vet of a conversation or a (not cancelled) consultation about the pet. */
async function isVetOfPet(userId: string, petId: string) {
  const db = await getDb();
  const [chat] = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(and(eq(chatConversation.petId, petId), eq(chatConversation.vetId, userId)))
    .limit(1);
  if (chat) return true;
  const [booked] = await db
    .select({ id: consultation.id })
    .from(consultation)
    .where(
      and(
        eq(consultation.petId, petId),
        eq(consultation.vetId, userId),
        sql`${consultation.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return Boolean(booked);
}
