import { beforeAll, describe, expect, it } from "vitest";
import { addRecord, listRecords } from "~/backend/pet-records.server";
import { createPet } from "~/backend/pets.server";
import { RECORD_ERRORS, toRecordValues } from "~/domain/records";
import { TEXT_ERRORS } from "~/domain/text";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./pet";

/*
 * The record forms of a pet's page (/pets/:id) as the browser posts them, with a real session
 * cookie: the server refuses what each form would, with the message beside each field
 * (domain/records.test.ts has every rule of the schemas), and a stranger finds nothing to read
 * or change. Every refusal leaves the records as they were.
 */

setUpRouteTests();

const postRecord = (who: Account, petId: string, fields: Record<string, string>) =>
  answer(action, postUrlencoded(`/pets/${petId}`, who, fields), { id: petId });

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const BELLA = { name: "Bella", type: "dog" as const, breed: "Beagle", birthDate: "2021-04-30", weightKg: 11 };

let owner: Account;
let stranger: Account;
let bella: string;

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "premium" });
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  bella = (await createPet(owner.id, BELLA)).id;
});

type Refusal = { name: string; fields: Record<string, string>; errors: Record<string, string> };

describe("a record the form would refuse", () => {
  it.each<Refusal>([
    {
      name: "a weighing in the future, too heavy",
      fields: { kind: "weight", date: isoDay(3), weightKg: "151" },
      errors: { date: RECORD_ERRORS.dateFuture, weightKg: RECORD_ERRORS.weightRange },
    },
    {
      name: "a medication without a dose, every 0 days",
      fields: { kind: "medication", title: "Pill", dose: "", intervalDays: "0", date: "2025-05-01" },
      errors: { dose: RECORD_ERRORS.doseRequired, intervalDays: RECORD_ERRORS.intervalInvalid },
    },
    {
      name: "a medication that ends before it starts",
      fields: {
        kind: "medication",
        title: "Pill",
        dose: "1",
        intervalDays: "7",
        date: "2025-05-01",
        endDate: "2025-04-01",
      },
      errors: { endDate: RECORD_ERRORS.endBeforeStart },
    },
    {
      name: "a vet visit on an impossible day, with a control character",
      fields: { kind: "vet_visit", date: "2025-02-30", title: "Check\u0007up" },
      errors: { date: RECORD_ERRORS.dateInvalid, title: TEXT_ERRORS.lineBreak },
    },
    {
      name: "a note over 2000 characters",
      fields: { kind: "note", date: "2025-01-01", notes: "x".repeat(2001) },
      errors: { notes: RECORD_ERRORS.notesTooLong },
    },
    {
      name: "a vaccination without the vaccine",
      fields: { kind: "vaccination", date: "2025-03-03" },
      errors: { title: RECORD_ERRORS.vaccineRequired },
    },
    {
      name: "a vaccination due again before it was given",
      fields: { kind: "vaccination", title: "DHPP", date: "2025-03-03", nextDueDate: "2025-03-01" },
      errors: { nextDueDate: RECORD_ERRORS.nextDueBeforeGiven },
    },
  ])("is a 400 with each field's message, and nothing is stored: $name", async ({ fields, errors }) => {
    const refused = await postRecord(owner, bella, { intent: "add-record", ...fields });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "add-record", kind: fields.kind, errors });
    expect(Object.keys(refused.data.errors as object).sort()).toEqual(Object.keys(errors).sort());
    expect(await listRecords(owner.id, bella)).toEqual([]);
  });
});

describe("a stranger", () => {
  let recordId: string;
  let ownPet: string;

  beforeAll(async () => {
    const note = toRecordValues({ date: "2025-01-01", notes: "Private note" });
    recordId = (await addRecord(owner.id, bella, "note", note))!.id;
    ownPet = (await createPet(stranger.id, { ...BELLA, name: "Rex" })).id;
  });

  it("gets 404 for the pet's page, and for an address that is no pet", async () => {
    expect((await answer(loader, get(`/pets/${bella}`, stranger), { id: bella })).status).toBe(404);
    expect((await answer(loader, get("/pets/not-a-pet", owner), { id: "not-a-pet" })).status).toBe(404);
  });

  const forms = (): Record<string, string>[] => [
    { intent: "add-record", kind: "note", date: "2025-01-02", notes: "Hi" },
    // Not even told that the values were wrong.
    { intent: "add-record", kind: "note", date: "", notes: "" },
    { intent: "update-record", kind: "note", recordId, date: "2025-01-02", notes: "Changed" },
    { intent: "remove-record", kind: "note", recordId },
  ];

  it("gets 404 for every record action on my pet, and through their own pet's address; nothing changes", async () => {
    const before = await listRecords(owner.id, bella);
    expect(before).toEqual([expect.objectContaining({ id: recordId, notes: "Private note" })]);
    for (const fields of forms()) {
      expect((await postRecord(stranger, bella, fields)).status, `${fields.intent} on my pet`).toBe(404);
    }
    for (const fields of forms().slice(2)) {
      expect((await postRecord(stranger, ownPet, fields)).status, `${fields.intent} on theirs`).toBe(404);
    }
    expect(await listRecords(owner.id, bella)).toEqual(before);
    expect(await listRecords(stranger.id, ownPet)).toEqual([]);
  });
});
