import { z } from "~/utils/zod";
import { formatWeightWithPounds } from "./pet-format";
import {
  formatMicrochip,
  NEUTERED_LABELS,
  neuteredAnswer,
  PET_SEX_LABELS,
  PET_TYPE_LABELS,
  type Pet,
  type RecordKind,
} from "./pets";
import { certificateLines, medicationLines, type PetRecord } from "./records";
import { isId } from "./ids";
import { singleLine } from "./text";
import { formatDate } from "./time-format";

/**
 * A share: a link that shows chosen sections of one pet's records to anyone who has it (a new
 * vet, a kennel, a groomer), read-only, without an account, until it expires or is ended
 * (decision 22).
 */

/** The sections an owner may put in a share, each a set of record kinds, in the page's order. */
export const SHARE_SECTIONS = [
  "vaccinations",
  "medications",
  "visits",
  "weights",
  "vetSummaries",
  "notes",
] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number];

export const SHARE_SECTION_KINDS: Record<ShareSection, readonly RecordKind[]> = {
  vaccinations: ["vaccination"],
  medications: ["medication"],
  visits: ["vet_visit", "appointment"],
  weights: ["weight"],
  vetSummaries: ["remote_consult"],
  notes: ["note"],
};

export const SHARE_SECTION_LABELS: Record<ShareSection, string> = {
  vaccinations: "Vaccinations",
  medications: "Medications and treatments",
  visits: "Conditions and vet visits",
  weights: "Weights",
  vetSummaries: "The vets' summaries",
  notes: "Private notes",
};

/** Ticked unless the owner unticks them; private notes only when the owner ticks them. */
export const DEFAULT_SHARE_SECTIONS: readonly ShareSection[] = ["vaccinations", "medications", "visits"];

/**
 * The sections a new share starts with: those a link names (`?sections=vetSummaries`, from "Share
 * this summary" after a chat or a consultation), else the defaults.
 */
export function presetSections(named: string | null): readonly ShareSection[] {
  const chosen = SHARE_SECTIONS.filter((section) => (named ?? "").split(",").includes(section));
  return chosen.length > 0 ? chosen : DEFAULT_SHARE_SECTIONS;
}

/** How long a link may work, in hours: the form offers these, the schema takes any hour between. */
export const SHARE_DURATIONS = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 7 * 24, label: "7 days" },
  { hours: 14 * 24, label: "14 days" },
  { hours: 30 * 24, label: "30 days" },
] as const;

export const SHARE_LIMITS = {
  note: 120,
  minHours: 1,
  maxHours: 30 * 24,
  /** Shares that still work, per pet: enough for every vet and kennel, not a flood of live links. */
  maxActivePerPet: 20,
  /** The opens listed per share on the owner's page. */
  viewsShown: 10,
} as const;

export const SHARE_ERRORS = {
  noSection: "Choose at least one section to share.",
  duration: "Choose how long the link works, from 1 hour to 30 days.",
  noteTooLong: `Please shorten the note to ${SHARE_LIMITS.note} characters or fewer.`,
  photoUnknown: "That photo is not one of this pet's documents: choose another, or none.",
  tooMany: `This pet already has ${SHARE_LIMITS.maxActivePerPet} links that work: end one first.`,
} as const;

const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

/**
 * The share form: one checkbox per section (each its own field, so no field comes twice), how
 * many hours, and an optional note naming who it is for.
 */
export const shareSchema = z
  .object({
    ...(Object.fromEntries(SHARE_SECTIONS.map((section) => [section, ticked])) as Record<
      ShareSection,
      typeof ticked
    >),
    hours: z
      .string({ error: SHARE_ERRORS.duration })
      .trim()
      .regex(/^\d{1,3}$/, SHARE_ERRORS.duration)
      .transform(Number)
      .refine(
        (hours) => hours >= SHARE_LIMITS.minHours && hours <= SHARE_LIMITS.maxHours,
        SHARE_ERRORS.duration,
      ),
    note: singleLine(z.string().trim().max(SHARE_LIMITS.note, SHARE_ERRORS.noteTooLong))
      .optional()
      .transform((value) => value || null),
    /** One of the pet's photos among its documents, or none. */
    photoId: z
      .string()
      .refine((id) => id === "" || isId(id), SHARE_ERRORS.photoUnknown)
      .optional()
      .transform((id) => id || null),
  })
  .refine((values) => SHARE_SECTIONS.some((section) => values[section]), {
    path: ["vaccinations"],
    message: SHARE_ERRORS.noSection,
  });

/** The sections a checked share form ticked, in the page's order. */
export function tickedSections(values: Record<ShareSection, boolean>): ShareSection[] {
  return SHARE_SECTIONS.filter((section) => values[section]);
}

export type ShareValues = z.output<typeof shareSchema>;
export type ShareField = Extract<keyof z.input<typeof shareSchema>, string>;

/** Where share links live: their pages send no referrer (host/security.ts), so no token leaves in one. */
export function isSharePath(path: string) {
  return path.startsWith("/share/");
}

/** A share link's token: 32 random bytes (256 bits), base64url; only its SHA-256 is stored. */
export const shareTokenSchema = z.string().regex(/^[\w-]{43}$/);

/** A share as its pet's page lists it. */
export type ShareSummary = {
  id: string;
  sections: ShareSection[];
  note: string | null;
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
  state: ShareState;
  createdByName: string | null;
  /** Whether the one reading made it: a member may end only their own. */
  madeByYou: boolean;
  views: { at: string; client: string }[];
  viewCount: number;
};

/** An entry as a share shows it: who entered it, the owner or not (a vet says `byVet`). */
export type SharedRecord = Omit<PetRecord, "addedByYou"> & { byOwner: boolean };

/** What a share's page shows: the pet, who keeps the records, and the chosen sections' entries. */
export type SharedRecords = {
  pet: Pet;
  ownerName: string;
  note: string | null;
  sections: ShareSection[];
  expiresAt: string;
  records: SharedRecord[];
  /** Whether the owner chose a photo of the pet (served at /share/<token>/photo). */
  hasPhoto: boolean;
};

/** Whether a share still works, and if not why: the owner ended it, or its time ran out. */
export type ShareState = "active" | "ended" | "expired";

export function shareState(
  share: { expiresAt: string; endedAt: string | null },
  now = new Date(),
): ShareState {
  if (share.endedAt) return "ended";
  return new Date(share.expiresAt).getTime() <= now.getTime() ? "expired" : "active";
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A vaccination whose protection ends within this many days is "due in N days". */
export const VACCINATION_DUE_SOON_DAYS = 30;

/**
 * A vaccination's state on a day, as a kennel reads it: "valid until Mar 12, 2027", "due in 5
 * days", "expired on Mar 12, 2026", from the end of its protection (or, without one, its next
 * due date); null when neither was recorded.
 */
export function vaccinationState(
  record: { validUntil: string | null; nextDueDate: string | null },
  today: string,
): { tone: "valid" | "soon" | "expired"; text: string } | null {
  const until = record.validUntil ?? record.nextDueDate;
  if (!until) return null;
  if (until < today) return { tone: "expired", text: `Expired on ${formatDate(until)}` };
  const days = Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (days === 0) return { tone: "soon", text: "Due today" };
  if (days <= VACCINATION_DUE_SOON_DAYS)
    return { tone: "soon", text: `Due in ${days} day${days === 1 ? "" : "s"} (${formatDate(until)})` };
  return { tone: "valid", text: `Valid until ${formatDate(until)}` };
}

const DEVICES: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "Chromebook"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux/, "Linux"],
];
// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\/|FxiOS/, "Firefox"],
  [/Chrome\/|CriOS/, "Chrome"],
  [/Safari\//, "Safari"],
];

/**
 * A coarse name for the client that opened a share ("iPhone Safari", "Windows Edge"): enough for
 * an owner to recognise the kennel's desk, too little to track anyone. Only this is stored.
 */
export function coarseClient(userAgent: string | null) {
  if (!userAgent) return "Unknown browser";
  const device = DEVICES.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [device, browser].filter(Boolean).join(" ") || "Unknown browser";
}

/** The pet's identity as a share shows it (the page and the PDF alike): term, then value or null. */
export function sharedIdentity(pet: Pet, ownerName: string): [string, string | null][] {
  const sex = pet.sex && PET_SEX_LABELS[pet.sex];
  const neutered = pet.neutered === null ? null : NEUTERED_LABELS[neuteredAnswer(pet.neutered)].toLowerCase();
  return [
    ["Species", PET_TYPE_LABELS[pet.type]],
    ["Breed", pet.breed],
    [
      "Sex and neutered",
      sex || neutered ? `${sex ?? "Sex not given"}${neutered ? `, neutered: ${neutered}` : ""}` : null,
    ],
    ["Birth date", pet.birthDate && formatDate(pet.birthDate)],
    ["Microchip", pet.microchip && formatMicrochip(pet.microchip)],
    ["Owner", ownerName],
  ];
}

/** One entry of a share as words, the page and the PDF alike. */
export type SharedEntryText = {
  title: string;
  /** A vaccination's state today. */
  state: ReturnType<typeof vaccinationState>;
  lines: string[];
  notes: string | null;
  enteredBy: string;
};

/** Who entered an entry, as the reader needs to weigh it. */
function enteredBy(record: SharedRecord, ownerName: string, brand: string) {
  if (record.byVet) return `Entered by ${record.createdByName ?? "a vet"}, a ${brand} vet`;
  const how = record.readFromScan ? "Read from a scan, confirmed by" : "Entered by";
  if (record.byOwner) return `${how} ${ownerName}, the owner`;
  return record.createdByName ? `${how} ${record.createdByName}, of the owner's family` : `${how} the family`;
}

export function describeSharedEntry(
  record: SharedRecord,
  { today, ownerName, brand }: { today: string; ownerName: string; brand: string },
): SharedEntryText {
  const lines: string[] = [];
  let title = record.title ?? "";
  let state: SharedEntryText["state"] = null;
  switch (record.kind) {
    case "vaccination":
      state = vaccinationState(record, today);
      lines.push(`Given ${formatDate(record.date)}`, ...certificateLines(record));
      if (record.nextDueDate && record.validUntil) lines.push(`Next due ${formatDate(record.nextDueDate)}`);
      break;
    case "medication":
      lines.push(...medicationLines(record));
      break;
    case "appointment":
      lines.push(`Arranged for ${formatDate(record.date)} at ${record.time}`);
      break;
    case "weight":
      title = formatWeightWithPounds(record.weightKg ?? "0");
      lines.push(formatDate(record.date));
      break;
    case "note":
      title = `Note of ${formatDate(record.date)}`;
      break;
    default:
      lines.push(formatDate(record.date));
  }
  if (record.clinic)
    lines.push(record.kind === "remote_consult" ? `With ${record.clinic}` : `At ${record.clinic}`);
  return { title, state, lines, notes: record.notes, enteredBy: enteredBy(record, ownerName, brand) };
}

/** A share's entries of one section, in the records' order (newest first). */
export function sectionRecords(shared: SharedRecords, section: ShareSection) {
  const kinds: readonly RecordKind[] = SHARE_SECTION_KINDS[section];
  return shared.records.filter((record) => kinds.includes(record.kind));
}
