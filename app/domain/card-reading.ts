/**
 * Reading a photographed vaccine card: from the text that recognition (tesseract.js, on the
 * owner's device; settings in card-reading-settings.ts) found on it, the vaccinations PawPal
 * proposes. Nothing is saved from here: the owner confirms or corrects each proposal in the
 * vaccination form (toVaccinationForm).
 *
 * A card lists one vaccination per row or block: the vaccine, often its product, lot and the
 * dates it was given and is next due, in any order and with or without labels. A row's text may
 * continue on the next lines (a block, or a row that recognition split). The clinic and the vet
 * appear once and apply to every row.
 *
 * Day and month: "03/12/2026" reads as 3 December or 12 March. The card decides first: when its
 * numeric dates that can be read one way only (25/03/2026) all point the same way, every date on
 * it is read that way. Otherwise `dateOrder`, else the order of the owner's `locale` (its region:
 * month first in the US, the Philippines, Micronesia, the Marshall Islands and Palau; day first
 * elsewhere and without a locale). A date impossible in that order but valid in the other is read
 * the other way.
 */
import { anyKinds, cardLines, CELL, trimMarks } from "~/domain/card-reading-text";
import { regionOfLanguageTag } from "~/domain/country";
import { RECORD_LIMITS } from "~/domain/records";
import { recognizeVaccines, vaccineTitle, type Species, type VaccineId } from "~/domain/vaccine-schedule";

export type DateOrder = "dmy" | "mdy";

export type CardReadingOptions = {
  species: Species;
  /** YYYY-MM-DD: a vaccine cannot have been given later. */
  today: string;
  dateOrder?: DateOrder;
  /** The owner's language tag (en-US), when `dateOrder` is not given. */
  locale?: string;
};

export type CardProposal = {
  /** The vaccine's name as read, cleaned of stray marks. */
  vaccine: string;
  /** The schedule's kinds it covers for the species (none for other species). */
  vaccines: VaccineId[];
  /** When it was given, YYYY-MM-DD. */
  date: string | null;
  nextDueDate: string | null;
  batch: string | null;
  product: string | null;
  clinic: string | null;
  givenBy: string | null;
  /** The card's text the proposal came from, for the owner to compare. */
  line: string;
};

export type VaccinationFormValues = Record<
  "title" | "date" | "nextDueDate" | "clinic" | "notes" | "product" | "batch" | "validUntil" | "givenBy",
  string
>;

const EARLIEST_YEAR = 1990;
const MONTH_FIRST_REGIONS = new Set(["US", "PH", "FM", "MH", "PW"]);
/** A row's text goes on for at most this many lines after the one naming the vaccine. */
const MAX_CONTINUATION_LINES = 5;

/** The day/month order a locale writes numeric dates in. */
export function dateOrderForLocale(locale: string | undefined): DateOrder {
  const region = locale ? regionOfLanguageTag(locale) : null;
  return region && MONTH_FIRST_REGIONS.has(region) ? "mdy" : "dmy";
}

/* ---- Dates ---- */

type FoundDate = { start: number; end: number; iso: string | null };
type NumericParts = { first: number; second: number; year: string };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = `(${MONTHS.join("|")})[a-z]*\\.?`;
const SEP = String.raw`\s?[./,-]\s?`;
const ISO_DATE = new RegExp(String.raw`\b(\d{4})${SEP}(\d{1,2})${SEP}(\d{1,2})\b`, "g");
/* Day and month (either order) and year; recognition may drop one of the separators (1001/27). */
const NUMERIC_DATE = new RegExp(
  [
    String.raw`\b(\d{1,2})${SEP}(\d{1,2})${SEP}(\d{4}|\d{2})\b`,
    String.raw`\b(\d{2})(\d{2})${SEP}(\d{4}|\d{2})\b`,
    String.raw`\b(\d{1,2})${SEP}(\d{2})(\d{4})\b`,
  ].join("|"),
  "g",
);
const DAY_MONTH_DATE = new RegExp(
  String.raw`\b(\d{1,2})(?:st|nd|rd|th)?[\s./-]*${MONTH}[\s.,/-]*(\d{4}|\d{2})\b`,
  "gi",
);
const MONTH_DAY_DATE = new RegExp(
  String.raw`\b${MONTH}[\s.-]*(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4}|\d{2})\b`,
  "gi",
);

/** A calendar date as YYYY-MM-DD, or null when there is no such day or the year is implausible. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < EARLIEST_YEAR || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day ? date.toISOString().slice(0, 10) : null;
}

/** A two-digit year is this century's unless that would be further ahead than a due date may be. */
function fullYear(year: string, today: string): number {
  if (year.length !== 2) return Number(year);
  const twoDigits = Number(year);
  const latest = (Number(today.slice(0, 4)) + RECORD_LIMITS.maxYearsAhead) % 100;
  return twoDigits <= latest ? 2000 + twoDigits : 1900 + twoDigits;
}

function numericParts(text: string): NumericParts[] {
  return [...text.matchAll(NUMERIC_DATE)].map((match) => {
    const [first, second, year] = match.slice(1).filter((group) => group !== undefined);
    return { first: Number(first), second: Number(second), year: year! };
  });
}

/** The order the card's own one-way dates show, or null when they show none or both. */
function orderShownBy(parts: NumericParts[]): DateOrder | null {
  const dayFirst = parts.some(({ first, second }) => first > 12 && second <= 12);
  const monthFirst = parts.some(({ first, second }) => second > 12 && first <= 12);
  return dayFirst === monthFirst ? null : dayFirst ? "dmy" : "mdy";
}

function readNumeric({ first, second, year }: NumericParts, order: DateOrder, today: string) {
  const [day, month] = order === "dmy" ? [first, second] : [second, first];
  const fixedYear = fullYear(year, today);
  return isoDate(fixedYear, month, day) ?? isoDate(fixedYear, day, month);
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Every date in a line, in the order they appear; overlapping readings keep the first found. */
function findDates(text: string, order: DateOrder, today: string): FoundDate[] {
  const found: FoundDate[] = [];
  const add = (match: RegExpMatchArray, iso: string | null) => {
    const start = match.index!;
    const end = start + match[0].length;
    if (found.every((other) => end <= other.start || start >= other.end)) found.push({ start, end, iso });
  };
  for (const match of text.matchAll(ISO_DATE)) {
    add(match, isoDate(Number(match[1]), Number(match[2]), Number(match[3])));
  }
  for (const match of text.matchAll(NUMERIC_DATE)) {
    add(match, readNumeric(numericParts(match[0])[0]!, order, today));
  }
  for (const match of text.matchAll(DAY_MONTH_DATE)) {
    add(match, isoDate(fullYear(match[3]!, today), monthNumber(match[2]!), Number(match[1])));
  }
  for (const match of text.matchAll(MONTH_DAY_DATE)) {
    add(match, isoDate(fullYear(match[3]!, today), monthNumber(match[1]!), Number(match[2])));
  }
  return found.sort((a, b) => a.start - b.start);
}

/* Labels before a date: group 1 says it is the next due date, group 2 that it is the date given. */
const DATE_LABEL =
  /\b(?:(next\s+due(?:\s+date)?|due(?:\s+date)?|date\s+due|next(?:\s+date)?|expir\w*(?:\s+date)?|exp|valid\s+(?:until|till|to|thru|through)|revacc\w*|booster)|(date(?:\s+given)?|given|administered|vaccinated))\b/gi;

/**
 * The date given and the next due date of a row: by their labels, else the earliest is the date
 * given and the next one is due. A date given after `today` is refused; so is a due date
 * further ahead than the form allows.
 */
function rowDates(text: string, dates: FoundDate[], today: string) {
  const labelled: Record<"given" | "due", string[]> = { given: [], due: [] };
  const unlabelled: string[] = [];
  dates.forEach((date, index) => {
    // The last label between the previous date and this one says what this one is.
    const label = [
      ...text.slice(index === 0 ? 0 : dates[index - 1]!.end, date.start).matchAll(DATE_LABEL),
    ].at(-1);
    if (date.iso) (label ? labelled[label[1] ? "due" : "given"] : unlabelled).push(date.iso);
  });
  unlabelled.sort();
  let given = labelled.given[0] ?? unlabelled.shift() ?? null;
  let due = labelled.due[0] ?? unlabelled.find((date) => !given || date > given) ?? null;
  if (given && due && due < given) [given, due] = [due, given];
  const latestDue = `${Number(today.slice(0, 4)) + RECORD_LIMITS.maxYearsAhead}${today.slice(4)}`;
  return {
    date: given && given <= today ? given : null,
    nextDueDate: due && due <= latestDue ? due : null,
  };
}

/* ---- Lots ---- */

const LOT_LABEL =
  /\b(?:[l1I][o0]t|batch|serial|ser)\b\.?\s*(?:(?:no|nr|number|num)\b\.?|#)?[\s·]*[:#.=-]?[\s·]*([A-Za-z0-9][A-Za-z0-9-]{2,19})\b/i;
const LOT_WORD = /\b(?:lot|batch|serial)\b/i;
/** A code in a lot column: digits, perhaps with capitals; a lone four-digit number is a year's piece. */
const LOT_CODE = /^(?=(?:[A-Z-]*\d){3})(?!\d{4}$)[A-Z0-9][A-Z0-9-]{3,19}$/;

/** Lots are capitals and digits: a lowercase o, l or i was a 0 or a 1. */
function cleanLot(lot: string): string {
  return lot.replace(/o/g, "0").replace(/[li]/g, "1").replace(/-+$/, "").toUpperCase();
}

function outsideDates(dates: FoundDate[], start: number, end: number) {
  return dates.every((date) => end <= date.start || start >= date.end);
}

/** The row's lot and where its text begins: after a label, else (under a lot column) a code. */
function findLot(text: string, dates: FoundDate[], lotColumn: boolean) {
  const labelled = LOT_LABEL.exec(text);
  if (labelled && /\d/.test(labelled[1]!)) {
    const start = labelled.index + labelled[0].length - labelled[1]!.length;
    if (outsideDates(dates, start, start + labelled[1]!.length)) {
      return { lot: cleanLot(labelled[1]!), start: labelled.index };
    }
  }
  if (!lotColumn) return null;
  for (const token of text.matchAll(/\S+/g)) {
    const code = trimMarks(token[0]);
    const start = token.index;
    if (LOT_CODE.test(code) && outsideDates(dates, start, start + token[0].length)) {
      return { lot: code, start };
    }
  }
  return null;
}

/* ---- Vaccine name and product ---- */

const PRODUCT_LABEL = /\b(?:product|brand|manufacturer|vaccine used)\s*[:-]\s*/i;
const NAME_LABEL = /^(?:vaccine|vaccination|type)\s*(?:name)?\s*[:-]\s*/i;
/** Words that may join the names of a combination (DHPP + Lepto, Distemper & Parvo). */
const JOINERS = new Set(["+", "&", "/", "-", "and", "with", ","]);

/**
 * The vaccine and the product in a row's first words: "DHPP (Vanguard Plus 5)", "Vaccine:
 * Rabies Product: Nobivac Rabies", else the words that name the vaccine, then the product.
 */
function splitNameAndProduct(head: string): { vaccine: string; product: string | null } {
  const unlabelled = head.replace(NAME_LABEL, "");
  const [first = "", ...rest] = unlabelled.split(CELL).filter((cell) => trimMarks(cell));
  if (rest.length > 0 && anyKinds(first).length > 0) {
    return { vaccine: trimMarks(first), product: trimMarks(rest.join(" ")) || null };
  }
  const text = unlabelled.replaceAll(CELL, " ");
  const bracketed = /^(.*?)\s*\((.+?)\)?\s*$/.exec(text);
  if (bracketed && anyKinds(bracketed[1]!).length > 0) {
    return { vaccine: trimMarks(bracketed[1]!), product: trimMarks(bracketed[2]!) || null };
  }
  const labelled = PRODUCT_LABEL.exec(text);
  if (labelled) {
    const product = trimMarks(text.slice(labelled.index + labelled[0].length));
    return { vaccine: trimMarks(text.slice(0, labelled.index)), product: product || null };
  }
  const words = text.split(" ");
  const allKinds = anyKinds(text).join();
  let end = words.findIndex((_, index) => anyKinds(words.slice(0, index + 1).join(" ")).join() === allKinds);
  if (end < 0) return { vaccine: trimMarks(text), product: null };
  // Further names of a combination belong to the vaccine, not to the product.
  while (end + 1 < words.length) {
    const next = words[end + 1]!.toLowerCase();
    const afterJoiner = JOINERS.has(next) && anyKinds(words[end + 2] ?? "").length > 0;
    if (!afterJoiner && anyKinds(next).length === 0) break;
    end += afterJoiner ? 2 : 1;
  }
  const product = trimMarks(words.slice(end + 1).join(" "));
  return { vaccine: trimMarks(words.slice(0, end + 1).join(" ")), product: product || null };
}

/* ---- The card's lines ---- */

const CLINIC_LABEL =
  /\b(?:clinic|practice|hospital|surgery|vet(?:erinary)?\s+(?:clinic|practice|hospital|surgery))(?:\s+name)?\s*[:-]\s*/i;
const VET_LABEL =
  /\b(?:veterinarian|veterinary surgeon|vet|doctor|signed(?:\s+by)?|signature|administered\s+by|given\s+by|vaccinated\s+by)\s*[:-]\s*/i;
/** The next label on a line: a capitalised word, perhaps one more word ("Given by:"). */
const ANY_LABEL = /\s+[A-Z][a-z]+(?:\s[a-z]+)?\s*:/;
const DOCTOR = /\bDr\.?\s+\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,3}/u;
const CLINIC_WORDS = /\b(?:veterinary|vets?|animal\s+(?:hospital|clinic)|clinic|hospital|surgery)\b/i;
/** A card's title and headings name vaccines without being a vaccination. */
const TITLE_WORDS = /\b(?:certificate|record|passport|card|history|schedule|vaccinations)\b/i;
/** The pet's and the owner's details: a row ends there, and none is a vaccination. */
const DETAILS =
  /\b(?:owner|pet|patient|name|breed|species|sex|colou?r|born|birth|d\.?o\.?b|microchip|chip|phone|tel|address|e-?mail|weight)\b\.?\s*[:-]/i;

/** The value after a label, up to the next label on the same line. */
function valueAfter(line: string, label: RegExp): string | null {
  const match = label.exec(line);
  if (!match) return null;
  const rest = line.slice(match.index + match[0].length);
  const next = ANY_LABEL.exec(rest);
  return trimMarks(next ? rest.slice(0, next.index) : rest) || null;
}

type Block = { lines: string[]; kinds: VaccineId[] };
const blockText = (block: Block) => block.lines.join(" ");

/**
 * Vaccinations a card's text proposes, in the card's order: one per row naming a vaccine and a
 * date or a lot; the same vaccine on the same date once.
 */
export function proposeFromCardText(text: string, options: CardReadingOptions): CardProposal[] {
  const lines = cardLines(text);
  const order =
    orderShownBy(numericParts(lines.join("\n").replace(ISO_DATE, " "))) ??
    options.dateOrder ??
    dateOrderForLocale(options.locale);
  let clinic: string | null = null;
  let clinicHeader: string | null = null;
  let givenBy: string | null = null;
  let lotColumn = false;
  const blocks: Block[] = [];
  let current: Block | null = null;

  const datesIn = (line: string) => findDates(line, order, options.today).length;

  for (const line of lines) {
    const kinds = anyKinds(line);
    const dates = datesIn(line);
    const row = kinds.length > 0 && dates > 0;
    const clinicValue = valueAfter(line, CLINIC_LABEL);
    const vetValue = valueAfter(line, VET_LABEL) ?? DOCTOR.exec(line)?.[0] ?? null;
    clinic ??= row ? null : clinicValue;
    givenBy ??= vetValue && (DOCTOR.exec(vetValue)?.[0] ?? vetValue);
    if (!row && (clinicValue || vetValue || DETAILS.test(line))) {
      current = null;
      continue;
    }
    const vaccineLine = kinds.length > 0 && !(TITLE_WORDS.test(line) && dates === 0);
    // A line repeating the vaccine of a row that has read no date or lot yet (its product) goes on with it.
    const open = current !== null && datesIn(blockText(current)) === 0 && !LOT_LABEL.test(blockText(current));
    const sameVaccine = open && kinds.every((kind) => current!.kinds.includes(kind));
    if (vaccineLine && !sameVaccine && !PRODUCT_LABEL.test(line.slice(0, 12))) {
      current = { lines: [line], kinds };
      blocks.push(current);
    } else if (
      current &&
      current.lines.length <= MAX_CONTINUATION_LINES &&
      datesIn(blockText(current)) + dates <= 2
    ) {
      current.lines.push(line);
    } else if (kinds.length === 0) {
      current = null;
      const heading = LOT_WORD.test(line) || line.search(DATE_LABEL) >= 0;
      if (LOT_WORD.test(line)) lotColumn = true;
      if (!blocks.length && !dates && !heading && CLINIC_WORDS.test(line) && !TITLE_WORDS.test(line)) {
        clinicHeader ??= line.split(CELL).find((cell) => CLINIC_WORDS.test(cell)) ?? null;
      }
    }
  }

  const proposals: CardProposal[] = [];
  for (const block of blocks) {
    const rowText = blockText(block);
    const dates = findDates(rowText, order, options.today);
    const lot = findLot(rowText, dates, lotColumn);
    const labelAt = rowText.search(DATE_LABEL);
    const firstLabel = labelAt < 0 ? rowText.length : labelAt;
    const headEnd = Math.min(dates[0]?.start ?? rowText.length, lot?.start ?? rowText.length, firstLabel);
    const { vaccine, product } = splitNameAndProduct(rowText.slice(0, headEnd).trim());
    const { date, nextDueDate } = rowDates(rowText, dates, options.today);
    if (!vaccine || (!date && !nextDueDate && !lot)) continue;
    const kinds = recognizeVaccines(options.species, vaccine);
    const proposal: CardProposal = {
      vaccine,
      vaccines: kinds.length > 0 ? kinds : recognizeVaccines(options.species, rowText.slice(0, headEnd)),
      date,
      nextDueDate,
      batch: lot?.lot ?? null,
      product,
      clinic: clinic ?? clinicHeader,
      givenBy,
      line: rowText,
    };
    const same = proposals.find((other) => vaccinationKey(other) === vaccinationKey(proposal));
    if (same) {
      // A duplicate row may have read what the first one missed.
      same.nextDueDate ??= proposal.nextDueDate;
      same.batch ??= proposal.batch;
      same.product ??= proposal.product;
    } else {
      proposals.push(proposal);
    }
  }
  return proposals;
}

const vaccinationKey = (proposal: CardProposal) =>
  `${proposal.vaccines.join() || proposal.vaccine.toLowerCase()} ${proposal.date}`;

function clip(text: string | null, limit: number): string {
  return (text ?? "").slice(0, limit).trim();
}

/**
 * A proposal as the vaccination form's values (records.ts, vaccinationSchema): the schedule's
 * title when the name covers exactly one kind, else the name as read; each cut to its limit.
 */
export function toVaccinationForm(proposal: CardProposal, species: Species): VaccinationFormValues {
  const [onlyKind, ...otherKinds] = proposal.vaccines;
  const title = onlyKind && otherKinds.length === 0 ? vaccineTitle(species, onlyKind) : proposal.vaccine;
  return {
    title: clip(title, RECORD_LIMITS.title),
    date: proposal.date ?? "",
    nextDueDate: proposal.nextDueDate ?? "",
    clinic: clip(proposal.clinic, RECORD_LIMITS.clinic),
    notes: "",
    product: clip(proposal.product, RECORD_LIMITS.product),
    batch: clip(proposal.batch, RECORD_LIMITS.batch),
    validUntil: "",
    givenBy: clip(proposal.givenBy, RECORD_LIMITS.givenBy),
  };
}
