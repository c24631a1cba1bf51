import type { CarePlan } from "~/domain/care-plan";
import type { Breed } from "~/engine/knowledge/breeds";
import { type Activity, dailyEnergyKcal, energyState } from "./energy";
import { exerciseLines } from "./exercise";
import { DEFAULT_KCAL_PER_CUP, cupsPerDay, formatCups, mealsPerDay } from "./feeding";
import { groomingLinesFor } from "./grooming";
import { healthLinesFor } from "./health";
import { estimatedWeightKg, growthEndMonths, type LifeStage, lifeStage } from "./life-stage";
import { breedSubject, type PlanSubject, withArticle } from "./plan-subject";
import { vaccinationLines } from "./vaccination";

export type PetProfile = {
  ageMonths?: number;
  weightKg?: number;
  /** Defaults to true for adults (most pet dogs and cats are neutered). */
  neutered?: boolean;
  activity?: Activity;
  /** kcal per cup printed on the food's label; defaults to DEFAULT_KCAL_PER_CUP. */
  kcalPerCup?: number;
};

/** An adult of 3 years when no age is given. */
export const DEFAULT_AGE_MONTHS = 36;

const ENERGY_WORDS: Record<number, string> = {
  1: "Low energy: content with short, easy outings",
  2: "Fairly calm: enjoys walks and play without needing much",
  3: "Moderately active: needs daily walks and play",
  4: "Energetic: needs plenty of daily exercise",
  5: "Very energetic: needs vigorous daily exercise and a job to do",
};
const CAT_ENERGY_WORDS: Record<number, string> = {
  1: "Laid-back: happy with short, gentle play",
  2: "Calm: enjoys a little play and a lot of company",
  3: "Moderately playful: likes daily play sessions",
  4: "Active and playful: needs daily interactive play",
  5: "Very active: needs lots of play, climbing and puzzles",
};
const COAT_WORDS: Record<Breed["coat"], string> = {
  short: "Short coat that is easy to care for",
  medium: "Medium-length coat that needs regular brushing",
  long: "Long coat that tangles without frequent brushing",
  hairless: "Hairless (or nearly): the skin needs protection and regular cleaning",
  wire: "Wiry coat that is brushed and stripped or clipped a few times a year",
  curly: "Curly, low-shedding coat that keeps growing and needs clipping",
  double: "Double coat with a dense undercoat that sheds seasonally",
  corded: "Corded coat that forms rope-like cords and needs special care",
};

const round = (n: number, step: number) => Math.round(n / step) * step;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function stageLabel(species: Breed["species"], stage: LifeStage): string {
  const young = species === "dog" ? "puppy" : "kitten";
  return { baby: `young ${young}`, junior: young, adult: "adult", senior: "senior" }[stage];
}

/** "Moderately active" from "Moderately active: needs daily walks and play". */
const energyName = (words: string) => words.split(":")[0]!;

function energyLine(subject: PlanSubject): string {
  const words = subject.species === "dog" ? ENERGY_WORDS : CAT_ENERGY_WORDS;
  const { min, max } = subject.energy;
  if (min === max) return words[min] ?? ENERGY_WORDS[3]!;
  const low = energyName(words[min] ?? words[3]!);
  const high = energyName(words[max] ?? words[3]!);
  return `${low} to ${high.charAt(0).toLowerCase()}${high.slice(1)}, ${subject.spread}`;
}

/** The coat, the coats it may have (whose each is), or nothing when it cannot be told. */
function coatLine(subject: PlanSubject): string | null {
  const coats = subject.coats.filter(
    (option, i) => subject.coats.findIndex((other) => other.coat === option.coat) === i,
  );
  if (coats.length === 0) return null;
  if (coats.length === 1) return COAT_WORDS[coats[0]!.coat];
  const whose = (name?: string) => (name ? `, like ${withArticle(name)}'s` : "");
  return coats
    .map((option, i) => {
      const words = COAT_WORDS[option.coat];
      const text = i === 0 ? words : withArticle(words.charAt(0).toLowerCase() + words.slice(1));
      return `${text}${whose(option.breedName)}`;
    })
    .join(", or ")
    .concat(`, ${subject.spread}`);
}

/**
 * Characteristics, health recommendations and care schedule for a breed, or for what a plan is
 * built for when the breed is uncertain (plan-subject.ts: the common ground of two breeds, a size
 * class, the species), and an (optional) pet profile. Where the subject spans a range, the plan
 * gives the range.
 */
export function buildCarePlan(basis: Breed | PlanSubject, profile: PetProfile = {}): CarePlan {
  const subject = "builtFor" in basis ? basis : breedSubject(basis);
  const { species } = subject;
  const largest = subject.sizes[subject.sizes.length - 1]!;
  const ageMonths = Math.max(0, profile.ageMonths ?? DEFAULT_AGE_MONTHS);
  const stage = lifeStage(species, ageMonths, subject.lifeExpectancyYears, largest);
  const young = stage === "baby" || stage === "junior";
  const adultKg = (subject.weightKg.min + subject.weightKg.max) / 2;
  const weightKg =
    profile.weightKg && profile.weightKg > 0
      ? profile.weightKg
      : young
        ? estimatedWeightKg(adultKg, ageMonths, growthEndMonths(species, largest))
        : adultKg;
  const neutered = profile.neutered ?? true;
  const state = energyState(stage, neutered, profile.activity);
  const kcal = dailyEnergyKcal(species, weightKg, state);
  const kcalPerCup = profile.kcalPerCup ?? DEFAULT_KCAL_PER_CUP[species];
  const cups = cupsPerDay(kcal, kcalPerCup);
  const meals = mealsPerDay(stage);
  const animal = species === "dog" ? "dog" : "cat";
  const sizes =
    subject.sizes.length === 1
      ? subject.sizes[0]!
      : `${subject.sizes[0]} to ${subject.sizes[subject.sizes.length - 1]}`;
  const coat = coatLine(subject);

  const characteristics = [
    `${capitalize(listWords(subject.temperament))}`,
    `${capitalize(sizes)} ${animal}: usually ${subject.weightKg.min}-${subject.weightKg.max} kg (${subject.weightLb.min}-${subject.weightLb.max} lb) as an adult`,
    energyLine(subject),
    ...(coat ? [coat] : []),
    `Typical life expectancy ${subject.lifeExpectancyYears.min}-${subject.lifeExpectancyYears.max} years`,
  ];

  const food = species === "dog" ? "dog" : "cat";
  const feeding = [
    `About ${round(kcal, 10).toLocaleString("en-US")} kcal a day for a ${round(weightKg, 0.5)} kg ${stageLabel(species, stage)}: roughly ${formatCups(cups)} ${cups < 1.125 ? "cup" : "cups"} of dry food (at ${kcalPerCup} kcal per cup), split into ${meals} meals`,
    "Check the kcal per cup on your food's label and weigh your pet monthly; adjust portions by about 10% to keep a visible waist",
    young
      ? species === "dog" && (largest === "large" || largest === "giant")
        ? "Feed a large-breed puppy food to support steady, not fast, growth"
        : `Feed a complete ${food} food labelled for growth`
      : stage === "senior"
        ? `Ask your vet whether a senior ${food} food suits them; older pets can lose or gain weight`
        : `Feed a complete and balanced adult ${food} food; treats under 10% of daily calories`,
    species === "cat"
      ? "Fresh water at all times; a water fountain or wet food helps cats drink more"
      : "Fresh water available at all times",
  ];

  return {
    characteristics,
    healthRecommendations: healthLinesFor(subject.healthPredispositions, stage, {
      heading: subject.healthHeading,
      who: subject.who,
    }),
    careSchedule: {
      vaccination: vaccinationLines(species, stage),
      feeding,
      exercise: exerciseLines(species, subject.energy, stage, ageMonths, subject.who),
      grooming: groomingLinesFor(species, subject.coats),
    },
  };
}
