import type { Species } from "~/domain/pets";
import type { BreedSize } from "~/engine/knowledge/breeds";

export type LifeStage = "baby" | "junior" | "adult" | "senior";

/** A pet's stage from its age. Senior thresholds, in order of preference:
 * - Dogs: AAHA 2019 Canine Life Stage Guidelines (Creevy et al., JAAHA 55:267) — "senior" is the
 *   last 25 % of the estimated life span, so we use 75 % of the breed's mid life expectancy.
 * - Cats: AAHA/AAFP 2021 Feline Life Stage Guidelines (Quimby et al., JFMS 23:211) — kitten to 1
 *   year, adult to 10 years, senior after 10 years.
 * "baby" is under 4 months (the growth stage with the highest energy needs), "junior" 4-12 months
 * (dogs of large and giant breeds keep growing to about 18 months, and stay "junior" until then).
 */
export function lifeStage(
  species: Species,
  ageMonths: number,
  lifeExpectancyYears?: { min: number; max: number },
  size?: BreedSize,
): LifeStage {
  if (ageMonths < 4) return "baby";
  if (ageMonths < growthEndMonths(species, size)) return "junior";
  const seniorFromMonths =
    species === "cat"
      ? 120
      : 0.75 * 12 * (lifeExpectancyYears ? (lifeExpectancyYears.min + lifeExpectancyYears.max) / 2 : 12);
  return ageMonths >= seniorFromMonths ? "senior" : "adult";
}

/** Month when growth (and puppy/kitten feeding) ends. */
export function growthEndMonths(species: Species, size?: BreedSize): number {
  if (species === "cat") return 12;
  return size === "large" || size === "giant" ? 18 : 12;
}

/**
 * Rough weight of a growing pet, for when the owner gives none: a straight line from 10 % of the
 * adult weight at birth to 100 % when growth ends. Only a placeholder — weighing the pet is better.
 */
export function estimatedWeightKg(adultKg: number, ageMonths: number, growthEnd: number): number {
  const fraction = Math.min(1, 0.1 + (0.9 * Math.max(0, ageMonths)) / growthEnd);
  return adultKg * fraction;
}
