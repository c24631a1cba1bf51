import type { Coat } from "~/engine/knowledge/breed-additions";
import type { Species } from "~/domain/pets";
import type { CoatOption } from "./plan-subject";

/**
 * How often to brush, from coat type and the breed's grooming need (1-5). Our own summary of
 * common groomers' and vets' advice: short coats weekly, long and curly coats daily or nearly.
 */
export function brushingAdvice(coat: Coat, grooming: number): string {
  switch (coat) {
    case "hairless":
      return "No brushing needed: wipe or bathe the skin weekly to remove oil build-up";
    case "short":
      return grooming >= 3 ? "Brush 2-3 times a week with a rubber brush or mitt" : "Brush once a week";
    case "wire":
      return "Brush once or twice a week; hand-strip or clip the coat every 3-4 months";
    case "double":
      return grooming >= 4
        ? "Brush 3-4 times a week, daily while shedding, reaching the undercoat"
        : "Brush 2-3 times a week, daily during seasonal shedding";
    case "medium":
      return grooming >= 4 ? "Brush 3-4 times a week" : "Brush 2-3 times a week";
    case "long":
      return grooming >= 3 ? "Brush daily to prevent mats and tangles" : "Brush 3-4 times a week";
    case "curly":
      return "Brush 3-4 times a week down to the skin; professional clip every 4-8 weeks";
    case "corded":
      return "Separate the cords by hand every week or two; never brush them out";
  }
}

function bathingLine(species: Species, coat: Coat): string {
  if (species === "dog") {
    return coat === "hairless"
      ? "Bathe every 1-2 weeks and protect the skin from sun and cold"
      : coat === "corded"
        ? "Bathe only when needed and dry the cords thoroughly (it can take a day)"
        : "Bath every 4-8 weeks, or when dirty, with a dog shampoo";
  }
  return coat === "hairless"
    ? "Weekly bath with a gentle cat shampoo; clean ears and between the toes"
    : "Baths are rarely needed; most cats keep themselves clean";
}

const CARE_LINES: Record<Species, readonly string[]> = {
  dog: [
    "Trim nails every 3-4 weeks and check ears weekly",
    "Brush teeth daily, or at least several times a week",
  ],
  cat: [
    "Trim claws every 2-3 weeks and provide scratching posts",
    "Brush teeth with a cat toothpaste, ideally daily",
  ],
};

/** When the coat is unknown (the plan of a size class): how often, for each kind of coat. */
const ANY_COAT_BRUSHING: Record<Species, string> = {
  dog: "Brush to suit the coat: once a week if short, 2-3 times a week if medium-length or double, daily if long; curly and wiry coats also need clipping or hand-stripping every few months",
  cat: "Brush to suit the coat: once a week if short, 3-4 times a week to daily if long",
};

const COAT_NAMES: Record<Coat, string> = {
  short: "Short",
  medium: "Medium-length",
  long: "Long",
  hairless: "Hairless",
  wire: "Wiry",
  curly: "Curly",
  double: "Double",
  corded: "Corded",
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const possessive = (name: string) => `${/^[AEIO]/i.test(name) ? "an" : "a"} ${name}'s`;

/**
 * One line when every coat the pet may have gets the same advice; else one per coat, saying
 * whose it is: "Short coat, like a Beagle's: brush once a week".
 */
function perCoat(coats: readonly CoatOption[], advice: (option: CoatOption) => string): string[] {
  const lines = coats.map((option) => ({ option, line: advice(option) }));
  if (new Set(lines.map(({ line }) => line)).size === 1) return [lines[0]!.line];
  return lines.map(
    ({ option, line }) =>
      `${COAT_NAMES[option.coat]} coat${option.breedName ? `, like ${possessive(option.breedName)}` : ""}: ${lowerFirst(line)}`,
  );
}

/**
 * The grooming lines for the coats a pet may have: where they agree, the advice once; where they
 * differ, each coat's; with no coat known, how often for each kind.
 */
export function groomingLinesFor(species: Species, coats: readonly CoatOption[]): string[] {
  if (coats.length === 0) {
    return [ANY_COAT_BRUSHING[species], bathingLine(species, "short"), ...CARE_LINES[species]];
  }
  return [
    ...perCoat(coats, ({ coat, grooming }) => brushingAdvice(coat, grooming)),
    ...perCoat(coats, ({ coat }) => bathingLine(species, coat)),
    ...CARE_LINES[species],
  ];
}
