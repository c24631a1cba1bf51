import type { CarePlan } from "~/domain/care-plan";
import type { Breed } from "../knowledge/breeds";
import { type Activity, dailyEnergyKcal, energyState } from "./energy";
import { exerciseLines } from "./exercise";
import { DEFAULT_KCAL_PER_CUP, cupsPerDay, formatCups, mealsPerDay } from "./feeding";
import { groomingLines } from "./grooming";
import { healthLines } from "./health";
import { estimatedWeightKg, growthEndMonths, type LifeStage, stageForBreed } from "./life-stage";
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

/** Characteristics, health recommendations and care schedule for a breed and (optional) pet profile. */
export function buildCarePlan(breed: Breed, profile: PetProfile = {}): CarePlan {
  const ageMonths = Math.max(0, profile.ageMonths ?? DEFAULT_AGE_MONTHS);
  const stage = stageForBreed(breed, ageMonths);
  const young = stage === "baby" || stage === "junior";
  const adultKg = (breed.weightKg.min + breed.weightKg.max) / 2;
  const weightKg =
    profile.weightKg && profile.weightKg > 0
      ? profile.weightKg
      : young
        ? estimatedWeightKg(adultKg, ageMonths, growthEndMonths(breed.species, breed.size))
        : adultKg;
  const neutered = profile.neutered ?? true;
  const state = energyState(stage, neutered, profile.activity);
  const kcal = dailyEnergyKcal(breed.species, weightKg, state);
  const kcalPerCup = profile.kcalPerCup ?? DEFAULT_KCAL_PER_CUP[breed.species];
  const cups = cupsPerDay(kcal, kcalPerCup);
  const meals = mealsPerDay(stage);
  const animal = breed.species === "dog" ? "dog" : "cat";

  const characteristics = [
    `${capitalize(listWords(breed.temperament))}`,
    `${capitalize(breed.size)} ${animal}: usually ${breed.weightKg.min}-${breed.weightKg.max} kg (${breed.weightLb.min}-${breed.weightLb.max} lb) as an adult`,
    (breed.species === "dog" ? ENERGY_WORDS : CAT_ENERGY_WORDS)[breed.energy] ?? ENERGY_WORDS[3]!,
    COAT_WORDS[breed.coat],
    `Typical life expectancy ${breed.lifeExpectancyYears.min}-${breed.lifeExpectancyYears.max} years`,
  ];

  const food = breed.species === "dog" ? "dog" : "cat";
  const feeding = [
    `About ${round(kcal, 10).toLocaleString("en-US")} kcal a day for a ${round(weightKg, 0.5)} kg ${stageLabel(breed.species, stage)}: roughly ${formatCups(cups)} ${cups < 1.125 ? "cup" : "cups"} of dry food (at ${kcalPerCup} kcal per cup), split into ${meals} meals`,
    "Check the kcal per cup on your food's label and weigh your pet monthly; adjust portions by about 10% to keep a visible waist",
    young
      ? breed.species === "dog" && (breed.size === "large" || breed.size === "giant")
        ? "Feed a large-breed puppy food to support steady, not fast, growth"
        : `Feed a complete ${food} food labelled for growth`
      : stage === "senior"
        ? `Ask your vet whether a senior ${food} food suits them; older pets can lose or gain weight`
        : `Feed a complete and balanced adult ${food} food; treats under 10% of daily calories`,
    breed.species === "cat"
      ? "Fresh water at all times; a water fountain or wet food helps cats drink more"
      : "Fresh water available at all times",
  ];

  return {
    characteristics,
    healthRecommendations: healthLines(breed, stage),
    careSchedule: {
      vaccination: vaccinationLines(breed.species, stage),
      feeding,
      exercise: exerciseLines(breed.species, breed.energy, stage, ageMonths),
      grooming: groomingLines(breed.species, breed.coat, breed.grooming),
    },
  };
}
