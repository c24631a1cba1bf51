import type * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type { Species } from "../knowledge/breeds";
import { classify, rankBreeds, scoresByBreed, type Classifier } from "./classify";
import { detectAnimals } from "./detect-pets";
import type { BreedIdentification, PhotoFindings } from "./outcome";

/*
 * Thresholds, calibrated on the 49 Oxford-IIIT samples in ../shared/photos/oxford-pets with
 * `npm run bench:analysis` (see docs/decisions/003-on-device-analysis.md).
 */
/**
 * Below this probability the best breed is shown as a guess ("we're not sure"). Cats need more:
 * ImageNet knows only five kinds of cat, so a Ragdoll comes out as a confident "Siamese".
 */
export const BREED_CONFIDENT_MIN: Record<Species, number> = { dog: 0.6, cat: 0.9 };
/** Without a dog or cat from the detector, the classifier alone must be this sure it sees one. */
export const CLASSIFIER_ONLY_PET_MIN = 0.4;
/**
 * The classifier settles the species when it sees a pet at all (dogs and cats together at least
 * SPECIES_VOTE_MIN_TOTAL) and one species clearly leads (at least SPECIES_VOTE_MIN_SHARE of that
 * total); otherwise the detector's label does. An Egyptian Mau at dog 0.27 / cat 0.25 goes to
 * the detector, which said "cat"; a long-haired cat at cat 0.40 / dog 0.00 stays a cat although
 * the detector said "dog".
 */
export const SPECIES_VOTE_MIN_TOTAL = 0.15;
export const SPECIES_VOTE_MIN_SHARE = 0.75;

const BREED_GUESSES = 3;

export type PetModels = { detector: GraphModel; classifier: Classifier | null };
export type FindPetStage = "detecting" | "identifying";

/** Is there a pet, which species, how many, and which breed: the models' answer for one photo. */
export async function findPet(
  models: PetModels,
  image: tf.Tensor3D,
  onStage: (stage: FindPetStage) => void = () => {},
): Promise<PhotoFindings> {
  onStage("detecting");
  const animals = await detectAnimals(models.detector, image);
  const pets = animals.filter((animal) => animal.species);
  const largestPet = pets[0];

  if (!models.classifier) {
    if (!largestPet?.species) return { kind: "no-pet" };
    return {
      kind: "pet",
      species: largestPet.species,
      speciesConfidence: largestPet.score,
      petCount: pets.length,
      box: largestPet.box,
      breed: { status: "unavailable" },
    };
  }

  onStage("identifying");
  // The detector finds animals well but mixes them up (a beagle is often a "horse"): its largest
  // animal only tells the classifier where to look.
  const focus = largestPet ?? animals[0] ?? null;
  const probabilities = await classify(models.classifier, image, focus?.box ?? null);
  const scores = scoresByBreed(models.classifier.descriptor, probabilities);
  const petTotal = scores.dog + scores.cat;
  if (!largestPet && petTotal < CLASSIFIER_ONLY_PET_MIN) return { kind: "no-pet" };

  // The classifier knows 120 dog and 5 cat classes: it settles the species when it is sure.
  const classifierSure =
    petTotal >= SPECIES_VOTE_MIN_TOTAL &&
    Math.max(scores.dog, scores.cat) >= SPECIES_VOTE_MIN_SHARE * petTotal;
  const species: Species =
    classifierSure || !largestPet?.species ? (scores.dog >= scores.cat ? "dog" : "cat") : largestPet.species;
  const speciesConfidence = petTotal > 0 ? scores[species] / petTotal : (largestPet?.score ?? 0);

  const guesses = rankBreeds(scores, species, BREED_GUESSES).map(({ breed, confidence }) => ({
    breedId: breed.id,
    name: breed.name,
    confidence,
  }));
  const confident = (guesses[0]?.confidence ?? 0) >= BREED_CONFIDENT_MIN[species];
  const breed: BreedIdentification = { status: confident ? "identified" : "unsure", guesses };

  return {
    kind: "pet",
    species,
    speciesConfidence,
    petCount: Math.max(1, pets.length),
    box: focus?.box ?? null,
    breed,
  };
}
