import { z } from "~/utils/zod";
import { isId } from "./ids";
import { RECORD_KIND_LABELS, type PetRecord } from "./records";
import { singleLine } from "./text";
import { formatDate } from "./time-format";

/*
 * Paper into records (decision 22): an owner attaches a photo or a PDF (a vaccine card, a
 * certificate, an invoice) to a pet, or to one of its records. Photos are stored as the chat's
 * are, decoded and encoded again without metadata; PDFs are copied page by page into a new
 * file, which keeps the pages and leaves the document's metadata, scripts and forms behind.
 */

const MB = 1024 * 1024;

export const ATTACHMENT_LIMITS = {
  /** A phone's photo or a scanned PDF, as sent. */
  fileBytes: 10 * MB,
  /** A certificate or an invoice is a few pages; a longer file is not a pet's document. */
  pdfPages: 20,
  /** A stored photo's longest side: a card's small print stays legible. */
  photoSide: 2400,
  title: 100,
  /** What one account's pets may hold together, counted from what is stored. */
  accountBytes: 200 * MB,
  accountFiles: 300,
} as const;

/** The form that sends a file: the file and two short fields. */
export const ATTACHMENT_FORM_BYTES = ATTACHMENT_LIMITS.fileBytes + 64 * 1024;

/** The page whose form may carry a file: /pets/<id>/documents (and its .data request). */
export function isAttachmentFormPath(path: string) {
  return /^\/pets\/[^/]+\/documents(\.data)?\/?$/i.test(path);
}

export const ATTACHMENT_ERRORS = {
  fileRequired: "Please choose a photo or a PDF to attach.",
  tooLarge: `The file is larger than ${ATTACHMENT_LIMITS.fileBytes / MB} MB: please attach a smaller one.`,
  type: "Please attach a photo (JPEG or PNG) or a PDF.",
  photoUnreadable: "The photo could not be read: please attach another JPEG or PNG image.",
  pdfUnreadable:
    "The PDF could not be read (it may be damaged or protected by a password): please attach another one.",
  pdfTooLong: `The PDF has more than ${ATTACHMENT_LIMITS.pdfPages} pages: please attach only the pages you need.`,
  titleTooLong: `Please shorten the title to ${ATTACHMENT_LIMITS.title} characters or fewer.`,
  recordUnknown: "That record is not one of this pet's: choose another, or attach the file to the pet.",
  accountFull: `Your pets' documents have reached the limit of ${ATTACHMENT_LIMITS.accountFiles} files or ${ATTACHMENT_LIMITS.accountBytes / MB} MB: remove some before attaching more.`,
} as const;

/** The kinds of file that are stored (a PNG is stored as a JPEG, like a chat photo). */
export const ATTACHMENT_TYPES = ["image/jpeg", "application/pdf"] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The fields that come with the file: a title (the file's name when empty) and, optionally, the record it belongs to. */
export const attachmentSchema = z.object({
  title: singleLine(z.string().trim().max(ATTACHMENT_LIMITS.title, ATTACHMENT_ERRORS.titleTooLong))
    .optional()
    .transform((title) => title || null),
  recordId: z
    .string()
    .refine((id) => id === "" || isId(id), ATTACHMENT_ERRORS.recordUnknown)
    .optional()
    .transform((id) => id || null),
});
export type AttachmentValues = z.output<typeof attachmentSchema>;

/** What a file's first bytes say it is: the name and the type a browser sends are not trusted. */
export function sniffFile(bytes: Uint8Array): "jpeg" | "png" | "pdf" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return "png";
  // "%PDF-": a PDF may have a few bytes before it (the format allows 1024).
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes("%PDF-") ? "pdf" : null;
}

/** A title from an uploaded file's name: without its folder and extension, on one line, cut to the limit. */
export function titleFromFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const title = base
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[\s_]+/g, " ")
    .trim();
  return title.slice(0, ATTACHMENT_LIMITS.title) || "Document";
}

/** An attached file as its pet's pages list it. */
export type Attachment = {
  id: string;
  petId: string;
  recordId: string | null;
  title: string;
  contentType: AttachmentType;
  bytes: number;
  /** A PDF's pages; null for a photo. */
  pages: number | null;
  /** Who attached it; null once that account is gone. */
  addedByName: string | null;
  addedByYou: boolean;
  /** ISO 8601. */
  createdAt: string;
};

/** "820 KB", "3.4 MB". */
export function formatBytes(bytes: number) {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** "Photo, 820 KB" or "PDF, 2 pages, 1.2 MB". */
export function describeAttachment(attachment: Pick<Attachment, "contentType" | "bytes" | "pages">) {
  if (attachment.contentType === "image/jpeg") return `Photo, ${formatBytes(attachment.bytes)}`;
  const pages = attachment.pages === 1 ? "1 page" : `${attachment.pages} pages`;
  return `PDF, ${pages}, ${formatBytes(attachment.bytes)}`;
}

/** The name a download gets: the title in safe characters, with the type's extension. */
export function attachmentFileName(attachment: Pick<Attachment, "title" | "contentType">) {
  const safe = attachment.title
    .normalize("NFKD")
    .replace(/[^\w .-]+/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return `${safe || "document"}.${attachment.contentType === "application/pdf" ? "pdf" : "jpg"}`;
}

/** A record as the "belongs to" choice and the list name it: "Vaccination: Rabies, Nov 15, 2026". */
export function recordLabel(record: Pick<PetRecord, "kind" | "title" | "date">) {
  const kind = RECORD_KIND_LABELS[record.kind].one;
  return `${record.title ? `${kind}: ${record.title}` : kind}, ${formatDate(record.date)}`;
}
