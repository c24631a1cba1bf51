import type { FormReply } from "~/domain/forms";
import { z } from "~/utils/zod";
import { photoEvidenceSchema, type PhotoEvidence } from "./breed-evidence";
import { singleLine } from "./text";
import { isId } from "./ids";
import type { FamilyRole, PetAccess } from "./family";

/** The species the photo analysis tells apart (and its breed knowledge base covers). */
export const SPECIES = ["dog", "cat"] as const;
export type Species = (typeof SPECIES)[number];

/** A pet's sex as a certificate names it (the database column takes the same values; null when not said). */
export const PET_SEXES = ["female", "male"] as const;
export type PetSex = (typeof PET_SEXES)[number];

/** The kinds of pet an account keeps (the database column takes the same values). */
export const PET_TYPES = [...SPECIES, "other"] as const;
export type PetType = (typeof PET_TYPES)[number];

/** How active a pet is, as the care plan's energy needs take it (the database column takes the same values). */
export const ACTIVITY_LEVELS = ["low", "normal", "high"] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/**
 * The kinds of health record a pet has (the pet_record table's `kind`): an "appointment" is a
 * visit the owner arranged with a clinic, on a date and at a time (the owner's own clock); a
 * "remote_consult" is a conversation with a vet away from a clinic (a PawPal chat or video
 * consultation, or another service's), which is not a visit and never counts as the yearly check-up.
 */
export const RECORD_KINDS = [
  "vaccination",
  "vet_visit",
  "remote_consult",
  "appointment",
  "medication",
  "weight",
  "note",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A pet as the page shows it. */
export type Pet = {
  id: string;
  name: string;
  type: PetType;
  breed: string | null;
  birthDate: string | null;
  /** Kilograms, as stored (two decimals), or null. */
  weightKg: string | null;
  neutered: boolean | null;
  activity: ActivityLevel | null;
  sex: PetSex | null;
  /** ISO 11784's 15 digits, or null. */
  microchip: string | null;
};

/**
 * Whose a pet is to the one asking: its owner's, or shared with a member of the owner's family,
 * who may do what their family role allows (domain/family.ts mayCare), never change or delete
 * the pet itself.
 */
export type PetRole = "owner" | "member";

/** A pet the signed-in user can open: their own, or one shared with them by its owner's family. */
export type AccessiblePet = Pet & {
  role: PetRole;
  /** A member's role in the owner's family; null for the owner. */
  familyRole: FamilyRole | null;
  ownerId: string;
  ownerName: string;
};

/** The asker's access to the pet, for the family's rule (mayCare). */
export function accessTo(pet: Pick<AccessiblePet, "role" | "familyRole">): PetAccess {
  return pet.role === "owner"
    ? { role: "owner" }
    : { role: "member", familyRole: pet.familyRole ?? "viewer" };
}

export const PET_TYPE_LABELS: Record<PetType, string> = { dog: "Dog", cat: "Cat", other: "Other" };

/** The neutered question's answers as the form sends them; "unsure" is stored as null. */
export const NEUTERED_ANSWERS = ["yes", "no", "unsure"] as const;
export type NeuteredAnswer = (typeof NEUTERED_ANSWERS)[number];
export const NEUTERED_LABELS: Record<NeuteredAnswer, string> = { yes: "Yes", no: "No", unsure: "Not sure" };

/** The form's answer for a stored value. */
export function neuteredAnswer(neutered: boolean | null): NeuteredAnswer {
  return neutered === null ? "unsure" : neutered ? "yes" : "no";
}

export const PET_SEX_LABELS: Record<PetSex, string> = { female: "Female", male: "Male" };

export const ACTIVITY_LABELS: Record<ActivityLevel, string> = { low: "Low", normal: "Normal", high: "High" };

/** Limits of the pet form; its maxLength and min/max attributes use the same numbers. */
export const PET_LIMITS = {
  name: 50,
  breed: 100,
  weightMin: 0.1,
  weightMax: 150,
  /** No dog or cat lives longer; it also keeps dates like 0000-01-01 out of the database. */
  maxAgeYears: 40,
} as const;

export const PET_ERRORS = {
  nameRequired: "Please enter your pet's name.",
  nameTooLong: `Please shorten the name to ${PET_LIMITS.name} characters or fewer.`,
  typeInvalid: "Please choose dog, cat or other.",
  breedTooLong: `Please shorten the breed to ${PET_LIMITS.breed} characters or fewer.`,
  birthDateInvalid: "Please enter the birth date as a date, like 2021-04-30.",
  birthDateFuture: "The birth date cannot be in the future.",
  birthDateTooOld: `Please enter a birth date within the last ${PET_LIMITS.maxAgeYears} years.`,
  weightInvalid: "Please enter the weight as a number of kilograms, like 12.5.",
  weightRange: `Please enter a weight between ${PET_LIMITS.weightMin} and ${PET_LIMITS.weightMax} kg.`,
  neuteredInvalid: "Please choose yes, no or not sure.",
  activityInvalid: "Please choose low, normal or high activity, or leave it blank.",
  sexInvalid: "Please choose female or male, or leave it blank.",
  microchipInvalid:
    "Please enter the microchip number as its 15 digits (ISO 11784), like 981000012345678: the first three are a country or maker code, never 000 or 999.",
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The latest birth date that is not in the future anywhere: today in the earliest time zone
 * (UTC+14), so a browser ahead of the server's clock never sees its "today" refused.
 */
export function latestBirthDate(now = new Date()) {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The earliest birth date accepted: maxAgeYears before today. */
export function earliestBirthDate(now = new Date()) {
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - PET_LIMITS.maxAgeYears);
  return earliest.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isIsoDate(value: string) {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional text field: blank becomes null. */
function optionalText(limit: number, tooLong: string) {
  return singleLine(z.string().trim().max(limit, tooLong))
    .optional()
    .transform((value) => value || null);
}

const birthDate = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!isIsoDate(value)) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.birthDateInvalid });
      return z.NEVER;
    }
    if (value > latestBirthDate()) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.birthDateFuture });
      return z.NEVER;
    }
    if (value < earliestBirthDate()) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.birthDateTooOld });
      return z.NEVER;
    }
    return value;
  });

const weightKg = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const kg = /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
    if (!Number.isFinite(kg)) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.weightInvalid });
      return z.NEVER;
    }
    if (kg < PET_LIMITS.weightMin || kg > PET_LIMITS.weightMax) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.weightRange });
      return z.NEVER;
    }
    // The column keeps two decimals.
    return Math.round(kg * 100) / 100;
  });

/**
 * A microchip number as ISO 11784 has it: 15 digits, the first three a country code (001–899,
 * ISO 3166 numeric) or a maker's code (900–998), then the animal's 12 (allflex-europe.com/en/pets/
 * iso-standards, animaldata.com/en/faqs_mikrochipnummer.shtm). Spaces, dots and dashes as a
 * certificate prints them are dropped. The digits carry no check digit to test.
 */
const microchip = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    const digits = (value ?? "").replace(/[\s.-]/g, "");
    if (!digits) return null;
    const code = Number(digits.slice(0, 3));
    if (!/^\d{15}$/.test(digits) || code < 1 || code > 998) {
      ctx.addIssue({ code: "custom", message: PET_ERRORS.microchipInvalid });
      return z.NEVER;
    }
    return digits;
  });

/** "981 000012345678": the country or maker code apart from the animal's number, as certificates print it. */
export function formatMicrochip(digits: string) {
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** A pet as the add and edit forms send it, checked the same way in the browser and in the action. */
export const petSchema = z.object({
  name: singleLine(
    z
      .string({ error: PET_ERRORS.nameRequired })
      .trim()
      .min(1, PET_ERRORS.nameRequired)
      .max(PET_LIMITS.name, PET_ERRORS.nameTooLong),
  ),
  type: z.enum(PET_TYPES, PET_ERRORS.typeInvalid),
  breed: optionalText(PET_LIMITS.breed, PET_ERRORS.breedTooLong),
  birthDate,
  weightKg,
  // Left out (an older form, a script): not said, like "not sure".
  neutered: z
    .enum(NEUTERED_ANSWERS, PET_ERRORS.neuteredInvalid)
    .optional()
    .transform((answer) => (answer === "yes" ? true : answer === "no" ? false : null)),
  activity: z
    .union([z.literal(""), z.enum(ACTIVITY_LEVELS)], PET_ERRORS.activityInvalid)
    .optional()
    .transform((level) => level || null),
  sex: z
    .union([z.literal(""), z.enum(PET_SEXES)], PET_ERRORS.sexInvalid)
    .optional()
    .transform((sex) => sex || null),
  microchip,
});

export type PetValues = z.output<typeof petSchema>;
export type PetField = keyof PetValues;

/**
 * The most photos one saved analysis carries, and the most the pet's page combines: the
 * analysis's MAX_PHOTOS_PER_PET (engine/scores/outcome.ts; a test keeps them equal).
 */
export const SAVED_EVIDENCE_MAX_PHOTOS = 5;

export const SAVE_ANALYSIS_ERRORS = {
  petRequired: "Please choose one of your pets, or a new pet.",
  speciesInvalid: "Only a dog or a cat result can be saved.",
  evidenceInvalid: "The photos' results could not be read. Please analyse the photo again, then save.",
  evidenceTooMany: `At most ${SAVED_EVIDENCE_MAX_PHOTOS} photos' results can be saved at once.`,
} as const;

/** One save's evidence as the database keeps it (pet_breed_evidence.evidence), read back the same way. */
export const savedEvidenceSchema = z.array(photoEvidenceSchema).max(SAVED_EVIDENCE_MAX_PHOTOS);

/**
 * What the analysis's photos said (a hidden field of the report's form): a JSON list of 0 to
 * SAVED_EVIDENCE_MAX_PHOTOS PhotoEvidence, numbers only. Left out or blank, none. Anything else
 * (not JSON, more photos, a probability out of 0–1, a key the evidence does not have, such as a
 * photo) is refused: a browser sends it, so it is checked like any field.
 */
const evidence = z
  .string()
  .optional()
  .transform((value, ctx): PhotoEvidence[] => {
    if (!value?.trim()) return [];
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: SAVE_ANALYSIS_ERRORS.evidenceInvalid });
      return z.NEVER;
    }
    if (Array.isArray(json) && json.length > SAVED_EVIDENCE_MAX_PHOTOS) {
      ctx.addIssue({ code: "custom", message: SAVE_ANALYSIS_ERRORS.evidenceTooMany });
      return z.NEVER;
    }
    const parsed = savedEvidenceSchema.safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: SAVE_ANALYSIS_ERRORS.evidenceInvalid });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * An analysis result saved to a pet (the report on /features): the species and breed found,
 * and the weight if the visitor gave one, onto an existing pet ("petId") or a new one ("new").
 */
export const saveAnalysisSchema = z
  .object({
    petId: z
      .string(SAVE_ANALYSIS_ERRORS.petRequired)
      .refine((id) => id === "new" || isId(id), SAVE_ANALYSIS_ERRORS.petRequired),
    name: singleLine(z.string().trim().max(PET_LIMITS.name, PET_ERRORS.nameTooLong)).optional(),
    type: z.enum(SPECIES, SAVE_ANALYSIS_ERRORS.speciesInvalid),
    breed: optionalText(PET_LIMITS.breed, PET_ERRORS.breedTooLong),
    weightKg,
    evidence,
  })
  .refine((values) => values.petId !== "new" || Boolean(values.name), {
    path: ["name"],
    message: PET_ERRORS.nameRequired,
  });

export type SaveAnalysisValues = z.output<typeof saveAnalysisSchema>;

export type SaveAnalysisField = Extract<keyof z.input<typeof saveAnalysisSchema>, string>;

/** What /pets answers the report's "Save to my pets" form (a fetcher on /features). */
export type SaveAnalysisAnswer =
  | { intent: "save-analysis"; ok: true; name: string }
  | ({ intent: "save-analysis" } & FormReply<SaveAnalysisField>);

/** A pet as the /pets loader lists it, for the report's choice of pet. */
export type PetChoice = { id: string; name: string };

/**
 * What the photos saved to a pet say, combined, as its page shows it ("What its photos say"):
 * breed names and whole percentages only, never the evidence itself or a photo.
 */
export type PhotoVerdict = {
  status: "identified" | "mix" | "unsure";
  species: Species;
  /** The best guesses, most likely first (at most three). */
  guesses: { breed: string; percent: number }[];
  /** How many photos the answer rests on (1 to SAVED_EVIDENCE_MAX_PHOTOS). */
  photoCount: number;
  /** Saved photos left out because they look like a different pet than the newest one. */
  photosLeftOut: number;
};
