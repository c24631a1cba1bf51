import type { Species } from "~/domain/pets";
import type { Breed, BreedSize } from "./breeds";

/**
 * The care plan's starting point when the breed is unknown (no breed model on this device):
 * a typical mixed-breed dog or domestic cat. Figures are broad averages, stated as such.
 */
export const GENERIC_BREEDS: Readonly<Record<Species, Breed>> = {
  dog: {
    id: "dog",
    name: "Dog",
    species: "dog",
    size: "medium",
    weightKg: { min: 10, max: 25 },
    weightLb: { min: 22, max: 55 },
    lifeExpectancyYears: { min: 10, max: 14 },
    energy: 3,
    grooming: 2,
    coat: "short",
    temperament: ["loyal", "sociable", "playful"],
    healthPredispositions: ["dental disease", "obesity", "ear infections"],
    imagenetLabels: [],
    sources: ["PawPal (typical mixed-breed dog)"],
  },
  cat: {
    id: "cat",
    name: "Cat",
    species: "cat",
    size: "medium",
    weightKg: { min: 3.5, max: 5.5 },
    weightLb: { min: 8, max: 12 },
    lifeExpectancyYears: { min: 12, max: 18 },
    energy: 3,
    grooming: 1,
    coat: "short",
    temperament: ["curious", "independent", "affectionate"],
    healthPredispositions: ["dental disease", "obesity", "urinary tract disease"],
    imagenetLabels: [],
    sources: ["PawPal (typical domestic cat)"],
  },
};

type Range = { min: number; max: number };

/**
 * What the knowledge base says of a size class of one species ("a medium-sized dog"): the care
 * plan's starting point when the breed is uncertain but the likely breeds agree on their size.
 */
export type SizeClass = {
  /** How many breeds of the knowledge base the figures summarise. */
  breedCount: number;
  /** The median of the breeds' minimums to the median of their maximums. */
  weightKg: Range;
  weightLb: Range;
  lifeExpectancyYears: Range;
  /** The middle half of the breeds' energy levels (the lower to the upper quartile). */
  energy: Range;
  /**
   * Predispositions listed for at least a quarter of the class's breeds (and at least 3), most
   * frequent first, at most four; then the species' generic ones (GENERIC_BREEDS), five at most.
   */
  healthPredispositions: readonly string[];
};

/**
 * Figures of each size class with at least 3 breeds, derived from breeds.generated.json as
 * SizeClass says (weights to the nearest 0.5 kg, pounds from those, years to the nearest
 * year). Kept here, not computed, so that the page does not carry the knowledge base (it stays
 * in one chunk: tests/e2e/bundles.spec.ts); generic.test.ts recomputes them and fails when the
 * base changes.
 */
export const SIZE_CLASSES: Readonly<Record<Species, Readonly<Partial<Record<BreedSize, SizeClass>>>>> = {
  dog: {
    toy: {
      breedCount: 20,
      weightKg: { min: 3, max: 4.5 },
      weightLb: { min: 7, max: 10 },
      lifeExpectancyYears: { min: 12, max: 15 },
      energy: { min: 3, max: 3 },
      healthPredispositions: [
        "patellar luxation",
        "dental disease",
        "Legg-Calvé-Perthes disease",
        "obesity",
        "ear infections",
      ],
    },
    small: {
      breedCount: 50,
      weightKg: { min: 7, max: 10 },
      weightLb: { min: 15, max: 22 },
      lifeExpectancyYears: { min: 12, max: 15 },
      energy: { min: 3, max: 4 },
      healthPredispositions: ["patellar luxation", "dental disease", "obesity", "ear infections"],
    },
    medium: {
      breedCount: 67,
      weightKg: { min: 16, max: 25 },
      weightLb: { min: 35, max: 55 },
      lifeExpectancyYears: { min: 12, max: 14 },
      energy: { min: 3, max: 4 },
      healthPredispositions: [
        "hip dysplasia",
        "hypothyroidism",
        "progressive retinal atrophy",
        "dental disease",
        "obesity",
      ],
    },
    large: {
      breedCount: 54,
      weightKg: { min: 27, max: 39 },
      weightLb: { min: 60, max: 86 },
      lifeExpectancyYears: { min: 10, max: 12 },
      energy: { min: 3, max: 4 },
      healthPredispositions: [
        "hip dysplasia",
        "gastric dilatation-volvulus (bloat)",
        "hypothyroidism",
        "elbow dysplasia",
        "dental disease",
      ],
    },
    giant: {
      breedCount: 11,
      weightKg: { min: 47.5, max: 68 },
      weightLb: { min: 105, max: 150 },
      lifeExpectancyYears: { min: 8, max: 10 },
      energy: { min: 3, max: 4 },
      healthPredispositions: [
        "hip dysplasia",
        "gastric dilatation-volvulus (bloat)",
        "dilated cardiomyopathy",
        "elbow dysplasia",
        "dental disease",
      ],
    },
  },
  cat: {
    small: {
      breedCount: 4,
      weightKg: { min: 2.5, max: 3 },
      weightLb: { min: 6, max: 7 },
      lifeExpectancyYears: { min: 11, max: 15 },
      energy: { min: 4, max: 5 },
      healthPredispositions: ["dental disease", "obesity", "urinary tract disease"],
    },
    medium: {
      breedCount: 44,
      weightKg: { min: 4, max: 5 },
      weightLb: { min: 9, max: 11 },
      lifeExpectancyYears: { min: 12, max: 16 },
      energy: { min: 3, max: 4 },
      healthPredispositions: [
        "hypertrophic cardiomyopathy",
        "dental disease",
        "obesity",
        "urinary tract disease",
      ],
    },
    large: {
      breedCount: 4,
      weightKg: { min: 5.5, max: 7 },
      weightLb: { min: 12, max: 15 },
      lifeExpectancyYears: { min: 12, max: 17 },
      energy: { min: 2, max: 2 },
      healthPredispositions: [
        "hypertrophic cardiomyopathy",
        "polycystic kidney disease",
        "dental disease",
        "obesity",
        "urinary tract disease",
      ],
    },
  },
};
