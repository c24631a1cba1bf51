/**
 * The pet head's training for scripts/train-breeds.ts: a softmax layer on the backbone's 1,280
 * pooled features, and the head file the app loads (app/engine/scores/pet-head.ts) made from it.
 */
import * as tf from "@tensorflow/tfjs-core";
import { APPEARANCE_DIMENSIONS } from "../../app/domain/breed-evidence";
import { petHead, type PetHeadFile } from "../../app/engine/scores/pet-head";

const EPOCHS = 120;
const WEIGHT_DECAY = 3e-3;
const ADAM = { rate: 0.01, beta1: 0.9, beta2: 0.999 };

/** The head's weights for the raw features, and a bias per class. */
export type TrainedHead = { weights: Float32Array; bias: Float32Array };

/** A fusion that leaves the head's answer as it is: no ImageNet share, temperature 1, no threshold. */
export const NEUTRAL_FUSION: PetHeadFile["fusion"] = {
  speciesImagenetWeight: 0,
  breedImagenetWeight: { dog: 0, cat: 0 },
  temperature: { dog: 1, cat: 1 },
  confidentMin: { dog: 0, cat: 0 },
  mixPairMin: { dog: 1, cat: 1 },
  pooling: 1,
  samePet: { minSimilarity: -1, minOverlap: 0 },
};

/**
 * Softmax regression on standardised features, full batch with Adam; returns weights and
 * biases for the raw features (the standardisation folded in). The gradient is written out
 * (softmax − one-hot): tfjs-core's Node build registers no gradients.
 */
export function trainHead(x: Float32Array[], y: number[], classes: number, seed: number): TrainedHead {
  const featureCount = x[0]!.length;
  return tf.tidy(() => {
    const features = tf.tensor2d(
      x.flatMap((row) => Array.from(row)),
      [x.length, featureCount],
    );
    const { mean, variance } = tf.moments(features, 0);
    const std = tf.add(tf.sqrt(variance), 1e-3);
    const standard = tf.div(tf.sub(features, mean), std);
    const labels = tf.oneHot(tf.tensor1d(y, "int32"), classes);
    let w: tf.Tensor = tf.randomNormal([featureCount, classes], 0, 0.01, "float32", seed);
    let b: tf.Tensor = tf.zeros([classes]);
    const moments = [w, b].map((p) => ({ m: tf.zerosLike(p), v: tf.zerosLike(p) }));
    for (let step = 1; step <= EPOCHS; step++) {
      const next = tf.tidy(() => {
        const error = tf.div(tf.sub(tf.softmax(tf.add(tf.matMul(standard, w), b)), labels), x.length);
        const grads = [
          tf.add(tf.matMul(standard, error, true), tf.mul(2 * WEIGHT_DECAY, w)),
          tf.sum(error, 0),
        ];
        return [w, b].map((param, i) => {
          const m = tf.add(tf.mul(ADAM.beta1, moments[i]!.m), tf.mul(1 - ADAM.beta1, grads[i]!));
          const v = tf.add(tf.mul(ADAM.beta2, moments[i]!.v), tf.mul(1 - ADAM.beta2, tf.square(grads[i]!)));
          const mHat = tf.div(m, 1 - ADAM.beta1 ** step);
          const vHat = tf.div(v, 1 - ADAM.beta2 ** step);
          return { param: tf.sub(param, tf.div(tf.mul(ADAM.rate, mHat), tf.add(tf.sqrt(vHat), 1e-8))), m, v };
        });
      });
      tf.dispose([w, b, ...moments.flatMap((moment) => [moment.m, moment.v])]);
      [w, b] = [next[0]!.param, next[1]!.param];
      next.forEach((n, i) => (moments[i] = { m: n.m, v: n.v }));
    }
    // w·(x − mean)/std + b = (w/std)·x + (b − Σ mean·w/std).
    const scaled = tf.div(w, tf.reshape(std, [featureCount, 1]));
    const bias = tf.sub(b, tf.reshape(tf.matMul(tf.reshape(mean, [1, featureCount]), scaled), [classes]));
    return { weights: scaled.dataSync() as Float32Array, bias: bias.dataSync() as Float32Array };
  });
}

/** A head of zeros: only its fusion matters, for scoring head probabilities already computed. */
export function trainedZeros(classes: number, featureCount = 1280): TrainedHead {
  return { weights: new Float32Array(featureCount * classes), bias: new Float32Array(classes) };
}

/** The appearance projection (fit-same-pet.ts): the features' mean and the whitened components. */
export type AppearanceProjection = { mean: Float32Array; components: Float32Array };

/**
 * The head file and its data as the app reads them (weights, biases, then the appearance
 * projection, zeros until it is fitted), and the head itself.
 */
export function headOf(
  classes: string[],
  trained: TrainedHead,
  fusion: PetHeadFile["fusion"],
  appearance?: AppearanceProjection,
) {
  const featureCount = trained.weights.length / classes.length;
  const mean = appearance?.mean ?? new Float32Array(featureCount);
  const components = appearance?.components ?? new Float32Array(featureCount * APPEARANCE_DIMENSIONS);
  const data = new Float32Array(
    trained.weights.length + trained.bias.length + mean.length + components.length,
  );
  data.set(trained.weights);
  data.set(trained.bias, trained.weights.length);
  data.set(mean, trained.weights.length + trained.bias.length);
  data.set(components, trained.weights.length + trained.bias.length + mean.length);
  const file: PetHeadFile = {
    classes,
    weightsUrl: "",
    featureCount,
    appearanceDimensions: APPEARANCE_DIMENSIONS,
    fusion,
  };
  return { file, data, head: petHead(file, data.buffer) };
}
