import { and, count, eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { chatConversation, familyMember, petAttachment } from "~/backend/db/schema.server";
import { addRecord } from "~/backend/pet-records.server";
import { createPet, deletePet } from "~/backend/pets.server";
import { ATTACHMENT_ERRORS, ATTACHMENT_LIMITS } from "~/domain/attachments";
import { toRecordValues } from "~/domain/records";
import { gradientPng } from "~tests/support/photos";
import {
  answer,
  get,
  post,
  setUpRouteTests,
  signUp,
  signUpStaff,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./documents";
import { loader as fileLoader } from "./document-file";

/*
 * /pets/:id/documents as a browser reaches it: files judged by their bytes and stored without
 * their metadata, the family's rule, the plan, the account's limit, and the file itself served
 * only to the pet's people and its vets, never cached.
 */

setUpRouteTests();

let owner: Account;
let editor: Account;
let viewer: Account;
let stranger: Account;
let vet: Account;
let petId: string;
let otherPetRecordId: string;

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "pro" });
  editor = await signUp("Ed Editor");
  viewer = await signUp("Vera Viewer");
  stranger = await signUp("Sam Stranger", { plan: "pro" });
  vet = await signUpStaff("Ana Ruiz", "vet");
  const db = await getDb();
  await db.insert(familyMember).values([
    { ownerId: owner.id, memberId: editor.id, role: "editor" },
    { ownerId: owner.id, memberId: viewer.id, role: "viewer" },
  ]);
  const newPet = (userId: string) =>
    createPet(userId, { name: "Bella", type: "dog", breed: null, birthDate: null, weightKg: null });
  petId = (await newPet(owner.id)).id;
  const otherPet = (await newPet(stranger.id)).id;
  otherPetRecordId = (await addRecord(
    stranger.id,
    otherPet,
    "vaccination",
    toRecordValues({ title: "Rabies", date: "2026-03-01" }),
  ))!.id;
  await db.insert(chatConversation).values({ petId, openedBy: owner.id, vetId: vet.id, status: "active" });
});

/** A JPEG with an EXIF block naming a place (APP1 right after the start of the image). */
function jpegWithGps() {
  const pixels = { width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 200) };
  const plain = new Uint8Array(jpeg.encode(pixels, 90).data);
  const exif = Buffer.concat([Buffer.from("Exif\0\0"), Buffer.from("GPSLatitude 38.7223 Lisbon")]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exif.length + 2]), exif]);
  return Buffer.concat([plain.subarray(0, 2), segment, plain.subarray(2)]);
}

async function pdfOf(pages: number, author = "Dr. Secret Author") {
  const document = await PDFDocument.create();
  document.setAuthor(author);
  document.setTitle("Internal title");
  for (let page = 0; page < pages; page += 1) document.addPage([200, 200]).drawText(`Page ${page + 1}`);
  return Buffer.from(await document.save());
}

const file = (bytes: Uint8Array | string, name: string, type = "application/octet-stream") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

const attach = (who: Account, fields: Record<string, string | File>) =>
  answer(action, post(`/pets/${petId}/documents`, who, { intent: "add-attachment", ...fields }), {
    id: petId,
  });

async function listed(who: Account) {
  const page = await answer(loader, get(`/pets/${petId}/documents`, who), { id: petId });
  return page.data as {
    attachments: {
      id: string;
      title: string;
      contentType: string;
      pages: number | null;
      removable: boolean;
    }[];
  };
}

const fetchFile = (who: Account, attachmentId: string) =>
  answer(fileLoader, get(`/pets/${petId}/documents/${attachmentId}`, who), { id: petId, attachmentId });

async function storedCount() {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(petAttachment)
    .where(eq(petAttachment.petId, petId));
  return row!.n;
}

describe("attaching a file", () => {
  it("stores a photo as a JPEG without its EXIF block, served private and never cached", async () => {
    const sent = jpegWithGps();
    expect(sent.includes("GPSLatitude")).toBe(true);
    const added = await attach(owner, { file: file(sent, "card.jpg", "image/jpeg"), title: "Vaccine card" });
    expect(added.status).toBe(200);
    expect(added.data.message).toBe("Vaccine card is attached.");
    const [shown] = (await listed(owner)).attachments;
    expect(shown).toMatchObject({
      title: "Vaccine card",
      contentType: "image/jpeg",
      pages: null,
      removable: true,
    });

    const served = await fetchFile(owner, shown!.id);
    expect(served.status).toBe(200);
    expect(served.response!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(served.response!.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(served.response!.headers.get("Content-Disposition")).toBe('inline; filename="Vaccine-card.jpg"');
    const stored = Buffer.from(await served.response!.arrayBuffer());
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(stored.includes("Exif")).toBe(false);
    expect(stored.includes("GPSLatitude")).toBe(false);
  });

  it("turns a PNG into a JPEG and names it by its file when no title is given", async () => {
    const added = await attach(editor, { file: file(gradientPng(), "clinic_invoice.png") });
    expect(added.status).toBe(200);
    const shown = (await listed(editor)).attachments.find((one) => one.title === "clinic invoice");
    expect(shown).toMatchObject({ contentType: "image/jpeg", removable: true });
  });

  it("copies a PDF's pages and leaves its metadata behind; it is downloaded, not shown", async () => {
    const added = await attach(owner, {
      file: file(await pdfOf(2), "certificate.pdf"),
      title: "Rabies certificate",
    });
    expect(added.status).toBe(200);
    const shown = (await listed(owner)).attachments.find((one) => one.title === "Rabies certificate")!;
    expect(shown).toMatchObject({ contentType: "application/pdf", pages: 2 });
    const served = await fetchFile(owner, shown.id);
    expect(served.response!.headers.get("Content-Disposition")).toBe(
      'attachment; filename="Rabies-certificate.pdf"',
    );
    const stored = await PDFDocument.load(await served.response!.arrayBuffer());
    expect(stored.getPageCount()).toBe(2);
    expect(stored.getAuthor()).toBeUndefined();
    expect(stored.getTitle()).toBeUndefined();
  });

  it("refuses what it cannot keep with a sentence, storing nothing", async () => {
    const before = await storedCount();
    const refusals: [Record<string, string | File>, number, string][] = [
      [{ file: file("", "empty.jpg") }, 400, ATTACHMENT_ERRORS.fileRequired],
      [{ file: file("not a photo at all", "card.jpg", "image/jpeg") }, 400, ATTACHMENT_ERRORS.type],
      [{ file: file("%PDF-1.7 and then nothing", "broken.pdf") }, 400, ATTACHMENT_ERRORS.pdfUnreadable],
      [
        { file: file(await pdfOf(ATTACHMENT_LIMITS.pdfPages + 1), "long.pdf") },
        400,
        ATTACHMENT_ERRORS.pdfTooLong,
      ],
      [
        { file: file(new Uint8Array(ATTACHMENT_LIMITS.fileBytes + 1), "huge.jpg") },
        413,
        ATTACHMENT_ERRORS.tooLarge,
      ],
      [
        { file: file(gradientPng(), "card.png"), recordId: otherPetRecordId },
        400,
        ATTACHMENT_ERRORS.recordUnknown,
      ],
      [
        { file: file(gradientPng(), "card.png"), title: "x".repeat(101) },
        400,
        ATTACHMENT_ERRORS.titleTooLong,
      ],
    ];
    for (const [fields, status, sentence] of refusals) {
      const refused = await attach(owner, fields);
      expect(refused.status, sentence).toBe(status);
      expect(JSON.stringify(refused.data)).toContain(sentence);
    }
    expect(await storedCount()).toBe(before);
  });

  it("refuses a body larger than the form takes (413) before reading it", async () => {
    const refused = await attach(owner, {
      file: file(new Uint8Array(ATTACHMENT_LIMITS.fileBytes + 128 * 1024), "x.jpg"),
    });
    expect(refused.status).toBe(413);
  });

  it("keeps to the family's rule, the plan and the account's limit", async () => {
    expect((await attach(viewer, { file: file(gradientPng(), "card.png") })).status).toBe(403);
    const strangersPet = (await answer(loader, get(`/pets/${petId}/documents`, stranger), { id: petId }))
      .status;
    expect(strangersPet).toBe(404);

    const db = await getDb();
    const used = await storedCount();
    const filler = Array.from({ length: ATTACHMENT_LIMITS.accountFiles - used }, (_, i) => ({
      petId,
      ownerId: owner.id,
      addedBy: owner.id,
      title: `Filler ${i}`,
      contentType: "image/jpeg" as const,
      content: new Uint8Array([0xff, 0xd8, 0xff]),
      bytes: 3,
    }));
    await db.insert(petAttachment).values(filler);
    const full = await attach(editor, { file: file(gradientPng(), "card.png") });
    expect(full.status).toBe(409);
    expect(JSON.stringify(full.data)).toContain(ATTACHMENT_ERRORS.accountFull);
    await db
      .delete(petAttachment)
      .where(
        and(
          eq(petAttachment.petId, petId),
          eq(petAttachment.contentType, "image/jpeg"),
          eq(petAttachment.bytes, 3),
        ),
      );
  });

  it("on a plan without health tracking, refuses to attach (403)", async () => {
    const freeOwner = await signUp("Fran Free");
    const freePet = (
      await createPet(freeOwner.id, {
        name: "Tom",
        type: "cat",
        breed: null,
        birthDate: null,
        weightKg: null,
      })
    ).id;
    const refused = await answer(
      action,
      post(`/pets/${freePet}/documents`, freeOwner, {
        intent: "add-attachment",
        file: file(gradientPng(), "card.png"),
      }),
      { id: freePet },
    );
    expect(refused.status).toBe(403);
  });
});

describe("who opens and removes a file", () => {
  it("serves the file to the pet's people and its vet, and 404 to anyone else", async () => {
    const [newest] = (await listed(owner)).attachments;
    expect((await fetchFile(viewer, newest!.id)).status).toBe(200);
    expect((await fetchFile(vet, newest!.id)).status).toBe(200);
    expect((await fetchFile(stranger, newest!.id)).status).toBe(404);
  });

  it("lets a member remove only what they attached; the owner removes any", async () => {
    const { attachments } = await listed(editor);
    const editors = attachments.find((one) => one.title === "clinic invoice")!;
    const owners = attachments.find((one) => one.title === "Vaccine card")!;
    expect(owners.removable).toBe(false);
    const remove = (who: Account, attachmentId: string) =>
      answer(action, post(`/pets/${petId}/documents`, who, { intent: "remove-attachment", attachmentId }), {
        id: petId,
      });
    expect((await remove(editor, owners.id)).status).toBe(403);
    expect((await remove(viewer, editors.id)).status).toBe(403);
    expect((await remove(editor, editors.id)).status).toBe(200);
    expect((await remove(owner, owners.id)).status).toBe(200);
    expect((await remove(owner, owners.id)).status).toBe(404);
    expect((await listed(owner)).attachments.map((one) => one.title)).toEqual(["Rabies certificate"]);
  });

  it("deletes the files with the pet", async () => {
    expect(await storedCount()).toBeGreaterThan(0);
    await deletePet(owner.id, petId);
    expect(await storedCount()).toBe(0);
  });
});
