import { z } from "~/utils/zod";
import { BODY_WEIGHT_LOINC, FHIR_SYSTEMS, pawpalFhir, SPECIES_CODES, type PawPalExtension } from "./fhir";
import { petSchema, type PetValues, type RecordKind } from "./pets";
import {
  earliestAppointmentDate,
  RECORD_KIND_LABELS,
  RECORD_SCHEMAS,
  toRecordValues,
  type RecordField,
  type RecordValues,
} from "./records";

/*
 * A FHIR R4 Bundle read into one pet and its records, for the caller to write (fhir.ts writes
 * such a bundle; a vet's system may too). Pure: it reads and decides, and writes nothing. Every
 * value goes through PawPal's own rules (petSchema, RECORD_SCHEMAS), and one that fails refuses
 * the whole bundle, naming the entry: nothing is imported by halves. What PawPal does not keep
 * (allergies, conditions, files, any other resource) is listed in `skipped`, never dropped silently.
 *
 * A record a vet wrote (a consultation's summary) becomes an entry of whoever imports it, as
 * anything they add: the bundle's "recorded-by" is not proof of who wrote it, so it is not read.
 */

export const FHIR_IMPORT_LIMITS = { entries: 2000 } as const;

export const FHIR_IMPORT_ERRORS = {
  notBundle: "This file is not a FHIR R4 Bundle.",
  tooManyEntries: `The bundle holds more than ${FHIR_IMPORT_LIMITS.entries} entries.`,
  noPatient: "The bundle has no animal Patient.",
  manyPatients: "The bundle holds more than one Patient: PawPal imports one pet at a time.",
} as const;

/** The pet's fields, as the pet form's schema gives them. */
export type PetFields = PetValues;
/** A record's values, its kind, and whether it was read from a card (a vaccination's written-record origin). */
export type RecordValuesWithKind = RecordValues & { kind: RecordKind; readFromScan: boolean };
export type FhirImportOptions = {
  /** This site's address: PawPal's own extensions and codes are read under it (fhir.ts pawpalFhir). */
  baseUrl: string;
};
export type FhirImportResult =
  | { ok: true; pet: PetFields; records: RecordValuesWithKind[]; skipped: string[] }
  | { ok: false; error: string };

// The parts of FHIR R4 that are read, each optional: what is missing is for PawPal's rules to refuse.
const text = z.string().optional();
const number = z.number().optional();
const list = <Item extends z.ZodType>(item: Item) => z.array(item).optional();
const coding = z.object({ system: text, code: text, display: text });
const concept = z.object({ coding: list(coding), text });
const reference = z.object({ display: text }).optional();
const period = z.object({ start: text, end: text }).optional();
const quantity = z.object({ value: number, code: text, unit: text });
const repeat = z.object({ frequency: number, period: number, periodUnit: text });
const values = {
  valueString: text,
  valueDate: text,
  valueTime: text,
  valueCode: text,
  valueCodeableConcept: concept.optional(),
  valueQuantity: quantity.optional(),
  valueAnnotation: z.object({ text }).optional(),
};
const extension = z.object({
  url: z.string(),
  ...values,
  extension: list(z.object({ url: z.string(), ...values })),
});
const extensions = list(extension);
const notes = list(z.object({ text }));
const status = text;

const SHAPES = {
  Patient: z.object({
    extension: extensions,
    identifier: list(z.object({ system: text, value: text, type: concept.optional() })),
    name: list(z.object({ text, family: text, given: list(z.string()) })),
    gender: text,
    birthDate: text,
  }),
  Immunization: z.object({
    status,
    extension: extensions,
    vaccineCode: concept.optional(),
    occurrenceDateTime: text,
    occurrenceString: text,
    lotNumber: text,
    reportOrigin: concept.optional(),
    location: reference,
    performer: list(z.object({ function: concept.optional(), actor: reference })),
    note: notes,
  }),
  MedicationStatement: z.object({
    status,
    medicationCodeableConcept: concept.optional(),
    medicationReference: reference,
    effectivePeriod: period,
    effectiveDateTime: text,
    dosage: list(z.object({ text, timing: z.object({ repeat: repeat.optional() }).optional() })),
  }),
  Observation: z.object({
    status,
    code: concept.optional(),
    effectiveDateTime: text,
    effectivePeriod: period,
    valueQuantity: quantity.optional(),
    valueString: text,
  }),
  Encounter: z.object({
    status,
    extension: extensions,
    class: coding.optional(),
    type: list(concept),
    period,
    reasonCode: list(concept),
    serviceProvider: reference,
    location: list(z.object({ location: reference })),
  }),
};

/** A resource type's name as FHIR spells them: it is quoted back to the owner. */
const RESOURCE_TYPE = /^[A-Z][A-Za-z]{1,63}$/;
const entryShape = z.object({ resource: z.looseObject({ resourceType: z.string().regex(RESOURCE_TYPE) }) });

type Extensions = z.output<typeof extensions>;
type Concept = z.output<typeof concept>;
type Urls = ReturnType<typeof pawpalFhir>;

/** The statuses of what did not happen or was recorded in error, as a sentence says them: not imported. */
const NOT_HAPPENED: Record<string, string> = {
  "entered-in-error": "marked as entered in error",
  "not-done": "recorded as not given",
  "not-taken": "recorded as not taken",
  cancelled: "recorded as cancelled",
};

/** A record's values as its form would send them, for its kind's schema. */
type FormValues = Partial<Record<RecordField, string>>;
/** A record to check; or why it is left out ("not-kept", "document", "past", a status of NOT_HAPPENED); or refused. */
type Reading =
  { kind: RecordKind; values: FormValues; readFromScan?: boolean } | { skip: string } | { refuse: string };

const NOUNS: Record<string, [string, string]> = {
  AllergyIntolerance: ["allergy", "allergies"],
  Condition: ["condition", "conditions"],
  Observation: ["observation", "observations"],
  Immunization: ["vaccination", "vaccinations"],
  MedicationStatement: ["medication", "medications"],
  Encounter: ["visit", "visits"],
  DocumentReference: ["document", "documents"],
};

/** One sentence for the entries left out for one reason, with how many. */
function skippedSentence(reason: string, resourceType: string, count: number) {
  const [one, many] =
    reason === "past"
      ? ["past appointment", "past appointments"]
      : (NOUNS[resourceType] ?? ["entry", "entries"]);
  const what = `${count} ${count === 1 ? one : many} (${resourceType})`;
  const is = count === 1 ? "is" : "are";
  if (reason === "not-kept") return `${what} ${is} not kept by PawPal.`;
  if (reason === "document")
    return `${what} ${is} not imported: the files are not in the bundle, so attach them to the pet again.`;
  if (reason === "past")
    return `${what} ${is} not imported: PawPal keeps appointments from today on, so add a vet visit for one that took place.`;
  return `${what} ${NOT_HAPPENED[reason]} ${is} not imported.`;
}

/**
 * Whether `url` is PawPal's definition `path` (a name under /fhir/), whichever PawPal server's
 * address it is under: an owner moving between two keeps what they exported.
 */
function isPawPal(url: string | undefined, path: string) {
  return /^https?:\/\//.test(url ?? "") && url!.endsWith(`/fhir/${path}`);
}

/** The extension's value under PawPal's name, if the resource has it. */
function pawpal(list: Extensions, urls: Urls, name: PawPalExtension) {
  return list?.find((found) => isPawPal(found.url, `StructureDefinition/${name}`));
}

const codesOf = (value: Concept | undefined) => value?.coding ?? [];
const textOf = (value: Concept | undefined) =>
  value?.text ?? codesOf(value)[0]?.display ?? codesOf(value)[0]?.code;

/** The day of a FHIR date or dateTime; anything else as it is, for the date rules to refuse. */
const dayOf = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value) ? value.slice(0, 10) : value;

/** A weight in kilograms from a quantity in kg, g or [lb_av] (the units FHIR's body weight allows). */
function kilogramsOf(value: z.output<typeof quantity> | undefined): string | undefined {
  if (value?.value === undefined) return undefined;
  const unit = value.code ?? value.unit;
  const perUnit = unit === "g" ? 0.001 : unit === "[lb_av]" ? 0.45359237 : 1;
  return String(value.value * perUnit);
}

/** Every `days` days from a Timing's repeat (once every period), for the interval's rule to check. */
function intervalOf(repeat: { frequency?: number; period?: number; periodUnit?: string } | undefined) {
  const hours = { h: 1, d: 24, wk: 168, mo: 720, a: 8760 }[repeat?.periodUnit ?? "d"];
  if (!repeat?.period || !hours) return undefined;
  return String((repeat.period * hours) / 24 / (repeat.frequency ?? 1));
}

/** The dose from a dosage's text without the ", every N days" fhir.ts adds (records.ts medicationLines). */
function doseOf(dosageText: string | undefined, intervalDays: string | undefined) {
  const every = intervalDays === "1" ? ", every day" : `, every ${intervalDays} days`;
  return dosageText?.endsWith(every) ? dosageText.slice(0, -every.length) : dosageText;
}

const joinNotes = (list: z.output<typeof notes>) =>
  list
    ?.map((note) => note.text)
    .filter(Boolean)
    .join("\n\n");

function readImmunization(resource: z.output<(typeof SHAPES)["Immunization"]>, urls: Urls): Reading {
  const administering = resource.performer?.find((performer) =>
    codesOf(performer.function).some((code) => code.code === "AP"),
  );
  return {
    kind: "vaccination",
    values: {
      title: textOf(resource.vaccineCode),
      date: dayOf(resource.occurrenceDateTime ?? resource.occurrenceString),
      nextDueDate: pawpal(resource.extension, urls, "next-due")?.valueDate,
      clinic: resource.location?.display,
      notes: joinNotes(resource.note),
      product: pawpal(resource.extension, urls, "product")?.valueString,
      batch: resource.lotNumber,
      // Not expirationDate: that is the vaccine lot's expiry, not the end of the pet's protection.
      validUntil: pawpal(resource.extension, urls, "valid-until")?.valueDate,
      givenBy: (administering ?? resource.performer?.[0])?.actor?.display,
    },
    // Transcribed from a written record: how PawPal exports one read from a card.
    readFromScan: codesOf(resource.reportOrigin).some(
      (code) => code.system === FHIR_SYSTEMS.immunizationOrigin && code.code === "record",
    ),
  };
}

function readMedication(resource: z.output<(typeof SHAPES)["MedicationStatement"]>): Reading {
  const [dosage] = resource.dosage ?? [];
  const intervalDays = intervalOf(dosage?.timing?.repeat);
  return {
    kind: "medication",
    values: {
      title: textOf(resource.medicationCodeableConcept) ?? resource.medicationReference?.display,
      dose: doseOf(dosage?.text, intervalDays),
      intervalDays,
      date: dayOf(resource.effectivePeriod?.start ?? resource.effectiveDateTime),
      endDate: dayOf(resource.effectivePeriod?.end),
    },
  };
}

function readObservation(resource: z.output<(typeof SHAPES)["Observation"]>): Reading {
  const codes = codesOf(resource.code);
  const date = dayOf(resource.effectiveDateTime ?? resource.effectivePeriod?.start);
  if (codes.some((code) => code.system === FHIR_SYSTEMS.loinc && code.code === BODY_WEIGHT_LOINC)) {
    const unit = resource.valueQuantity?.code ?? resource.valueQuantity?.unit;
    if (unit && !["kg", "g", "[lb_av]"].includes(unit)) {
      return { refuse: `the weight is in "${unit}", not in kilograms, grams or pounds.` };
    }
    return { kind: "weight", values: { date, weightKg: kilogramsOf(resource.valueQuantity) } };
  }
  if (codes.some((code) => isPawPal(code.system, "CodeSystem/record-kind") && code.code === "note")) {
    return { kind: "note", values: { date, notes: resource.valueString } };
  }
  return { skip: "not-kept" };
}

function readEncounter(resource: z.output<(typeof SHAPES)["Encounter"]>, urls: Urls): Reading {
  const types = resource.type ?? [];
  const ownKind = types
    .flatMap(codesOf)
    .find((code) => isPawPal(code.system, "CodeSystem/record-kind"))?.code;
  // PawPal's own kind first: an appointment exported once its day had passed is still "planned".
  const kind: RecordKind =
    ownKind === "vet_visit" || ownKind === "remote_consult" || ownKind === "appointment"
      ? ownKind
      : resource.status === "planned"
        ? "appointment"
        : resource.class?.code === "VR"
          ? "remote_consult"
          : "vet_visit";
  const start = resource.period?.start;
  const date = dayOf(start);
  if (kind === "appointment" && date && date < earliestAppointmentDate()) return { skip: "past" };
  const time = pawpal(resource.extension, urls, "time")?.valueTime ?? start?.slice(11, 16);
  return {
    kind,
    values: {
      date,
      time: kind === "appointment" ? time?.slice(0, 5) : undefined,
      title: textOf(resource.reasonCode?.[0]) ?? RECORD_KIND_LABELS[kind].one,
      clinic: resource.serviceProvider?.display ?? resource.location?.[0]?.location?.display,
      notes: pawpal(resource.extension, urls, "note")?.valueAnnotation?.text,
    },
  };
}

/** The date fields share PawPal's messages ("Please enter the date as a date…"): a refusal names which. */
const DATE_FIELDS: Partial<Record<RecordField, string>> = {
  date: "date",
  nextDueDate: "next due date",
  validUntil: "end of protection",
  endDate: "end date",
};

function readPet(
  resource: z.output<(typeof SHAPES)["Patient"]>,
  urls: Urls,
): { pet: PetFields } | { refuse: string } {
  const animal = resource.extension?.find((found) => found.url === FHIR_SYSTEMS.patientAnimal)?.extension;
  if (!animal) return { refuse: FHIR_IMPORT_ERRORS.noPatient };
  const part = (url: string) => animal.find((found) => found.url === url)?.valueCodeableConcept;
  const species = part("species");
  const speciesCodes = codesOf(species).map((code) => code.code);
  const speciesText = species?.text?.trim().toLowerCase();
  const type =
    speciesCodes.includes(SPECIES_CODES.dog.code) || speciesCodes.includes("canislf") || speciesText === "dog"
      ? "dog"
      : speciesCodes.includes(SPECIES_CODES.cat.code) || speciesText === "cat"
        ? "cat"
        : "other";
  const genderStatus = codesOf(part("genderStatus")).find(
    (code) => code.system === FHIR_SYSTEMS.genderStatus,
  );
  const [name] = resource.name ?? [];
  const microchip = resource.identifier?.find(
    (identifier) =>
      identifier.system === FHIR_SYSTEMS.microchip ||
      codesOf(identifier.type).some((code) => code.code === "MCN"),
  );
  const parsed = petSchema.safeParse({
    name: name?.text ?? [...(name?.given ?? []), name?.family].filter(Boolean).join(" "),
    type,
    breed: textOf(part("breed")),
    birthDate: resource.birthDate,
    weightKg: kilogramsOf(pawpal(resource.extension, urls, "weight")?.valueQuantity),
    neutered: genderStatus?.code === "neutered" ? "yes" : genderStatus?.code === "intact" ? "no" : "unsure",
    activity: pawpal(resource.extension, urls, "activity")?.valueCode ?? "",
    sex: resource.gender === "female" || resource.gender === "male" ? resource.gender : "",
    microchip: microchip?.value,
  });
  return parsed.success
    ? { pet: parsed.data }
    : { refuse: `The pet (Patient): ${parsed.error.issues[0]?.message}` };
}

/** Why a resource is not FHIR R4: the first value that is not of its type. */
const unreadable = (error: z.ZodError) =>
  `its ${error.issues[0]?.path.join(".")} is not what FHIR R4 has there.`;

/** The resource in its shape, read, unless it did not happen; or, when a value is not of FHIR's type, why not. */
function read<Shape extends z.ZodType<{ status?: string }>>(
  shape: Shape,
  resource: unknown,
  reader: (resource: z.output<Shape>) => Reading,
): Reading {
  const parsed = shape.safeParse(resource);
  if (!parsed.success) return { refuse: unreadable(parsed.error) };
  const { status } = parsed.data;
  // Own keys only: a status such as "constructor" is no reason.
  return status && Object.hasOwn(NOT_HAPPENED, status) ? { skip: status } : reader(parsed.data);
}

function readRecord(resourceType: string, resource: unknown, urls: Urls): Reading {
  switch (resourceType) {
    case "Immunization":
      return read(SHAPES.Immunization, resource, (found) => readImmunization(found, urls));
    case "MedicationStatement":
      return read(SHAPES.MedicationStatement, resource, readMedication);
    case "Observation":
      return read(SHAPES.Observation, resource, (found) => readObservation(found));
    case "Encounter":
      return read(SHAPES.Encounter, resource, (found) => readEncounter(found, urls));
    case "DocumentReference":
      return { skip: "document" };
    default:
      return { skip: "not-kept" };
  }
}

/** Any kind's schema, as what its checked values have in common. */
const recordSchema = (kind: RecordKind) =>
  RECORD_SCHEMAS[kind] as unknown as z.ZodType<Partial<RecordValues> & { date: string }, FormValues>;

const bundleShape = z.object({ resourceType: z.literal("Bundle"), entry: z.array(z.unknown()).optional() });

/** The pet and the records a FHIR R4 Bundle holds, checked by PawPal's rules; or why it cannot be imported. */
export function readFhirBundle(json: unknown, options: FhirImportOptions): FhirImportResult {
  const refuse = (error: string) => ({ ok: false as const, error });
  const bundle = bundleShape.safeParse(json);
  if (!bundle.success) return refuse(FHIR_IMPORT_ERRORS.notBundle);
  const entries = bundle.data.entry ?? [];
  if (entries.length > FHIR_IMPORT_LIMITS.entries) return refuse(FHIR_IMPORT_ERRORS.tooManyEntries);

  const resources: { number: number; resourceType: string; resource: unknown }[] = [];
  for (const [index, entry] of entries.entries()) {
    const parsed = entryShape.safeParse(entry);
    if (!parsed.success) return refuse(`Entry ${index + 1} holds no FHIR resource.`);
    const { resource } = parsed.data;
    resources.push({ number: index + 1, resourceType: resource.resourceType, resource });
  }
  const patients = resources.filter((found) => found.resourceType === "Patient");
  if (patients.length === 0) return refuse(FHIR_IMPORT_ERRORS.noPatient);
  if (patients.length > 1) return refuse(FHIR_IMPORT_ERRORS.manyPatients);

  const urls = pawpalFhir(options.baseUrl);
  const [patient] = patients as [(typeof patients)[number]];
  const patientShaped = SHAPES.Patient.safeParse(patient.resource);
  if (!patientShaped.success)
    return refuse(`Entry ${patient.number} (Patient): ${unreadable(patientShaped.error)}`);
  const pet = readPet(patientShaped.data, urls);
  if ("refuse" in pet) return refuse(pet.refuse);

  const records: RecordValuesWithKind[] = [];
  const skipped = new Map<string, { reason: string; resourceType: string; count: number }>();
  for (const { number, resourceType, resource } of resources) {
    if (resourceType === "Patient") continue;
    const reading = readRecord(resourceType, resource, urls);
    if ("refuse" in reading) return refuse(`Entry ${number} (${resourceType}): ${reading.refuse}`);
    if ("skip" in reading) {
      const key = `${reading.skip} ${resourceType}`;
      const counted = skipped.get(key) ?? { reason: reading.skip, resourceType, count: 0 };
      skipped.set(key, { ...counted, count: counted.count + 1 });
      continue;
    }
    const checked = recordSchema(reading.kind).safeParse(reading.values);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      const field = DATE_FIELDS[issue?.path[0] as RecordField];
      const label = `${RECORD_KIND_LABELS[reading.kind].one}${field ? `, ${field}` : ""}`;
      return refuse(`Entry ${number} (${label}): ${issue?.message}`);
    }
    records.push({
      kind: reading.kind,
      ...toRecordValues(checked.data),
      readFromScan: reading.readFromScan ?? false,
    });
  }
  return {
    ok: true,
    pet: pet.pet,
    records,
    skipped: [...skipped.values()].map(({ reason, resourceType, count }) =>
      skippedSentence(reason, resourceType, count),
    ),
  };
}
