import type * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type { Species } from "~/domain/pets";
import { classify, scoresByBreed, type Classifier } from "./classify";
import { detectAnimals } from "./detect-pets";
import { breedAnswer } from "~/engine/scores/breed-answer";
import { combineEvidence, photoEvidence, type PhotoEvidence } from "~/engine/scores/evidence";
import type { PhotoFindings } from "~/engine/scores/outcome";
import { appearanceOf, fuse, headProbabilities } from "~/engine/scores/pet-head";
import { samePetAs } from "~/engine/scores/same-pet";

/**
 * Without a dog or cat from the detector, the ImageNet classifier alone must be this sure it
 * sees one (its dog and cat classes together). Calibrated with `npm run bench:analysis`.
 */
export const CLASSIFIER_ONLY_PET_MIN = 0.4;

export type PetModels = { detector: GraphModel; classifier: Classifier | null };
export type FindPetStage = "detecting" | "identifying";

/**
 * The models' answer, and what this photo adds to the evidence about the pet (none without a
 * breed model). `differentPet`: the photo was offered as another of the same pet, but it does
 * not look like the pet of the earlier photos (same-pet.ts), so its answer is its own.
 */
export type PetFound = { findings: PhotoFindings; evidence: PhotoEvidence | null; differentPet: boolean };

/**
 * Is there a pet, which species, how many, and which breed: the models' answer for one photo,
 * combined with the evidence of earlier photos of the same pet when there are some.
 */
export async function findPet(
  models: PetModels,
  image: tf.Tensor3D,
  onStage: (stage: FindPetStage) => void = () => {},
  earlier: readonly PhotoEvidence[] = [],
): Promise<PetFound> {
  onStage("detecting");
  const animals = await detectAnimals(models.detector, image);
  const pets = animals.filter((animal) => animal.species);
  const largestPet = pets[0];

  if (!models.classifier) {
    if (!largestPet?.species) return { findings: { kind: "no-pet" }, evidence: null, differentPet: false };
    const findings: PhotoFindings = {
      kind: "pet",
      species: largestPet.species,
      speciesConfidence: largestPet.score,
      petCount: pets.length,
      box: largestPet.box,
      breed: { status: "unavailable" },
      photoCount: 1,
    };
    return { findings, evidence: null, differentPet: false };
  }

  onStage("identifying");
  // The detector finds animals well but mixes them up (a beagle is often a "horse"): its largest
  // animal only tells the classifier where to look.
  const focus = largestPet ?? animals[0] ?? null;
  const { head, descriptor } = models.classifier;
  const { probabilities, features } = await classify(models.classifier, image, focus?.box ?? null);
  const imagenet = scoresByBreed(descriptor, probabilities);
  // The pet head always sees a pet: whether there is one is the detector's and ImageNet's call.
  if (!largestPet && imagenet.dog + imagenet.cat < CLASSIFIER_ONLY_PET_MIN)
    return { findings: { kind: "no-pet" }, evidence: null, differentPet: false };

  // Species and breed: the pet head and the ImageNet classifier fused and calibrated (pet-head.ts),
  // then pooled with the earlier photos when they show the same pet (evidence.ts, same-pet.ts).
  const evidence = photoEvidence(
    fuse(head, headProbabilities(head, features), imagenet),
    appearanceOf(head, features),
  );
  const differentPet = !samePetAs(earlier, evidence, head.fusion.samePet).same;
  const pooled = differentPet ? [evidence] : [...earlier, evidence];
  const combined = combineEvidence(pooled, head.fusion.pooling);
  const species: Species = combined.species.cat > combined.species.dog ? "cat" : "dog";
  const findings: PhotoFindings = {
    kind: "pet",
    species,
    speciesConfidence: combined.species[species],
    petCount: Math.max(1, pets.length),
    box: focus?.box ?? null,
    breed: breedAnswer(combined.breeds[species], {
      confidentMin: head.fusion.confidentMin[species],
      mixPairMin: head.fusion.mixPairMin[species],
    }),
    photoCount: pooled.length,
  };
  return { findings, evidence, differentPet };
}
