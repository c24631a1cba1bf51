import type { Species } from "~/domain/pets";
import type { Breed } from "./breeds";

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
