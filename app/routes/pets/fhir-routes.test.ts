import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, pet } from "~/backend/db/schema.server";
import { addRecord, listRecords } from "~/backend/pet-records.server";
import { createPet } from "~/backend/pets.server";
import { FHIR_IMPORT_ERRORS } from "~/domain/fhir-import";
import { toRecordValues, type PetRecord } from "~/domain/records";
import { FHIR_IMPORT_BYTES } from "~/domain/upload-limits";
import { answer, get, post, setUpRouteTests, signUp, type Account } from "~tests/support/route-requests";
import { loader as exportLoader } from "./fhir-export";
import { action as importAction } from "./import";

/*
 * "Download as FHIR" and /pets/import as a browser reaches them: the pet's people download it on
 * every plan, a stranger finds nothing; the file imports into another account as a new pet with
 * the same records, and a file that cannot be read changes nothing.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

let owner: Account;
let viewer: Account;
let mover: Account;
let petId: string;

beforeAll(async () => {
  owner = await signUp("Olive Owner");
  viewer = await signUp("Vera Viewer");
  mover = await signUp("Mo Mover", { plan: "pro" });
  await (
    await getDb()
  )
    .insert(familyMember)
    .values({ ownerId: owner.id, memberId: viewer.id, role: "viewer" });
  petId = (
    await createPet(owner.id, {
      name: "Bella",
      type: "dog",
      breed: "Beagle",
      birthDate: "2021-04-30",
      weightKg: null,
      sex: "female",
      neutered: true,
      microchip: "981000012345678",
    })
  ).id;
  const add = (kind: PetRecord["kind"], values: Parameters<typeof toRecordValues>[0]) =>
    addRecord(owner.id, petId, kind, toRecordValues(values));
  await add("vaccination", {
    title: "Rabies",
    date: "2026-03-01",
    nextDueDate: "2029-03-01",
    clinic: "Riverside Animal Hospital",
    product: "Nobivac Rabies",
    batch: "A123",
    validUntil: "2029-03-01",
    givenBy: "Dr. Ana Ruiz",
  });
  await add("medication", { title: "Heartworm", dose: "1 tablet", intervalDays: 30, date: "2026-10-01" });
  await add("weight", { date: "2026-11-01", weightKg: 11.5 });
  await add("vet_visit", {
    title: "Limping",
    date: "2026-05-02",
    clinic: "Riverside",
    notes: "Rest a week.",
  });
  await add("note", { date: "2026-11-20", notes: "Sneezing after walks." });
});

async function download(who: Account) {
  const answered = await answer(exportLoader, get(`/pets/${petId}/fhir`, who), { id: petId });
  return answered;
}

const importFile = (who: Account, contents: string | Uint8Array<ArrayBuffer>, name = "bella.json") =>
  answer(
    importAction,
    post("/pets/import", who, { file: new File([contents], name, { type: "application/fhir+json" }) }),
  );

async function petsOf(userId: string) {
  const [row] = await (await getDb()).select({ n: count() }).from(pet).where(eq(pet.userId, userId));
  return row!.n;
}

/** A record's values, without what says who added it and when. */
const valuesOf = ({
  kind,
  date,
  time,
  title,
  clinic,
  notes,
  nextDueDate,
  dose,
  intervalDays,
  endDate,
  weightKg,
  product,
  batch,
  validUntil,
  givenBy,
}: PetRecord) => ({
  kind,
  date,
  time,
  title,
  clinic,
  notes,
  nextDueDate,
  dose,
  intervalDays,
  endDate,
  weightKg,
  product,
  batch,
  validUntil,
  givenBy,
});

describe("Download as FHIR", () => {
  it("gives the pet's people a FHIR R4 Bundle to save, on the Free plan, never cached", async () => {
    const downloaded = await download(owner);
    expect(downloaded.status).toBe(200);
    const headers = downloaded.response!.headers;
    expect(headers.get("Content-Type")).toBe("application/fhir+json; charset=utf-8");
    expect(headers.get("Content-Disposition")).toBe('attachment; filename="Bella-fhir.json"');
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const bundle = JSON.parse(await downloaded.response!.text());
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
    const types = bundle.entry.map(
      (entry: { resource: { resourceType: string } }) => entry.resource.resourceType,
    );
    expect(types).toContain("Patient");
    expect(types).toContain("Immunization");
    expect(types).toContain("MedicationStatement");
    expect((await download(viewer)).status).toBe(200);
  });

  it("is the 404 page for anyone else", async () => {
    expect((await download(mover)).status).toBe(404);
  });
});

describe("importing a FHIR file", () => {
  it("makes a new pet with the same records: a round trip loses nothing", async () => {
    const file = await (await download(owner)).response!.text();
    const imported = await importFile(mover, file);
    expect(imported.status).toBe(200);
    expect(imported.data).toMatchObject({ ok: true, pet: { name: "Bella" }, records: 5, skipped: [] });
    const newId = (imported.data.pet as { id: string }).id;
    const [copy] = await (await getDb()).select().from(pet).where(eq(pet.id, newId));
    expect(copy).toMatchObject({
      userId: mover.id,
      type: "dog",
      breed: "Beagle",
      birthDate: "2021-04-30",
      sex: "female",
      neutered: true,
      microchip: "981000012345678",
    });
    const byKindAndDate = (a: PetRecord, b: PetRecord) =>
      `${a.kind}${a.date}`.localeCompare(`${b.kind}${b.date}`);
    const original = (await listRecords(owner.id, petId))!.sort(byKindAndDate).map(valuesOf);
    const copied = (await listRecords(mover.id, newId))!.sort(byKindAndDate).map(valuesOf);
    expect(copied).toEqual(original);
  });

  it("refuses a file it cannot read with a sentence, adding nothing", async () => {
    const before = await petsOf(mover.id);
    const refusals: [string | Uint8Array<ArrayBuffer>, number, string][] = [
      ["{ not json", 400, "This file is not JSON"],
      [JSON.stringify({ resourceType: "Patient" }), 400, FHIR_IMPORT_ERRORS.notBundle],
      [
        JSON.stringify({ resourceType: "Bundle", type: "collection", entry: [] }),
        400,
        FHIR_IMPORT_ERRORS.noPatient,
      ],
      ["", 400, "Please choose a FHIR file"],
      [new Uint8Array(FHIR_IMPORT_BYTES + 1), 413, "larger than 4 MB"],
    ];
    for (const [contents, status, sentence] of refusals) {
      const refused = await importFile(mover, contents);
      expect(refused.status, sentence).toBe(status);
      expect(String(refused.data.error)).toContain(sentence);
    }
    expect(await petsOf(mover.id)).toBe(before);
  });

  it("is health tracking: refused on the Free plan (403)", async () => {
    const file = await (await download(owner)).response!.text();
    expect((await importFile(owner, file)).status).toBe(403);
  });
});
