import type { FormReply } from "~/domain/forms";
import { z } from "~/utils/zod";
import { earliestBirthDate, isIsoDate, PET_LIMITS, type RecordKind } from "./pets";
import { multiLine, singleLine } from "./text";
import { formatDate } from "./time-format";

/** Limits of the record forms; their maxLength and min/max attributes use the same numbers. */
export const RECORD_LIMITS = {
  title: 100,
  clinic: 100,
  dose: 100,
  notes: 2000,
  /** A vaccine's product name, its batch (lot) number and the vet who gave it, as a certificate names them. */
  product: 100,
  batch: 40,
  givenBy: 100,
  /** A clinic's phone and website as a booking carries them into the appointment's notes. */
  phone: 100,
  website: 300,
  address: 300,
  intervalDaysMin: 1,
  intervalDaysMax: 365,
  weightMax: PET_LIMITS.weightMax,
  /** How far ahead a next due date or a treatment's end may be planned. */
  maxYearsAhead: 10,
} as const;

export const RECORD_ERRORS = {
  dateRequired: "Please enter the date.",
  dateInvalid: "Please enter the date as a date, like 2025-04-30.",
  dateFuture: "This date cannot be in the future.",
  dateTooOld: `Please enter a date within the last ${PET_LIMITS.maxAgeYears} years.`,
  dateTooFar: `Please enter a date within the next ${RECORD_LIMITS.maxYearsAhead} years.`,
  appointmentPast:
    "An appointment is today or later: for a visit that has already happened, add a vet visit.",
  timeRequired: "Please enter the time of the appointment.",
  timeInvalid: "Please enter the time as hours and minutes, like 14:30.",
  clinicRequired: "Please enter the clinic.",
  nextDueBeforeGiven: "The next due date cannot be before the date given.",
  validUntilBeforeGiven: "The protection cannot end before the date given.",
  productTooLong: `Please shorten the product to ${RECORD_LIMITS.product} characters or fewer.`,
  batchTooLong: `Please shorten the batch number to ${RECORD_LIMITS.batch} characters or fewer.`,
  givenByTooLong: `Please shorten the vet's name to ${RECORD_LIMITS.givenBy} characters or fewer.`,
  endBeforeStart: "The end date cannot be before the start date.",
  vaccineRequired: "Please enter the vaccine.",
  reasonRequired: "Please enter the reason for the visit.",
  medicationRequired: "Please enter the medication or treatment.",
  doseRequired: "Please enter the dose.",
  noteRequired: "Please describe what you noticed.",
  titleTooLong: `Please shorten this to ${RECORD_LIMITS.title} characters or fewer.`,
  clinicTooLong: `Please shorten the clinic to ${RECORD_LIMITS.clinic} characters or fewer.`,
  doseTooLong: `Please shorten the dose to ${RECORD_LIMITS.dose} characters or fewer.`,
  notesTooLong: `Please shorten the notes to ${RECORD_LIMITS.notes} characters or fewer.`,
  phoneTooLong: `Please shorten the phone number to ${RECORD_LIMITS.phone} characters or fewer.`,
  websiteInvalid: "Please enter the website as an address starting with https:// or http://.",
  addressTooLong: `Please shorten the address to ${RECORD_LIMITS.address} characters or fewer.`,
  intervalInvalid: `Please enter how often as a whole number of days, from ${RECORD_LIMITS.intervalDaysMin} to ${RECORD_LIMITS.intervalDaysMax}.`,
  weightRequired: "Please enter the weight in kilograms.",
  weightInvalid: "Please enter the weight as a number of kilograms, like 12.5.",
  weightRange: `Please enter a weight above 0 and up to ${RECORD_LIMITS.weightMax} kg.`,
  /** Editing or removing a vet's summary or notes (403): they stay as the vet wrote them. */
  vetWritten:
    "A vet wrote this entry, so it stays as they wrote it: it cannot be changed or removed. Add a note of your own instead.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest date something can have happened on: tomorrow (UTC), so no time zone sees its today refused. */
export function latestPastDate(now = new Date()) {
  return new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The earliest date an appointment may be on: today where the day is youngest (UTC-12), so no
 * time zone sees its today refused.
 */
export function earliestAppointmentDate(now = new Date()) {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The latest date a next due date or an end may be planned for. */
export function latestPlannedDate(now = new Date()) {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + RECORD_LIMITS.maxYearsAhead);
  return latest.toISOString().slice(0, 10);
}

type DateRule = { required: boolean; latest: "past" | "planned"; upcoming?: boolean };

/**
 * A date field: a real calendar date, not before earliestBirthDate (nor before today when
 * `upcoming`), and not after the rule's latest.
 */
function dateField<Rule extends DateRule>(rule: Rule) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) {
        if (rule.required) ctx.addIssue({ code: "custom", message: RECORD_ERRORS.dateRequired });
        return null;
      }
      if (!isIsoDate(value)) {
        ctx.addIssue({ code: "custom", message: RECORD_ERRORS.dateInvalid });
        return z.NEVER;
      }
      if (rule.upcoming && value < earliestAppointmentDate()) {
        ctx.addIssue({ code: "custom", message: RECORD_ERRORS.appointmentPast });
        return z.NEVER;
      }
      if (value < earliestBirthDate()) {
        ctx.addIssue({ code: "custom", message: RECORD_ERRORS.dateTooOld });
        return z.NEVER;
      }
      if (rule.latest === "past" && value > latestPastDate()) {
        ctx.addIssue({ code: "custom", message: RECORD_ERRORS.dateFuture });
        return z.NEVER;
      }
      if (rule.latest === "planned" && value > latestPlannedDate()) {
        ctx.addIssue({ code: "custom", message: RECORD_ERRORS.dateTooFar });
        return z.NEVER;
      }
      return value;
    }) as z.ZodType<Rule["required"] extends true ? string : string | null, string | undefined>;
}

const happenedOn = dateField({ required: true, latest: "past" });
const startsOn = dateField({ required: true, latest: "planned" });
const plannedFor = dateField({ required: false, latest: "planned" });
const upcomingOn = dateField({ required: true, latest: "planned", upcoming: true });

const TIME_OF_DAY = /^(\d{1,2}):([0-5]\d)(?::00)?$/;

/** A time of day, HH:MM (a browser's time field may add ":00" seconds; "9:05" is 09:05). */
const timeOfDay = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) {
      ctx.addIssue({ code: "custom", message: RECORD_ERRORS.timeRequired });
      return z.NEVER;
    }
    const [, hours, minutes] = TIME_OF_DAY.exec(value) ?? [];
    if (!hours || !minutes || Number(hours) > 23) {
      ctx.addIssue({ code: "custom", message: RECORD_ERRORS.timeInvalid });
      return z.NEVER;
    }
    return `${hours.padStart(2, "0")}:${minutes}`;
  });

function requiredText(limit: number, required: string, tooLong: string) {
  return singleLine(z.string({ error: required }).trim().min(1, required).max(limit, tooLong));
}

/** An optional single-line field: blank becomes null. */
function optionalText(limit: number, tooLong: string) {
  return singleLine(z.string().trim().max(limit, tooLong))
    .optional()
    .transform((value) => value || null);
}

const optionalNotes = multiLine(z.string().trim().max(RECORD_LIMITS.notes, RECORD_ERRORS.notesTooLong))
  .optional()
  .transform((value) => value || null);

const clinic = optionalText(RECORD_LIMITS.clinic, RECORD_ERRORS.clinicTooLong);

const intervalDays = z
  .string({ error: RECORD_ERRORS.intervalInvalid })
  .trim()
  .regex(/^\d{1,3}$/, RECORD_ERRORS.intervalInvalid)
  .transform(Number)
  .refine(
    (days) => days >= RECORD_LIMITS.intervalDaysMin && days <= RECORD_LIMITS.intervalDaysMax,
    RECORD_ERRORS.intervalInvalid,
  );

const weightKg = z
  .string({ error: RECORD_ERRORS.weightRequired })
  .trim()
  .transform((value, ctx) => {
    if (!value) {
      ctx.addIssue({ code: "custom", message: RECORD_ERRORS.weightRequired });
      return z.NEVER;
    }
    const kg = /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
    if (!Number.isFinite(kg)) {
      ctx.addIssue({ code: "custom", message: RECORD_ERRORS.weightInvalid });
      return z.NEVER;
    }
    // The column keeps two decimals: anything that rounds to 0 is no weight.
    const rounded = Math.round(kg * 100) / 100;
    if (rounded <= 0 || rounded > RECORD_LIMITS.weightMax) {
      ctx.addIssue({ code: "custom", message: RECORD_ERRORS.weightRange });
      return z.NEVER;
    }
    return rounded;
  });

/**
 * Vaccination: vaccine, date given, next due date (not before it), clinic, notes, and what a
 * certificate names, each optional: the product, its batch, the end of its protection, the vet.
 */
export const vaccinationSchema = z
  .object({
    title: requiredText(RECORD_LIMITS.title, RECORD_ERRORS.vaccineRequired, RECORD_ERRORS.titleTooLong),
    date: happenedOn,
    nextDueDate: plannedFor,
    clinic,
    notes: optionalNotes,
    product: optionalText(RECORD_LIMITS.product, RECORD_ERRORS.productTooLong),
    batch: optionalText(RECORD_LIMITS.batch, RECORD_ERRORS.batchTooLong),
    validUntil: plannedFor,
    givenBy: optionalText(RECORD_LIMITS.givenBy, RECORD_ERRORS.givenByTooLong),
  })
  .refine((values) => !values.nextDueDate || values.nextDueDate >= values.date, {
    path: ["nextDueDate"],
    message: RECORD_ERRORS.nextDueBeforeGiven,
  })
  .refine((values) => !values.validUntil || values.validUntil >= values.date, {
    path: ["validUntil"],
    message: RECORD_ERRORS.validUntilBeforeGiven,
  });

/** Vet visit: date, reason, clinic, notes. */
export const vetVisitSchema = z.object({
  date: happenedOn,
  title: requiredText(RECORD_LIMITS.title, RECORD_ERRORS.reasonRequired, RECORD_ERRORS.titleTooLong),
  clinic,
  notes: optionalNotes,
});

/**
 * Appointment: a visit the owner arranged with a clinic, today or later: date, time (the
 * owner's own, as the clinic gave it), reason, clinic, notes (a booking from the nearby list
 * puts the clinic's phone, website and address there; see appointments.ts).
 */
export const appointmentSchema = z.object({
  date: upcomingOn,
  time: timeOfDay,
  title: requiredText(RECORD_LIMITS.title, RECORD_ERRORS.reasonRequired, RECORD_ERRORS.titleTooLong),
  clinic: requiredText(RECORD_LIMITS.clinic, RECORD_ERRORS.clinicRequired, RECORD_ERRORS.clinicTooLong),
  notes: optionalNotes,
});

/** Medication or treatment: name, dose, every how many days, start, optional end (not before the start). */
export const medicationSchema = z
  .object({
    title: requiredText(RECORD_LIMITS.title, RECORD_ERRORS.medicationRequired, RECORD_ERRORS.titleTooLong),
    dose: requiredText(RECORD_LIMITS.dose, RECORD_ERRORS.doseRequired, RECORD_ERRORS.doseTooLong),
    intervalDays,
    date: startsOn,
    endDate: plannedFor,
  })
  .refine((values) => !values.endDate || values.endDate >= values.date, {
    path: ["endDate"],
    message: RECORD_ERRORS.endBeforeStart,
  });

/** Weight log entry: date weighed, kilograms. */
export const weightSchema = z.object({ date: happenedOn, weightKg });

/** Symptom or note: date, free text. */
export const noteSchema = z.object({
  date: happenedOn,
  notes: multiLine(
    z
      .string({ error: RECORD_ERRORS.noteRequired })
      .trim()
      .min(1, RECORD_ERRORS.noteRequired)
      .max(RECORD_LIMITS.notes, RECORD_ERRORS.notesTooLong),
  ),
});

/** Each kind's form schema, used by the form in the browser and by the action. */
export const RECORD_SCHEMAS = {
  vaccination: vaccinationSchema,
  vet_visit: vetVisitSchema,
  // The same fields: the date, the reason, who gave it (the service, in `clinic`) and the notes.
  remote_consult: vetVisitSchema,
  appointment: appointmentSchema,
  medication: medicationSchema,
  weight: weightSchema,
  note: noteSchema,
} as const satisfies Record<RecordKind, z.ZodType<Record<string, unknown>>>;

/** What any kind's form may send (the pet_record columns the kinds use). */
export const RECORD_FIELDS = [
  "title",
  "date",
  "time",
  "nextDueDate",
  "clinic",
  "notes",
  "dose",
  "intervalDays",
  "endDate",
  "weightKg",
  "product",
  "batch",
  "validUntil",
  "givenBy",
] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];

/** The values of one record, whatever its kind: the fields it does not use are null. */
export type RecordValues = {
  title: string | null;
  date: string;
  /** An appointment's time, HH:MM. */
  time: string | null;
  nextDueDate: string | null;
  clinic: string | null;
  notes: string | null;
  dose: string | null;
  intervalDays: number | null;
  endDate: string | null;
  weightKg: number | null;
  product: string | null;
  batch: string | null;
  validUntil: string | null;
  givenBy: string | null;
};

/** One kind's checked form values as a whole record (unused fields null). */
export function toRecordValues(values: Partial<RecordValues> & { date: string }): RecordValues {
  return {
    title: null,
    time: null,
    nextDueDate: null,
    clinic: null,
    notes: null,
    dose: null,
    intervalDays: null,
    endDate: null,
    weightKg: null,
    product: null,
    batch: null,
    validUntil: null,
    givenBy: null,
    ...values,
  };
}

/** A stored record as the pet's page shows it. */
export type PetRecord = {
  id: string;
  kind: RecordKind;
  date: string;
  /** An appointment's time, HH:MM in the owner's own time; null for every other kind. */
  time: string | null;
  title: string | null;
  clinic: string | null;
  notes: string | null;
  nextDueDate: string | null;
  dose: string | null;
  intervalDays: number | null;
  endDate: string | null;
  /** Kilograms as stored (two decimals), or null. */
  weightKg: string | null;
  /** A vaccination's product, batch (lot), end of protection and the vet who gave it. */
  product: string | null;
  batch: string | null;
  validUntil: string | null;
  givenBy: string | null;
  /** Who added it ("Dr. …" for a vet); null once that account is gone. */
  createdByName: string | null;
  /** The one reading added it: a family member may change only their own (domain/family.ts mayCare). */
  addedByYou: boolean;
  /**
   * Written by a vet (an emergency chat's summary, a consultation's notes): kept as the vet wrote
   * it, never changed or removed by the pet's side.
   */
  byVet: boolean;
  /** Proposed by reading a photo of a paper card (on the device), and confirmed by whoever added it. */
  readFromScan: boolean;
  /** When it was added (ISO 8601). */
  createdAt: string;
};

/** How each kind is named on the page. */
export const RECORD_KIND_LABELS: Record<RecordKind, { one: string; many: string }> = {
  vaccination: { one: "Vaccination", many: "Vaccinations" },
  vet_visit: { one: "Vet visit", many: "Vet visits" },
  remote_consult: { one: "Remote consultation", many: "Remote consultations" },
  appointment: { one: "Appointment", many: "Appointments" },
  medication: { one: "Medication", many: "Medications and treatments" },
  weight: { one: "Weight", many: "Weight log" },
  note: { one: "Note", many: "Symptoms and notes" },
};

/** What the pet page's action answers a record form when it does not fail the request. */
export type RecordActionData =
  | { intent: "add-record" | "update-record" | "remove-record"; kind: RecordKind; ok: true; message: string }
  | ({
      intent: "add-record" | "update-record";
      kind: RecordKind;
      recordId?: string;
    } & FormReply<RecordField>);

/**
 * What a certificate names of a vaccination, as lines: "Product Nobivac Rabies, batch A123",
 * "Given by Dr. Ruiz", "Protection valid until Mar 12, 2027"; none for what was not recorded.
 */
export function certificateLines(record: Pick<PetRecord, "product" | "batch" | "givenBy" | "validUntil">) {
  const product = [record.product && `Product ${record.product}`, record.batch && `batch ${record.batch}`]
    .filter(Boolean)
    .join(", ");
  return [
    product ? product.charAt(0).toUpperCase() + product.slice(1) : null,
    record.givenBy && `Given by ${record.givenBy}`,
    record.validUntil && `Protection valid until ${formatDate(record.validUntil)}`,
  ].filter((line): line is string => Boolean(line));
}

/** A treatment as lines: "1 tablet, every 30 days", "From Nov 1, 2026, ongoing". */
export function medicationLines(record: Pick<PetRecord, "dose" | "intervalDays" | "date" | "endDate">) {
  return [
    `${record.dose}, ${record.intervalDays === 1 ? "every day" : `every ${record.intervalDays} days`}`,
    record.endDate
      ? `From ${formatDate(record.date)} to ${formatDate(record.endDate)}`
      : `From ${formatDate(record.date)}, ongoing`,
  ];
}

const POUNDS_PER_KG = 2.2046226218;

/** Kilograms to pounds, one decimal. */
export function kgToLb(kg: number) {
  return Math.round(kg * POUNDS_PER_KG * 10) / 10;
}

/** Whole months from a birth date to a day (both YYYY-MM-DD); null without a birth date. */
export function ageInMonths(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  return Math.max(0, months);
}
