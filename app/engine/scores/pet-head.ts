import { z } from "~/utils/zod";
import { APPEARANCE_DIMENSIONS } from "~/domain/breed-evidence";
import type { Species } from "~/domain/pets";
import { findBreed, type Breed } from "~/engine/knowledge/breeds";
import type { BreedScores } from "./outcome";

/**
 * PawPal's pet head: a softmax layer on MobileNet's 1,280 pooled features naming the 37
 * Oxford-IIIT breeds, trained by scripts/train-breeds.ts, and how its answer is fused with the
 * ImageNet classifier's (docs/decisions/005-breed-model.md). Tiny (37 × 1,280), so it runs in
 * plain JavaScript: no tensors to leak.
 */
/** The head's file beside the descriptor (its weights file is named inside). */
export const PET_HEAD_FILE = "pet-head.json";

export const petHeadFileSchema = z
  .object({
    /** Knowledge-base breed ids in output order. */
    classes: z.array(z.string().min(1)).min(2),
    /**
     * float32 little-endian: the weights [features × classes], the biases [classes], then the
     * appearance projection: the features' mean [features] and the components [features × dimensions].
     */
    weightsUrl: z.string().min(1),
    featureCount: z.number().int().positive(),
    appearanceDimensions: z.literal(APPEARANCE_DIMENSIONS),
    fusion: z
      .object({
        /** Share of the ImageNet classifier in the species vote (the head's is the rest). */
        speciesImagenetWeight: z.number().min(0).max(1),
        /** Share of the ImageNet classifier in each species' breed mixture. */
        breedImagenetWeight: z.object({ dog: z.number().min(0).max(1), cat: z.number().min(0).max(1) }),
        /** Temperature applied to each species' fused breed probabilities (calibration). */
        temperature: z.object({ dog: z.number().positive(), cat: z.number().positive() }),
        /** Per species, the calibrated confidence below which the page says "not sure" and shows the best three. */
        confidentMin: z.object({ dog: z.number().min(0).max(1), cat: z.number().min(0).max(1) }),
        /** Per species, the share the first two breeds must hold together to be called a mix (breed-answer.ts). */
        mixPairMin: z.object({ dog: z.number().min(0).max(1), cat: z.number().min(0).max(1) }),
        /** How several photos of one pet are pooled (evidence.ts): 1 multiplies them, 0 averages. */
        pooling: z.number().min(0).max(1),
        /** When a photo counts as the same pet as the ones before (same-pet.ts). */
        samePet: z
          .object({ minSimilarity: z.number().min(-1).max(1), minOverlap: z.number().min(0).max(1) })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type PetHeadFile = z.infer<typeof petHeadFileSchema>;
export type PetHead = Omit<PetHeadFile, "classes" | "weightsUrl"> & {
  breeds: Breed[];
  weights: Float32Array;
  bias: Float32Array;
  /** The features' mean and the principal components an appearance is measured along. */
  appearanceMean: Float32Array;
  appearanceComponents: Float32Array;
};

export function petHead(file: PetHeadFile, data: ArrayBuffer): PetHead {
  const { classes, featureCount, fusion, appearanceDimensions } = file;
  const expected = ((featureCount + 1) * classes.length + featureCount * (1 + appearanceDimensions)) * 4;
  if (data.byteLength !== expected) {
    throw new Error(`Pet head weights: ${data.byteLength} bytes, expected ${expected}`);
  }
  const breeds = classes.map((id) => {
    const breed = findBreed(id);
    if (!breed) throw new Error(`Pet head class "${id}" is not in the knowledge base`);
    return breed;
  });
  const values = new Float32Array(data);
  const biasStart = featureCount * classes.length;
  const meanStart = biasStart + classes.length;
  const componentsStart = meanStart + featureCount;
  return {
    breeds,
    featureCount,
    appearanceDimensions,
    fusion,
    weights: values.subarray(0, biasStart),
    bias: values.subarray(biasStart, meanStart),
    appearanceMean: values.subarray(meanStart, componentsStart),
    appearanceComponents: values.subarray(componentsStart),
  };
}

/**
 * What the pet looks like to the backbone, for telling one pet from another (same-pet.ts): the
 * features less their mean, along the principal components of the training photos, at unit
 * length and three decimals.
 */
export function appearanceOf(
  head: Pick<PetHead, "featureCount" | "appearanceDimensions" | "appearanceMean" | "appearanceComponents">,
  features: ArrayLike<number>,
): number[] {
  const { featureCount, appearanceDimensions: dims, appearanceMean, appearanceComponents } = head;
  const projected = new Float64Array(dims);
  for (let f = 0; f < featureCount; f++) {
    const x = features[f]! - appearanceMean[f]!;
    for (let d = 0; d < dims; d++) projected[d]! += x * appearanceComponents[f * dims + d]!;
  }
  const length = Math.hypot(...projected) || 1;
  return Array.from(projected, (value) => Math.round((value / length) * 1000) / 1000);
}

/** The head's probability for each of its breeds. */
export function headProbabilities(head: PetHead, features: ArrayLike<number>): Float64Array {
  const classes = head.breeds.length;
  const logits = Float64Array.from(head.bias);
  for (let f = 0; f < head.featureCount; f++) {
    const x = features[f]!;
    if (x === 0) continue;
    for (let c = 0; c < classes; c++) logits[c]! += x * head.weights[f * classes + c]!;
  }
  return softmax(logits);
}

function softmax(logits: Float64Array): Float64Array {
  const max = Math.max(...logits);
  const exps = logits.map((value) => Math.exp(value - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

export type FusedScores = {
  /** Probability of each species, head and ImageNet combined. */
  species: Record<Species, number>;
  /** Calibrated probability of each breed given its species, most likely first. */
  breeds: Record<Species, { breed: Breed; confidence: number }[]>;
};

/** Below this, the ImageNet classifier has no opinion on a species' breeds. */
const IMAGENET_SPECIES_MIN = 1e-3;

/**
 * Fuses the head with the ImageNet classifier: a weighted average of the two species votes,
 * then per species a weighted mixture of the two breed distributions (the head knows the 37
 * Oxford breeds, ImageNet 118 dog breeds and 5 kinds of cat), sharpened or softened by that
 * species' temperature so that a confidence of 0.78 is right about 78 % of the time.
 */
export function fuse(head: PetHead, headProbs: ArrayLike<number>, imagenet: BreedScores): FusedScores {
  const { fusion } = head;
  const headSpecies = { dog: 0, cat: 0 };
  head.breeds.forEach((breed, i) => (headSpecies[breed.species] += headProbs[i]!));
  const imagenetTotal = imagenet.dog + imagenet.cat;
  const w = imagenetTotal > IMAGENET_SPECIES_MIN ? fusion.speciesImagenetWeight : 0;
  const cat = (1 - w) * headSpecies.cat + (w * imagenet.cat) / Math.max(imagenetTotal, IMAGENET_SPECIES_MIN);
  const species = { dog: 1 - cat, cat };

  const breedsOf = (kind: Species) => {
    const mixture = new Map<Breed, number>();
    const imagenetWeight = imagenet[kind] > IMAGENET_SPECIES_MIN ? fusion.breedImagenetWeight[kind] : 0;
    head.breeds.forEach((breed, i) => {
      if (breed.species !== kind || headSpecies[kind] <= 0) return;
      mixture.set(breed, (1 - imagenetWeight) * (headProbs[i]! / headSpecies[kind]));
    });
    if (imagenetWeight > 0) {
      for (const [breed, p] of imagenet.breeds) {
        if (breed.species !== kind) continue;
        mixture.set(breed, (mixture.get(breed) ?? 0) + (imagenetWeight * p) / imagenet[kind]);
      }
    }
    const power = 1 / fusion.temperature[kind];
    const sharpened = [...mixture].map(([breed, p]) => ({ breed, confidence: p ** power }));
    const total = sharpened.reduce((sum, entry) => sum + entry.confidence, 0) || 1;
    return sharpened
      .map((entry) => ({ breed: entry.breed, confidence: entry.confidence / total }))
      .sort((a, b) => b.confidence - a.confidence);
  };
  return { species, breeds: { dog: breedsOf("dog"), cat: breedsOf("cat") } };
}
