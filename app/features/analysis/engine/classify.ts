import * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type { LayersModel } from "@tensorflow/tfjs-layers";
import { breedForImagenetLabel, type Breed, type Species } from "../knowledge/breeds";
import type { ModelDescriptor } from "./model-descriptor";
import type { Box } from "./outcome";

/** An ImageNet classifier and what its descriptor says about it. */
export type Classifier = { model: GraphModel | LayersModel; descriptor: ModelDescriptor };

/** Share of the crop added on every side: the detector's boxes are tight, breeds show in ears and tails. */
const CROP_MARGIN = 0.08;

/** The classifier's probabilities for one crop of the image (the whole image when box is null). */
export async function classify(classifier: Classifier, image: tf.Tensor3D, box: Box | null) {
  const { model, descriptor } = classifier;
  const probabilities = tf.tidy(() => {
    const [min, max] = descriptor.inputRange;
    const batch = tf.expandDims<tf.Tensor4D>(tf.cast(image, "float32"), 0);
    const crop = squareCrop(box ?? { x: 0, y: 0, width: 1, height: 1 }, image.shape[1], image.shape[0]);
    const size: [number, number] = [descriptor.inputSize, descriptor.inputSize];
    const pixels = tf.image.cropAndResize(batch, [crop], [0], size, "bilinear");
    const input = tf.add(tf.mul(pixels, (max - min) / 255), min);
    const output = model.predict(input) as tf.Tensor;
    const flat = tf.reshape(output, [-1]);
    return descriptor.output === "logits" ? tf.softmax(flat) : flat;
  });
  const values = await probabilities.data();
  probabilities.dispose();
  return values;
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

export type BreedScores = {
  /** Total probability of the dog-breed classes and of the domestic-cat classes. */
  dog: number;
  cat: number;
  /** Probability per breed of the knowledge base (several ImageNet classes may share a breed). */
  breeds: Map<Breed, number>;
};

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

/** The breeds of one species, most likely first, with probabilities given that species. */
export function rankBreeds(scores: BreedScores, species: Species, count: number) {
  const total = scores[species];
  if (total <= 0) return [];
  return [...scores.breeds]
    .filter(([breed]) => breed.species === species)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([breed, p]) => ({ breed, confidence: p / total }));
}
