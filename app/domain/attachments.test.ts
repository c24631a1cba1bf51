import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_ERRORS,
  attachmentFileName,
  attachmentSchema,
  describeAttachment,
  isAttachmentFormPath,
  recordLabel,
  sniffFile,
  titleFromFileName,
} from "./attachments";

describe("attachments", () => {
  it("tells a file by its first bytes, whatever its name says", () => {
    expect(sniffFile(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffFile(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffFile(new TextEncoder().encode("junk before %PDF-1.4"))).toBe("pdf");
    expect(sniffFile(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(sniffFile(new Uint8Array())).toBeNull();
  });

  it("names an untitled file by its name, without folder or extension", () => {
    expect(titleFromFileName("C:\\Users\\me\\Rabies_certificate 2026.pdf")).toBe("Rabies certificate 2026");
    expect(titleFromFileName("IMG_0042.JPG")).toBe("IMG 0042");
    expect(titleFromFileName(".pdf")).toBe("Document");
    expect(titleFromFileName("x".repeat(300))).toHaveLength(100);
  });

  it("gives downloads a safe name with the stored type's extension", () => {
    expect(attachmentFileName({ title: 'Ráb/ies "card" 2026', contentType: "image/jpeg" })).toBe(
      "Rabies-card-2026.jpg",
    );
    expect(attachmentFileName({ title: "猫", contentType: "application/pdf" })).toBe("document.pdf");
  });

  it("describes a file and a record in words", () => {
    expect(describeAttachment({ contentType: "image/jpeg", bytes: 820 * 1024, pages: null })).toBe(
      "Photo, 820 KB",
    );
    expect(describeAttachment({ contentType: "application/pdf", bytes: 1.25 * 1024 * 1024, pages: 2 })).toBe(
      "PDF, 2 pages, 1.3 MB",
    );
    expect(recordLabel({ kind: "vaccination", title: "Rabies", date: "2026-11-15" })).toBe(
      "Vaccination: Rabies, Nov 15, 2026",
    );
    expect(recordLabel({ kind: "weight", title: null, date: "2026-11-15" })).toBe("Weight, Nov 15, 2026");
  });

  it("checks the fields sent with a file", () => {
    expect(attachmentSchema.parse({ title: "  Card ", recordId: "" })).toEqual({
      title: "Card",
      recordId: null,
    });
    expect(attachmentSchema.parse({})).toEqual({ title: null, recordId: null });
    const wrongRecord = attachmentSchema.safeParse({ recordId: "1; drop table" });
    expect(wrongRecord.error?.issues[0]?.message).toBe(ATTACHMENT_ERRORS.recordUnknown);
    expect(attachmentSchema.safeParse({ title: "a\nb" }).success).toBe(false);
  });

  it("lets only the documents page send a large body", () => {
    expect(isAttachmentFormPath("/pets/5d0b8c1e-0000-4000-8000-000000000000/documents")).toBe(true);
    expect(isAttachmentFormPath("/pets/abc/documents.data")).toBe(true);
    expect(isAttachmentFormPath("/pets/abc/documents/def")).toBe(false);
    expect(isAttachmentFormPath("/pets/abc")).toBe(false);
  });
});
