import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import {
  familyMember,
  petAttachment,
  petShare,
  petShareView,
  staffProfile,
  user,
} from "~/backend/db/schema.server";
import { addRemoteConsultation, addRecord } from "./pet-records.server";
import { createPet, deletePet } from "./pets.server";
import { createShare, endShare, listShares, openShare, sharedPhoto } from "./shares.server";
import { toRecordValues } from "~/domain/records";
import { SHARE_LIMITS, type ShareSection, type ShareValues } from "~/domain/shares";

/*
 * Share links as the database keeps them: the token only hashed, the chosen sections and nothing
 * else shown, every opening logged, an end or an expiry shutting the link at once, and the
 * family's rule deciding who makes and ends them.
 */

const HOUR_MS = 60 * 60 * 1000;

async function addUser(id: string, name: string) {
  await (
    await getDb()
  )
    .insert(user)
    .values({ id, name, email: `${id}@example.com` })
    .onConflictDoNothing();
}

/** The share form's checked values: these sections ticked, for `hours`. */
function shareOf(
  sections: ShareSection[],
  hours = 24,
  note: string | null = null,
  photoId: string | null = null,
): ShareValues {
  return {
    vaccinations: sections.includes("vaccinations"),
    medications: sections.includes("medications"),
    visits: sections.includes("visits"),
    weights: sections.includes("weights"),
    vetSummaries: sections.includes("vetSummaries"),
    notes: sections.includes("notes"),
    hours,
    note,
    photoId,
  };
}

async function made(userId: string, petId: string, values: ShareValues, now?: Date) {
  const created = await createShare(userId, petId, values, now);
  if (!created || typeof created === "string") throw new Error(`no share: ${created}`);
  return created;
}

async function thrownStatus(run: () => Promise<unknown>) {
  try {
    await run();
    return "no throw";
  } catch (thrown) {
    return (thrown as { init: ResponseInit }).init.status;
  }
}

let petId: string;

beforeAll(async () => {
  await addUser("share-owner", "Olive Owner");
  await addUser("share-editor", "Eddie Editor");
  await addUser("share-viewer", "Vera Viewer");
  await addUser("share-vet", "Ruiz");
  await addUser("share-stranger", "Sam Stranger");
  const db = await getDb();
  await db
    .insert(staffProfile)
    .values({ userId: "share-vet", role: "vet", displayName: "Ana Ruiz" })
    .onConflictDoNothing();
  await db.insert(familyMember).values([
    { ownerId: "share-owner", memberId: "share-editor", role: "editor" },
    { ownerId: "share-owner", memberId: "share-viewer", role: "viewer" },
  ]);
  const pet = await createPet("share-owner", {
    name: "Bella",
    type: "dog",
    breed: "Beagle",
    birthDate: "2021-04-30",
    weightKg: 11,
    sex: "female",
    microchip: "981000012345678",
  });
  petId = pet.id;
  const entry = (values: Parameters<typeof toRecordValues>[0]) => toRecordValues(values);
  await addRecord("share-owner", petId, "vaccination", {
    ...entry({ title: "Rabies", date: "2026-03-01", nextDueDate: "2027-03-01" }),
    product: "Nobivac Rabies",
    batch: "A123",
  });
  await addRecord(
    "share-editor",
    petId,
    "medication",
    entry({ title: "Heartworm", date: "2026-01-01", dose: "1 tablet", intervalDays: 30 }),
  );
  await addRecord(
    "share-owner",
    petId,
    "note",
    entry({ date: "2026-05-01", notes: "Private: limps after long walks" }),
  );
  await addRecord("share-owner", petId, "weight", { ...entry({ date: "2026-05-01" }), weightKg: 11.4 });
  await addRemoteConsultation(db, petId, "share-vet", {
    date: "2026-05-02",
    title: "Limping",
    clinic: "PawPal",
    notes: "Rest for a week.",
  });
});

describe("a share's link", () => {
  it("carries a 256-bit token that the database keeps only as its SHA-256", async () => {
    const { token, id } = await made("share-owner", petId, shareOf(["vaccinations"]));
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await (await getDb()).select().from(petShare).where(eq(petShare.id, id));
    expect(row!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("shows the pet's identity and the chosen sections only: no private notes unless ticked", async () => {
    const { token } = await made(
      "share-owner",
      petId,
      shareOf(["vaccinations", "medications"], 24, "for Happy Paws"),
    );
    const opened = await openShare(token, "iPhone Safari");
    if (opened.state !== "active") throw new Error(opened.state);
    expect(opened.shared.pet).toMatchObject({ name: "Bella", sex: "female", microchip: "981000012345678" });
    expect(opened.shared).toMatchObject({ ownerName: "Olive Owner", note: "for Happy Paws" });
    expect(opened.shared.records.map((record) => record.kind).sort()).toEqual(["medication", "vaccination"]);
    expect(JSON.stringify(opened.shared)).not.toContain("limps");
    const rabies = opened.shared.records.find((record) => record.kind === "vaccination");
    expect(rabies).toMatchObject({ product: "Nobivac Rabies", batch: "A123", byOwner: true, byVet: false });
    const heartworm = opened.shared.records.find((record) => record.kind === "medication");
    expect(heartworm).toMatchObject({ byOwner: false, createdByName: "Eddie Editor" });

    const withNotes = await made("share-owner", petId, shareOf(["notes", "vetSummaries"]));
    const again = await openShare(withNotes.token, "Windows Edge");
    if (again.state !== "active") throw new Error(again.state);
    expect(again.shared.records.map((record) => record.kind).sort()).toEqual(["note", "remote_consult"]);
    expect(again.shared.records.find((record) => record.kind === "remote_consult")).toMatchObject({
      byVet: true,
      readFromScan: false,
      createdByName: "Dr. Ana Ruiz",
    });
  });

  it("logs each opening with its coarse client; the owner's list shows them, newest first", async () => {
    const start = new Date();
    const { token, id } = await made("share-owner", petId, shareOf(["weights"]), start);
    await openShare(token, "Android Chrome", new Date(start.getTime() + 1000));
    await openShare(token, "Mac Safari", new Date(start.getTime() + 2000));
    const listed = (await listShares("share-owner", petId))!.find((share) => share.id === id)!;
    expect(listed).toMatchObject({ state: "active", viewCount: 2, madeByYou: true, sections: ["weights"] });
    expect(listed.views.map((view) => view.client)).toEqual(["Mac Safari", "Android Chrome"]);
  });

  it("shows nothing once ended or expired, and logs no opening then; an unknown token answers as an ended one", async () => {
    const now = new Date();
    const ending = await made("share-owner", petId, shareOf(["vaccinations"]), now);
    expect(await endShare("share-owner", petId, ending.id)).toEqual({ id: ending.id });
    expect(await openShare(ending.token, "Linux Firefox")).toEqual({ state: "ended" });

    const short = await made("share-owner", petId, shareOf(["vaccinations"], 1), now);
    expect(
      (await openShare(short.token, "Linux Firefox", new Date(now.getTime() + 30 * 60 * 1000))).state,
    ).toBe("active");
    expect(await openShare(short.token, "Linux Firefox", new Date(now.getTime() + HOUR_MS + 1))).toEqual({
      state: "expired",
    });
    expect(await openShare(crypto.randomBytes(32).toString("base64url"), "Linux Firefox")).toEqual({
      state: "ended",
    });

    const db = await getDb();
    expect(await db.select().from(petShareView).where(eq(petShareView.shareId, ending.id))).toEqual([]);
    const logged = await db.select().from(petShareView).where(eq(petShareView.shareId, short.id));
    expect(logged).toHaveLength(1);
  });
});

describe("a share's photo", () => {
  it("shows one of the pet's photos while the link works; another pet's, or a PDF, is refused", async () => {
    const db = await getDb();
    const attach = async (forPet: string, contentType: "image/jpeg" | "application/pdf") =>
      (
        await db
          .insert(petAttachment)
          .values({
            petId: forPet,
            ownerId: "share-owner",
            title: "Bella on the beach",
            contentType,
            content: new Uint8Array([0xff, 0xd8, 0xff, 7]),
            bytes: 4,
          })
          .returning({ id: petAttachment.id })
      )[0]!.id;
    const otherPet = (
      await createPet("share-owner", {
        name: "Tom",
        type: "cat",
        breed: null,
        birthDate: null,
        weightKg: null,
      })
    ).id;
    expect(
      await createShare(
        "share-owner",
        petId,
        shareOf(["weights"], 24, null, await attach(otherPet, "image/jpeg")),
      ),
    ).toBe("photo");
    expect(
      await createShare(
        "share-owner",
        petId,
        shareOf(["weights"], 24, null, await attach(petId, "application/pdf")),
      ),
    ).toBe("photo");

    const photoId = await attach(petId, "image/jpeg");
    const withPhoto = await made("share-owner", petId, shareOf(["weights"], 24, null, photoId));
    const opened = await openShare(withPhoto.token, "Mac Safari");
    expect(opened.state === "active" && opened.shared.hasPhoto).toBe(true);
    expect([...(await sharedPhoto(withPhoto.token))!]).toEqual([0xff, 0xd8, 0xff, 7]);
    const without = await made("share-owner", petId, shareOf(["weights"]));
    expect(await sharedPhoto(without.token)).toBeNull();

    await endShare("share-owner", petId, withPhoto.id);
    expect(await sharedPhoto(withPhoto.token)).toBeNull();
    // Removed from the documents, the photo leaves the shares too.
    const again = await made("share-owner", petId, shareOf(["weights"], 24, null, photoId));
    await db.delete(petAttachment).where(eq(petAttachment.id, photoId));
    const reopened = await openShare(again.token, "Mac Safari");
    expect(reopened.state === "active" && reopened.shared.hasPhoto).toBe(false);
    await endShare("share-owner", petId, again.id);
    await endShare("share-owner", petId, without.id);
  });
});

describe("who makes and ends shares", () => {
  it("a member who may add makes them and ends their own only; a viewer neither makes nor sees them", async () => {
    const editors = await made("share-editor", petId, shareOf(["vaccinations"]));
    const owners = await made("share-owner", petId, shareOf(["vaccinations"]));
    expect(await thrownStatus(() => endShare("share-editor", petId, owners.id))).toBe(403);
    expect(await endShare("share-editor", petId, editors.id)).toEqual({ id: editors.id });

    expect(await thrownStatus(() => createShare("share-viewer", petId, shareOf(["vaccinations"])))).toBe(403);
    expect(await listShares("share-viewer", petId)).toEqual([]);
    expect(await thrownStatus(() => endShare("share-viewer", petId, owners.id))).toBe(403);
    // The owner still ends anyone's.
    expect(await endShare("share-owner", petId, owners.id)).toEqual({ id: owners.id });
  });

  it("a stranger finds no pet: nothing made, listed or ended", async () => {
    const owners = await made("share-owner", petId, shareOf(["vaccinations"]));
    expect(await createShare("share-stranger", petId, shareOf(["vaccinations"]))).toBeNull();
    expect(await listShares("share-stranger", petId)).toBeNull();
    expect(await endShare("share-stranger", petId, owners.id)).toBeNull();
    expect((await openShare(owners.token, "Mac Safari")).state).toBe("active");
  });

  it("at most SHARE_LIMITS.maxActivePerPet links work at once per pet; an ended one frees a place", async () => {
    const pet = await createPet("share-owner", {
      name: "Rex",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    const ids: string[] = [];
    for (let index = 0; index < SHARE_LIMITS.maxActivePerPet; index += 1)
      ids.push((await made("share-owner", pet.id, shareOf(["weights"]))).id);
    expect(await createShare("share-owner", pet.id, shareOf(["weights"]))).toBe("full");
    await endShare("share-owner", pet.id, ids[0]!);
    expect(await createShare("share-owner", pet.id, shareOf(["weights"]))).toMatchObject({
      token: expect.any(String),
    });
  });

  it("a deleted pet takes its shares and their openings with it", async () => {
    const pet = await createPet("share-owner", {
      name: "Tom",
      type: "cat",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    const { token, id } = await made("share-owner", pet.id, shareOf(["weights"]));
    await openShare(token, "iPad Safari");
    await deletePet("share-owner", pet.id);
    const db = await getDb();
    expect(await db.select().from(petShare).where(eq(petShare.id, id))).toEqual([]);
    expect(await db.select().from(petShareView).where(eq(petShareView.shareId, id))).toEqual([]);
    expect(await openShare(token, "iPad Safari")).toEqual({ state: "ended" });
  });
});
