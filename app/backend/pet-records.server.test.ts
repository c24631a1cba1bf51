import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Pet, RecordKind } from "~/domain/pets";
import { RECORD_ERRORS, toRecordValues, type RecordValues } from "~/domain/records";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petRecord, user } from "~/backend/db/schema.server";
import { setStaffProfile } from "~/backend/staff/staff.server";
import {
  addRecord,
  addRemoteConsultation,
  listRecords,
  removeRecord,
  updateRecord,
} from "./pet-records.server";
import { createPet } from "./pets.server";
import { saveAnalysisToPet } from "./analysis-save.server";

async function addUser(id: string, name: string) {
  const db = await getDb();
  await db
    .insert(user)
    .values({ id, name, email: `${id}@example.com` })
    .onConflictDoNothing();
}

const pet = { name: "Bella", type: "dog" as const, breed: "Beagle", birthDate: "2022-05-01", weightKg: 11.5 };

/** One record of each kind, and what to change each into. */
const KINDS: { kind: RecordKind; values: RecordValues; changed: RecordValues }[] = [
  {
    kind: "vaccination",
    values: toRecordValues({
      title: "Rabies",
      date: "2026-03-03",
      nextDueDate: "2027-03-03",
      clinic: "Riverside",
    }),
    changed: toRecordValues({ title: "Rabies (3-year)", date: "2026-03-03", nextDueDate: "2029-03-03" }),
  },
  {
    kind: "vet_visit",
    values: toRecordValues({ title: "Limping", date: "2026-04-01", notes: "Rest a week" }),
    changed: toRecordValues({ title: "Limping, left leg", date: "2026-04-01", clinic: "Riverside" }),
  },
  {
    kind: "medication",
    values: toRecordValues({ title: "Flea drops", dose: "1 pipette", intervalDays: 30, date: "2026-05-01" }),
    changed: toRecordValues({
      title: "Flea drops",
      dose: "1 pipette",
      intervalDays: 28,
      date: "2026-05-01",
      endDate: "2026-10-01",
    }),
  },
  {
    kind: "weight",
    values: toRecordValues({ date: "2026-06-01", weightKg: 12.345 }),
    changed: toRecordValues({ date: "2026-06-02", weightKg: 12.1 }),
  },
  {
    kind: "note",
    values: toRecordValues({ date: "2026-06-03", notes: "Sneezing" }),
    changed: toRecordValues({ date: "2026-06-03", notes: "Sneezing, twice a day" }),
  },
];

/** What the page shows of a record's values (weights as the column keeps them). */
function shown(values: RecordValues) {
  return { ...values, weightKg: values.weightKg === null ? null : values.weightKg.toFixed(2) };
}

describe("pet records", () => {
  let petId: string;

  beforeAll(async () => {
    await addUser("rec-owner", "Olive Owner");
    await addUser("rec-member", "Max Member");
    await addUser("rec-viewer", "Vic Viewer");
    await addUser("rec-stranger", "Sam Stranger");
    const db = await getDb();
    await db.insert(familyMember).values([
      { ownerId: "rec-owner", memberId: "rec-member", role: "editor" },
      { ownerId: "rec-owner", memberId: "rec-viewer", role: "viewer" },
    ]);
    petId = (await createPet("rec-owner", pet)).id;
  });

  it.each(KINDS)(
    "the owner adds, lists, changes and removes a $kind record",
    async ({ kind, values, changed }) => {
      const added = await addRecord("rec-owner", petId, kind, values);
      expect(added).toMatchObject({ ...shown(values), kind, createdByName: "Olive Owner" });
      expect(await listRecords("rec-owner", petId)).toContainEqual(added);

      const updated = await updateRecord("rec-owner", petId, kind, added!.id, changed);
      expect(updated).toEqual({
        ...shown(changed),
        id: added!.id,
        kind,
        createdByName: "Olive Owner",
        addedByYou: true,
        byVet: false,
        readFromScan: false,
        createdAt: added!.createdAt,
      });

      expect(await removeRecord("rec-owner", petId, kind, added!.id)).toEqual({ id: added!.id });
      expect((await listRecords("rec-owner", petId))!.some((record) => record.id === added!.id)).toBe(false);
    },
  );

  it("a family member who may add and edit adds, changes and removes their own entries, as themselves", async () => {
    const added = await addRecord(
      "rec-member",
      petId,
      "note",
      toRecordValues({ date: "2026-07-01", notes: "Ate grass" }),
    );
    expect(added).toMatchObject({ notes: "Ate grass", createdByName: "Max Member" });
    const db = await getDb();
    const [row] = await db.select().from(petRecord).where(eq(petRecord.id, added!.id));
    expect(row!.createdBy).toBe("rec-member");
    // The owner sees it as someone else's entry, and may change it too.
    const asOwner = (await listRecords("rec-owner", petId))!.find((record) => record.id === added!.id);
    expect(asOwner).toMatchObject({ addedByYou: false, createdByName: "Max Member" });
    expect(
      await updateRecord(
        "rec-member",
        petId,
        "note",
        added!.id,
        toRecordValues({ date: "2026-07-01", notes: "Ate grass twice" }),
      ),
    ).toMatchObject({ notes: "Ate grass twice", addedByYou: true });
    expect(await removeRecord("rec-member", petId, "note", added!.id)).toEqual({ id: added!.id });
  });

  it("a member never changes or removes the owner's entries: 403 with the sentence, nothing changed", async () => {
    const owners = await addRecord(
      "rec-owner",
      petId,
      "weight",
      toRecordValues({ date: "2026-07-02", weightKg: 12 }),
    );
    const refusedChange = {
      init: { status: 403 },
      data: expect.objectContaining({
        formError:
          "Only Olive Owner can change an entry someone else added. You can change the entries you added.",
      }),
    };
    for (const who of ["rec-member", "rec-viewer"]) {
      await expect(
        updateRecord(who, petId, "weight", owners!.id, toRecordValues({ date: "2026-07-02", weightKg: 1 })),
      ).rejects.toMatchObject(refusedChange);
      await expect(removeRecord(who, petId, "weight", owners!.id)).rejects.toMatchObject(refusedChange);
    }
    const [row] = await (await getDb()).select().from(petRecord).where(eq(petRecord.id, owners!.id));
    expect(row!.weightKg).toBe("12.00");
  });

  it("a member who may only view adds nothing: 403 with the sentence, nothing stored", async () => {
    const before = (await listRecords("rec-viewer", petId))!.length;
    await expect(
      addRecord("rec-viewer", petId, "note", toRecordValues({ date: "2026-07-03", notes: "Hi" })),
    ).rejects.toMatchObject({
      init: { status: 403 },
      data: expect.objectContaining({
        formError: "Olive Owner shares this pet with you to view. Ask them to let you add and edit.",
      }),
    });
    expect((await listRecords("rec-owner", petId))!.length).toBe(before);
  });

  it("a stranger can neither read nor change anything: every call answers null and nothing changes", async () => {
    const note = await addRecord(
      "rec-owner",
      petId,
      "note",
      toRecordValues({ date: "2026-08-01", notes: "Private" }),
    );
    const before = await listRecords("rec-owner", petId);
    expect(await listRecords("rec-stranger", petId)).toBeNull();
    expect(
      await addRecord("rec-stranger", petId, "note", toRecordValues({ date: "2026-08-01", notes: "Hi" })),
    ).toBeNull();
    expect(
      await updateRecord(
        "rec-stranger",
        petId,
        "note",
        note!.id,
        toRecordValues({ date: "2026-08-01", notes: "Changed" }),
      ),
    ).toBeNull();
    expect(await removeRecord("rec-stranger", petId, "note", note!.id)).toBeNull();
    expect(await listRecords("rec-owner", petId)).toEqual(before);
  });

  it("a record is changed only through its own pet and kind", async () => {
    const otherPet = await createPet("rec-owner", { ...pet, name: "Milo" });
    const strangersPet = await createPet("rec-stranger", { ...pet, name: "Rex" });
    const note = await addRecord(
      "rec-owner",
      petId,
      "note",
      toRecordValues({ date: "2026-08-02", notes: "Mine" }),
    );
    const changed = toRecordValues({ date: "2026-08-02", notes: "Moved" });
    expect(await updateRecord("rec-owner", otherPet.id, "note", note!.id, changed)).toBeNull();
    expect(await updateRecord("rec-stranger", strangersPet.id, "note", note!.id, changed)).toBeNull();
    expect(await updateRecord("rec-owner", petId, "weight", note!.id, changed)).toBeNull();
    expect(await removeRecord("rec-stranger", strangersPet.id, "note", note!.id)).toBeNull();
    expect(await removeRecord("rec-owner", petId, "vet_visit", note!.id)).toBeNull();
    expect((await listRecords("rec-owner", petId))!.find((record) => record.id === note!.id)?.notes).toBe(
      "Mine",
    );
  });

  it("lists the newest first", async () => {
    const fresh = await createPet("rec-owner", { ...pet, name: "Pip" });
    for (const date of ["2026-01-05", "2026-03-05", "2026-02-05"]) {
      await addRecord("rec-owner", fresh.id, "weight", toRecordValues({ date, weightKg: 5 }));
    }
    expect((await listRecords("rec-owner", fresh.id))!.map((record) => record.date)).toEqual([
      "2026-03-05",
      "2026-02-05",
      "2026-01-05",
    ]);
  });

  it("an analysis saved onto a pet adds a note and, with a weight, a weight entry", async () => {
    const target = await createPet("rec-owner", { ...pet, name: "Ziggy", breed: null, weightKg: null });
    await saveAnalysisToPet("rec-owner", { petId: target.id, type: "dog", breed: "Beagle", weightKg: 10.5 });
    const records = (await listRecords("rec-owner", target.id))!;
    expect(
      records.map(({ kind, notes, weightKg, createdByName }) => ({ kind, notes, weightKg, createdByName })),
    ).toEqual(
      expect.arrayContaining([
        { kind: "note", notes: "Photo analysis: Beagle, dog", weightKg: null, createdByName: "Olive Owner" },
        { kind: "weight", notes: null, weightKg: "10.50", createdByName: "Olive Owner" },
      ]),
    );
    expect(records).toHaveLength(2);

    const created = await saveAnalysisToPet("rec-owner", {
      petId: "new",
      name: "Nova",
      type: "cat",
      breed: null,
      weightKg: null,
    });
    expect(
      (await listRecords("rec-owner", (created as Pet).id))!.map(({ kind, notes }) => ({ kind, notes })),
    ).toEqual([{ kind: "note", notes: "Photo analysis: breed unknown, cat" }]);

    // A member cannot save onto the owner's pet (it changes the pet itself): nothing is recorded.
    expect(
      await saveAnalysisToPet("rec-member", { petId: target.id, type: "cat", breed: null, weightKg: 3 }),
    ).toBeNull();
    expect(await listRecords("rec-owner", target.id)).toHaveLength(2);
  });
});

describe("a vet's summary or notes in the records", () => {
  let petId: string;
  const visit = {
    date: "2026-09-01",
    title: "Emergency chat with Dr. Ana Silva",
    clinic: "PawPal",
    notes: "Watch her.",
  };

  /** The refusal every change of a vet's entry gets: 403 and the sentence, for the error screen. */
  const refused = { init: { status: 403 }, data: { formError: RECORD_ERRORS.vetWritten } };

  beforeAll(async () => {
    await addUser("vr-owner", "Olive Owner");
    await addUser("vr-member", "Max Member");
    await addUser("vr-vet", "ana.silva");
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: "vr-owner", memberId: "vr-member" });
    // Her profile's name has no title: owners see it with one.
    await setStaffProfile("vr-vet", { role: "vet", displayName: "Ana Silva", region: "Ohio, USA" });
    petId = (await createPet("vr-owner", pet)).id;
    await db.transaction((tx) => addRemoteConsultation(tx, petId, "vr-vet", visit));
  });

  async function vetsEntry() {
    return (await listRecords("vr-owner", petId))!.find((record) => record.byVet)!;
  }

  it("is shown as the vet's, by their name as owners see it, not their account's", async () => {
    const entry = await vetsEntry();
    expect(entry).toMatchObject({
      ...visit,
      kind: "remote_consult",
      createdByName: "Dr. Ana Silva",
      byVet: true,
      readFromScan: false,
    });
    expect(Date.parse(entry.createdAt)).not.toBeNaN();
  });

  it("cannot be changed or removed by the owner or their family: 403 with the sentence, nothing changed", async () => {
    const entry = await vetsEntry();
    const changed = toRecordValues({ date: "2026-09-01", title: "Nothing happened" });
    for (const who of ["vr-owner", "vr-member"]) {
      await expect(updateRecord(who, petId, "remote_consult", entry.id, changed)).rejects.toMatchObject(
        refused,
      );
      await expect(removeRecord(who, petId, "remote_consult", entry.id)).rejects.toMatchObject(refused);
    }
    expect(await vetsEntry()).toEqual(entry);
    // A stranger still learns nothing (null: the 404 page), and another kind is not this record.
    expect(await removeRecord("vr-stranger", petId, "remote_consult", entry.id)).toBeNull();
    expect(await removeRecord("vr-owner", petId, "note", entry.id)).toBeNull();
  });

  it("leaves the owner free to add, change and remove a note of their own beside it", async () => {
    const note = await addRecord(
      "vr-owner",
      petId,
      "note",
      toRecordValues({ date: "2026-09-02", notes: "She ate." }),
    );
    expect(note).toMatchObject({ byVet: false, createdByName: "Olive Owner" });
    const edited = toRecordValues({ date: "2026-09-02", notes: "She ate well." });
    expect(await updateRecord("vr-owner", petId, "note", note!.id, edited)).toMatchObject({
      notes: "She ate well.",
    });
    expect(await removeRecord("vr-owner", petId, "note", note!.id)).toEqual({ id: note!.id });
  });

  it("is not how a vet's own records of their own pet are kept: those stay theirs to change", async () => {
    const ownPet = await createPet("vr-vet", { ...pet, name: "Rufus" });
    const own = await addRecord(
      "vr-vet",
      ownPet.id,
      "vet_visit",
      toRecordValues({ date: "2026-09-03", title: "Check-up" }),
    );
    expect(own).toMatchObject({ byVet: false, createdByName: "ana.silva" });
    expect(await removeRecord("vr-vet", ownPet.id, "vet_visit", own!.id)).toEqual({ id: own!.id });
  });
});
