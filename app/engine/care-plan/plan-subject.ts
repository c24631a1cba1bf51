import type { Species } from "~/domain/pets";
import type { Coat } from "~/engine/knowledge/breed-additions";
import type { Breed, BreedSize } from "~/engine/knowledge/breeds";
import { GENERIC_BREEDS, SIZE_CLASSES } from "~/engine/knowledge/generic";

export type Range = { readonly min: number; readonly max: number };

/** A coat the pet may have; `breedName` says whose it is when the plan spans two breeds. */
export type CoatOption = { coat: Coat; grooming: number; breedName?: string };

/**
 * What a care plan is built for: one breed, the common ground of two (a mix, or one of them),
 * a size class of a species ("a medium-sized dog"), or the species in general. Where the pet
 * may be one thing or another, figures are ranges spanning them all.
 */
export type PlanSubject = {
  kind: "breed" | "mix" | "size-class" | "species";
  species: Species;
  /** Finishes "This plan is built for …": "a Beagle", "a medium-sized dog", "a typical cat". */
  builtFor: string;
  /** The breed, when the plan is built for exactly one: what is saved to a pet. */
  breed: Breed | null;
  /** Size classes it spans, smallest first. */
  sizes: readonly BreedSize[];
  weightKg: Range;
  weightLb: Range;
  lifeExpectancyYears: Range;
  /** Energy level (1-5); min < max where the pet may be either. */
  energy: Range;
  /** Why a figure spans a range: "depending on which breed it takes after". */
  spread: string;
  /** Coats it may have; none when the photo's answer cannot tell (a size class). */
  coats: readonly CoatOption[];
  temperament: readonly string[];
  healthPredispositions: readonly string[];
  /** Introduces the predispositions: "Known predispositions for the breed". */
  healthHeading: string;
  /** Who the advice is about: "this breed", "either breed", "medium-sized dogs", "cats". */
  who: string;
};

const SIZE_ORDER: readonly BreedSize[] = ["toy", "small", "medium", "large", "giant"];
const SIZE_WORDS: Record<BreedSize, string> = {
  toy: "toy",
  small: "small",
  medium: "medium-sized",
  large: "large",
  giant: "giant-breed",
};

/** "a Beagle", "an Akita". */
export function withArticle(name: string): string {
  return `${/^[AEIO]/i.test(name) ? "an" : "a"} ${name}`;
}

/** The plan for one knowledge-base breed (or GENERIC_BREEDS' typical dog or cat). */
export function breedSubject(breed: Breed): PlanSubject {
  const generic = breed.id === breed.species;
  return {
    kind: generic ? "species" : "breed",
    species: breed.species,
    builtFor: generic ? `a typical ${breed.species}` : withArticle(breed.name),
    breed: generic ? null : breed,
    sizes: [breed.size],
    weightKg: breed.weightKg,
    weightLb: breed.weightLb,
    lifeExpectancyYears: breed.lifeExpectancyYears,
    energy: { min: breed.energy, max: breed.energy },
    spread: "",
    coats: [{ coat: breed.coat, grooming: breed.grooming }],
    temperament: breed.temperament,
    healthPredispositions: breed.healthPredispositions,
    healthHeading: generic ? `Common in ${breed.species}s` : "Known predispositions for the breed",
    who: generic ? `${breed.species}s` : "this breed",
  };
}

/** The species in general: a typical mixed-breed dog or domestic cat (GENERIC_BREEDS). */
export function speciesSubject(species: Species): PlanSubject {
  return breedSubject(GENERIC_BREEDS[species]);
}

/** A size class of a species, from the knowledge base's breeds of that size; null if it has none. */
export function sizeClassSubject(species: Species, size: BreedSize): PlanSubject | null {
  const figures = SIZE_CLASSES[species][size];
  if (!figures) return null;
  const generic = GENERIC_BREEDS[species];
  return {
    kind: "size-class",
    species,
    builtFor: `a ${SIZE_WORDS[size]} ${species}`,
    breed: null,
    sizes: [size],
    weightKg: figures.weightKg,
    weightLb: figures.weightLb,
    lifeExpectancyYears: figures.lifeExpectancyYears,
    energy: figures.energy,
    spread: `like most ${SIZE_WORDS[size]} ${species}s`,
    coats: [],
    temperament: generic.temperament,
    healthPredispositions: figures.healthPredispositions,
    healthHeading: `Common among ${SIZE_WORDS[size]} ${species} breeds`,
    who: `${SIZE_WORDS[size]} ${species}s`,
  };
}

const span = (a: Range, b: Range): Range => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });

/** Temperament both breeds share when they share two words or more; else some of each. */
function commonTemperament(a: readonly string[], b: readonly string[]): string[] {
  const shared = a.filter((word) => b.includes(word));
  if (shared.length >= 2) return shared;
  const words: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && words.length < 4; i++) {
    for (const word of [a[i], b[i]]) {
      if (word && !words.includes(word) && words.length < 4) words.push(word);
    }
  }
  return words;
}

/**
 * The common ground of two breeds of one species, for "a mix of X and Y, or one of them": where
 * they agree the plan says so, where they differ it gives the range spanning both (size, weight,
 * life span, energy and so exercise), each coat with its grooming, and what either is prone to.
 */
export function commonGroundSubject(a: Breed, b: Breed): PlanSubject {
  const sizes = SIZE_ORDER.filter((size) => size === a.size || size === b.size);
  const seen = new Set<string>();
  const health = [...a.healthPredispositions, ...b.healthPredispositions].filter((condition) => {
    const key = condition.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    kind: "mix",
    species: a.species,
    builtFor: `the common ground of ${withArticle(a.name)} and ${withArticle(b.name)}`,
    breed: null,
    sizes,
    weightKg: span(a.weightKg, b.weightKg),
    weightLb: span(a.weightLb, b.weightLb),
    lifeExpectancyYears: span(a.lifeExpectancyYears, b.lifeExpectancyYears),
    energy: span({ min: a.energy, max: a.energy }, { min: b.energy, max: b.energy }),
    spread: "depending on which breed it takes after",
    coats: [
      { coat: a.coat, grooming: a.grooming, breedName: a.name },
      { coat: b.coat, grooming: b.grooming, breedName: b.name },
    ],
    temperament: commonTemperament(a.temperament, b.temperament),
    healthPredispositions: health,
    healthHeading: "Known predispositions of either breed",
    who: "either breed",
  };
}

/** A guess only counts towards the size class when it holds at least this much probability. */
export const SIZE_GUESS_MIN = 0.1;
/**
 * ...and the guesses that agree on the size must hold at least this much together: a size
 * class that half the probability or more is known to fall in, with no weighty guess against it.
 */
export const SIZE_CLASS_MIN = 0.5;

/**
 * When the breed is uncertain, the plan follows what is certain: the size class its likely
 * breeds agree on (every guess of SIZE_GUESS_MIN or more, together SIZE_CLASS_MIN or more), or
 * else the species in general.
 */
export function uncertainSubject(
  species: Species,
  guesses: readonly { breed: Breed; confidence: number }[],
): PlanSubject {
  const weighty = guesses.filter((guess, i) => i === 0 || guess.confidence >= SIZE_GUESS_MIN);
  const size = weighty[0]?.breed.size;
  const agree = weighty.every((guess) => guess.breed.size === size);
  const mass = weighty.reduce((sum, guess) => sum + guess.confidence, 0);
  const sizeClass = size && agree && mass >= SIZE_CLASS_MIN ? sizeClassSubject(species, size) : null;
  return sizeClass ?? speciesSubject(species);
}
