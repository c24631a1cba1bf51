import * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import { breedForImagenetLabel, type Breed } from "~/engine/knowledge/breeds";
import type { ModelDescriptor } from "./model-descriptor";
import type { Box, BreedScores } from "~/engine/scores/outcome";
import type { PetHead } from "~/engine/scores/pet-head";

/** The shipped MobileNet V2, what its descriptor says about it, and PawPal's pet head. */
export type Classifier = { model: GraphModel; descriptor: ModelDescriptor; head: PetHead };

type Backbone = Pick<Classifier, "model" | "descriptor">;

/** The graph nodes of the shipped model (scripts/models/convert-mobilenet.ts): one pass gives both. */
export const CLASSIFIER_OUTPUTS = { features: "features", logits: "logits" } as const;

/** Share of the crop added on every side: the detector's boxes are tight, breeds show in ears and tails. */
const CROP_MARGIN = 0.08;

/** What one pass of the model gives: ImageNet probabilities and the 1,280 pooled features. */
export type ClassifierOutput = { probabilities: Float32Array; features: Float32Array };

/** The model's outputs for one crop of the image (the whole image when box is null). */
export function classify(classifier: Backbone, image: tf.Tensor3D, box: Box | null) {
  const crop = squareCrop(box ?? { x: 0, y: 0, width: 1, height: 1 }, image.shape[1], image.shape[0]);
  return classifyCrop(classifier, image, crop);
}

/**
 * The model's outputs for a crop given as [y1, x1, y2, x2] fractions, mirrored when `mirror`
 * (the training script's augmentation).
 */
export async function classifyCrop(
  { model, descriptor }: Backbone,
  image: tf.Tensor3D,
  crop: [number, number, number, number],
  mirror = false,
): Promise<ClassifierOutput> {
  const [probabilities, features] = tf.tidy(() => {
    const [min, max] = descriptor.inputRange;
    const batch = tf.expandDims<tf.Tensor4D>(tf.cast(image, "float32"), 0);
    const size: [number, number] = [descriptor.inputSize, descriptor.inputSize];
    const pixels = tf.image.cropAndResize(batch, [crop], [0], size, "bilinear");
    const input = tf.add(tf.mul(mirror ? tf.reverse(pixels, 2) : pixels, (max - min) / 255), min);
    const [pooled, logits] = model.execute(input, [
      CLASSIFIER_OUTPUTS.features,
      CLASSIFIER_OUTPUTS.logits,
    ]) as tf.Tensor[];
    return [tf.softmax(tf.reshape(logits!, [-1])), tf.reshape(pooled!, [-1])];
  });
  const [p, f] = await Promise.all([probabilities.data(), features.data()]);
  tf.dispose([probabilities, features]);
  return { probabilities: p as Float32Array, features: f as Float32Array };
}

/**
 * The box grown by CROP_MARGIN and made square around its centre (so the pet is not squashed),
 * as [y1, x1, y2, x2] fractions for cropAndResize; parts outside the photo are filled with black.
 */
export function squareCrop(
  box: Box,
  imageWidth: number,
  imageHeight: number,
): [number, number, number, number] {
  const centreX = (box.x + box.width / 2) * imageWidth;
  const centreY = (box.y + box.height / 2) * imageHeight;
  const side = Math.max(box.width * imageWidth, box.height * imageHeight) * (1 + 2 * CROP_MARGIN);
  // Never larger than the photo's longer side: beyond it there is only padding.
  const half = Math.min(side, Math.max(imageWidth, imageHeight)) / 2;
  return [
    (centreY - half) / imageHeight,
    (centreX - half) / imageWidth,
    (centreY + half) / imageHeight,
    (centreX + half) / imageWidth,
  ];
}

/** Sums the classifier's probabilities by breed and by species, through the knowledge base. */
export function scoresByBreed(descriptor: ModelDescriptor, probabilities: ArrayLike<number>): BreedScores {
  const breedsByClass = classBreeds(descriptor);
  const scores: BreedScores = { dog: 0, cat: 0, breeds: new Map() };
  breedsByClass.forEach((breed, index) => {
    if (!breed) return;
    const p = probabilities[index] ?? 0;
    scores[breed.species] += p;
    scores.breeds.set(breed, (scores.breeds.get(breed) ?? 0) + p);
  });
  return scores;
}

const classBreedCache = new WeakMap<ModelDescriptor, (Breed | undefined)[]>();
function classBreeds(descriptor: ModelDescriptor) {
  let breeds = classBreedCache.get(descriptor);
  if (!breeds) {
    breeds = descriptor.classes.map((name) => breedForImagenetLabel(name));
    classBreedCache.set(descriptor, breeds);
  }
  return breeds;
}
