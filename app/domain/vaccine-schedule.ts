/**
 * When a dog's or cat's next vaccine is due, from the vaccine an owner typed and the day it was
 * given: the schedule behind the care plan's vaccination lines
 * (app/engine/care-plan/vaccination.ts), after
 * - WSAVA Guidelines for the Vaccination of Dogs and Cats (Day et al., JSAP 2016;57:E1-E45),
 * - 2022 AAHA Canine Vaccination Guidelines (Ellis et al., JAAHA 58:213),
 * - 2020 AAHA/AAFP Feline Vaccination Guidelines (Stone et al., JFMS 22:813).
 *
 * The guidelines give ranges; the choices made here, one date per dose:
 * - Core series (dogs: distemper, adenovirus, parvovirus; cats: panleukopenia, herpesvirus,
 *   calicivirus): first dose at 8 weeks, then every 4 weeks (the guidelines say every 2-4 weeks
 *   for dogs, 3-4 for cats) while the pet is under 16 weeks; a dose at 16 weeks or older ends the
 *   series.
 * - Core booster: at 12 months of age (the top of the guidelines' 6-12 months), after a dose given
 *   between 16 and 26 weeks. A dose given at 26 weeks or older counts as that booster (or as an
 *   adult dose), and the next one is 3 years later. Without a birth date the pet is taken for an
 *   adult.
 * - Rabies: one year after every dose (the first booster is a year after the first dose; later
 *   ones every 1-3 years as local law and the vaccine require: a year is the safe choice).
 * - Leptospirosis (dogs), Lyme (dogs), FeLV (cats): a second dose 4 weeks after a first dose given
 *   under a year of age, then yearly. Kennel cough (Bordetella): yearly.
 * Every date is a reminder to talk to the vet, not an instruction.
 *
 * Dates are ISO "YYYY-MM-DD" strings, computed in UTC.
 */

export type Species = "dog" | "cat" | "other";

export const VACCINE_IDS = ["core", "rabies", "leptospirosis", "bordetella", "lyme", "felv"] as const;
export type VaccineId = (typeof VACCINE_IDS)[number];

export type VaccineDue = { date: string; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const SERIES_START_DAYS = 8 * 7;
const SERIES_INTERVAL_DAYS = 4 * 7;
const SERIES_END_DAYS = 16 * 7;
const BOOSTER_FROM_DAYS = 26 * 7;
const ASK_VET = "ask your vet";

function toTime(date: string) {
  return Date.parse(`${date}T00:00:00Z`);
}

/** `date` plus `days` days (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(toTime(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `years` years; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const start = new Date(toTime(date));
  const [year, month, day] = [start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate()];
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return new Date(Date.UTC(year + years, month - 1, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** The vaccine's name on a reminder. */
export function vaccineTitle(species: Species, vaccine: VaccineId): string {
  switch (vaccine) {
    case "core":
      return species === "cat" ? "Core vaccines (FVRCP)" : "Core vaccines (DHPP)";
    case "rabies":
      return "Rabies";
    case "leptospirosis":
      return "Leptospirosis";
    case "bordetella":
      return "Kennel cough (Bordetella)";
    case "lyme":
      return "Lyme disease";
    case "felv":
      return "Feline leukaemia (FeLV)";
  }
}

/*
 * Dog combination codes: D(istemper), A/A2/H (adenovirus, hepatitis), P(arvo), P(arainfluenza),
 * then optional letters; an L among them is leptospirosis (DHLPP, DA2PPL, DHPPIL...).
 */
const DOG_COMBINATION = /^d(a2?|h)l?p{1,2}[ilcv]*$/;
const CAT_COMBINATION = /^fvrc?p(c|ch)?$/;

/**
 * The vaccines a name typed by an owner covers, for a species ("DHLPP" covers the core vaccines
 * and leptospirosis); empty when the name is not recognised or not a vaccine of that species.
 */
export function recognizeVaccines(species: Species, name: string): VaccineId[] {
  if (species === "other") return [];
  const text = name.toLowerCase().replace(/[^a-z0-9]+/g, " ");
  const tokens = text.split(" ").filter(Boolean);
  const found = new Set<VaccineId>();
  const has = (pattern: RegExp) => pattern.test(text);

  if (has(/\brabies\b/)) found.add("rabies");
  if (has(/\b(kennel cough|bordetella|canine cough)\b/)) found.add("bordetella");
  if (species === "dog") {
    for (const token of tokens.filter((candidate) => DOG_COMBINATION.test(candidate))) {
      found.add("core");
      if (token.includes("l")) found.add("leptospirosis");
    }
    if (has(/\b(distemper|parvo(virus)?|adenovirus|hepatitis)\b/)) found.add("core");
    if (has(/\blepto(spirosis)?\b/)) found.add("leptospirosis");
    if (has(/\b(lyme|borrelia)\b/)) found.add("lyme");
  } else {
    if (tokens.some((token) => CAT_COMBINATION.test(token))) found.add("core");
    if (
      has(
        /\b(distemper|panleu[ck]openia|parvo(virus)?|herpes(virus)?|rhinotracheitis|calici(virus)?|cat flu)\b/,
      )
    ) {
      found.add("core");
    }
    if (has(/\b(felv|leu[ck]a?emia)\b/)) found.add("felv");
  }
  return VACCINE_IDS.filter((id) => found.has(id));
}

type DoseInput = {
  species: Species;
  birthDate: string | null;
  vaccine: VaccineId;
  givenDate: string;
  /** Other recorded doses of the same vaccine (any order); only those before `givenDate` count. */
  earlierDoses?: readonly string[];
};

/** When the next dose of one vaccine is due after a dose given on `givenDate`. */
export function nextDoseDue({
  species,
  birthDate,
  vaccine,
  givenDate,
  earlierDoses = [],
}: DoseInput): VaccineDue {
  const ageDays = birthDate ? daysBetween(birthDate, givenDate) : null;
  const firstDose = !earlierDoses.some((date) => date < givenDate);
  const young = ageDays !== null && ageDays < 365;
  const title = vaccineTitle(species, vaccine);

  if (vaccine === "core") {
    const series = species === "cat" ? "kitten" : "puppy";
    if (birthDate && ageDays !== null && ageDays < SERIES_END_DAYS) {
      return {
        date: addDays(givenDate, SERIES_INTERVAL_DAYS),
        reason: `Next dose of the ${series} series: every 4 weeks until 16 weeks old or older — ${ASK_VET}`,
      };
    }
    if (birthDate && ageDays !== null && ageDays < BOOSTER_FROM_DAYS) {
      return {
        date: addYears(birthDate, 1),
        reason: `Booster of the core vaccines at 12 months of age, after the ${series} series — ${ASK_VET}`,
      };
    }
    return {
      date: addYears(givenDate, 3),
      reason: `Core booster every 3 years for adults (or a titer test) — ${ASK_VET}`,
    };
  }
  if (vaccine === "rabies") {
    return {
      date: addYears(givenDate, 1),
      reason: `Rabies booster one year after the last dose, or as local law requires — ${ASK_VET}`,
    };
  }
  if (vaccine !== "bordetella" && young && firstDose) {
    return {
      date: addDays(givenDate, SERIES_INTERVAL_DAYS),
      reason: `${title}: second starting dose 4 weeks after the first — ${ASK_VET}`,
    };
  }
  return { date: addYears(givenDate, 1), reason: `${title}: yearly booster — ${ASK_VET}` };
}

type SuggestInput = Omit<DoseInput, "vaccine"> & { vaccine: string };

/**
 * When the next dose is due after a vaccine (free text, as the owner typed it) given on
 * `givenDate`; null for a name not recognised for the species. A combination ("DHLPP") is due
 * again when its first part is.
 */
export function suggestNextVaccineDue({ vaccine, ...dose }: SuggestInput): VaccineDue | null {
  const due = recognizeVaccines(dose.species, vaccine).map((id) => nextDoseDue({ ...dose, vaccine: id }));
  if (due.length === 0) return null;
  return due.reduce((soonest, next) => (next.date < soonest.date ? next : soonest));
}

/**
 * What a pet under a year old with no vaccination records should get first: the first dose of
 * the puppy/kitten core series, at 8 weeks of age (overdue once that has passed). Null for older
 * pets (their history is unknown: the care plan tells the owner to ask the vet), other species, or
 * without a birth date.
 */
export function firstVaccineDue({
  species,
  birthDate,
  today,
}: {
  species: Species;
  birthDate: string | null;
  today: string;
}): VaccineDue | null {
  if (species === "other" || !birthDate || daysBetween(birthDate, today) >= 365) return null;
  const series = species === "cat" ? "kitten" : "puppy";
  return {
    date: addDays(birthDate, SERIES_START_DAYS),
    reason: `First dose of the ${series} core series at 8 weeks old, then every 4 weeks until 16 weeks or older — ${ASK_VET}`,
  };
}
