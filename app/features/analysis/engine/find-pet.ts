import type * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type { Species } from "~/domain/pets";
import { classify, scoresByBreed, type Classifier } from "./classify";
import { detectAnimals } from "./detect-pets";
import type { BreedIdentification, PhotoFindings } from "./outcome";
import { fuse, headProbabilities } from "./pet-head";

/**
 * Without a dog or cat from the detector, the ImageNet classifier alone must be this sure it
 * sees one (its dog and cat classes together). Calibrated with `npm run bench:analysis`.
 */
export const CLASSIFIER_ONLY_PET_MIN = 0.4;

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
  const { head, descriptor } = models.classifier;
  const { probabilities, features } = await classify(models.classifier, image, focus?.box ?? null);
  const imagenet = scoresByBreed(descriptor, probabilities);
  // The pet head always sees a pet: whether there is one is the detector's and ImageNet's call.
  if (!largestPet && imagenet.dog + imagenet.cat < CLASSIFIER_ONLY_PET_MIN) return { kind: "no-pet" };

  // Species and breed: the pet head and the ImageNet classifier fused and calibrated (pet-head.ts).
  const fused = fuse(head, headProbabilities(head, features), imagenet);
  const species: Species = fused.species.cat > fused.species.dog ? "cat" : "dog";
  const guesses = fused.breeds[species]
    .slice(0, BREED_GUESSES)
    .map(({ breed, confidence }) => ({ breed, confidence }));
  const confident = (guesses[0]?.confidence ?? 0) >= head.fusion.confidentMin[species];
  const breed: BreedIdentification = { status: confident ? "identified" : "unsure", guesses };

  return {
    kind: "pet",
    species,
    speciesConfidence: fused.species[species],
    petCount: Math.max(1, pets.length),
    box: focus?.box ?? null,
    breed,
  };
}
