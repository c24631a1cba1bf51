import { ATTACHMENT_FORM_BYTES, isAttachmentFormPath } from "./attachments";
import { CHAT_FORM_BYTES, isChatFormPath } from "./chat";

/** A FHIR bundle to import: 2,000 entries of a pet's records fit in well under this. */
export const FHIR_IMPORT_BYTES = 4 * 1024 * 1024;
export const FHIR_IMPORT_FORM_BYTES = FHIR_IMPORT_BYTES + 64 * 1024;

/** The page whose form sends a FHIR file: /pets/import (and its .data request). */
export function isFhirImportPath(path: string) {
  return /^\/pets\/import(\.data)?\/?$/i.test(path);
}

/**
 * The forms that may send a file, and how large their body may be (host/index.ts refuses more
 * before reading it; the route's readForm checks again); null for every other form (64 KB).
 */
export function fileFormBytes(path: string): number | null {
  if (isChatFormPath(path)) return CHAT_FORM_BYTES;
  if (isAttachmentFormPath(path)) return ATTACHMENT_FORM_BYTES;
  if (isFhirImportPath(path)) return FHIR_IMPORT_FORM_BYTES;
  return null;
}
