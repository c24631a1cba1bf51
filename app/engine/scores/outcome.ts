import type { Species } from "~/domain/pets";
import type { Breed } from "~/engine/knowledge/breeds";

/** Where the pet is in the photo, as fractions (0-1) of the photo's width and height. */
export type Box = { x: number; y: number; width: number; height: number };

export type BreedGuess = {
  /** The knowledge-base entry itself: the page builds the care plan from it without a lookup. */
  breed: Breed;
  /** Probability (0-1) of this breed given the species the analysis settled on. */
  confidence: number;
};

export type BreedIdentification =
  /** The best guess is confident enough to name. */
  | { status: "identified"; guesses: readonly BreedGuess[] }
  /**
   * Two breeds share most of the probability and neither is confident alone: the page says "looks
   * like a mix of X and Y, or one of them" (guesses[0] and guesses[1]) and plans for their common ground.
   */
  | { status: "mix"; guesses: readonly BreedGuess[] }
  /** Below the threshold: the page says "we're not sure" and shows the best guesses. */
  | { status: "unsure"; guesses: readonly BreedGuess[] }
  /** No breed model could be loaded (none installed, or the device cannot run it). */
  | { status: "unavailable" };

/** What the on-device analysis found in one photo. */
export type PhotoFindings =
  | { kind: "no-pet" }
  | {
      kind: "pet";
      species: Species;
      /** Probability (0-1) of the species. */
      speciesConfidence: number;
      /** Dogs and cats seen in the photo; the largest one is analysed. */
      petCount: number;
      box: Box | null;
      breed: BreedIdentification;
      /** How many photos of the same pet the answer rests on (1 to MAX_PHOTOS_PER_PET). */
      photoCount: number;
    };

/** "Add another photo of the same pet" combines the evidence of at most this many photos. */
export const MAX_PHOTOS_PER_PET = 5;

/** Milliseconds each step took, for the benchmark and the console. */
export type StageTimings = { decode: number; detect: number; identify: number; total: number };

/** The breed the analysis names first, if it names one (identified or a best guess). */
export function bestGuess(findings: PhotoFindings): BreedGuess | null {
  if (findings.kind === "no-pet" || findings.breed.status === "unavailable") return null;
  return findings.breed.guesses[0] ?? null;
}

/** What the ImageNet classifier says, summed through the knowledge base (features/analysis/engine/classify.ts). */
export type BreedScores = {
  /** Total probability of the dog-breed classes and of the domestic-cat classes. */
  dog: number;
  cat: number;
  /** Probability per breed of the knowledge base (several ImageNet classes may share a breed). */
  breeds: Map<Breed, number>;
};
