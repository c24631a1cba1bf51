/**
 * Out-of-fold predictions for scripts/train-breeds.ts: each photo's analysis view scored by a
 * head that never saw the photo, so the fusion is fitted on answers as a new photo would get them.
 */
import { headProbabilities } from "../../app/engine/scores/pet-head";
import type { Sample } from "./photo-features";
import { headOf, NEUTRAL_FUSION, trainHead } from "./softmax-head";

const FOLDS = 5;

/**
 * A photo's head probabilities from the fold that left it out: of its analysis view, and of
 * every view (the same-pet rule compares views of one photo).
 */
export type Prediction = {
  sample: Sample;
  headProbs: Float64Array;
  viewHeadProbs: Float64Array[];
  fold: number;
};

/** Five folds, shuffled by `seed`; prints the head's own top-1 accuracy out of fold. */
export function outOfFoldPredictions(samples: Sample[], classes: string[], seed: number): Prediction[] {
  const rand = random(seed);
  const order = samples.map((_, i) => i).sort(() => rand() - 0.5);
  const fold = new Map(order.map((index, position) => [index, position % FOLDS]));
  const predictions: Prediction[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const train = samples.filter((_, i) => fold.get(i) !== k);
    const trained = trainHead(
      train.flatMap((s) => s.views.map((v) => v.features)),
      train.flatMap((s) => s.views.map(() => s.breedIndex)),
      classes.length,
      k + 1,
    );
    const { head } = headOf(classes, trained, NEUTRAL_FUSION);
    samples.forEach((sample, i) => {
      if (fold.get(i) === k) {
        const viewHeadProbs = sample.views.map((view) => headProbabilities(head, view.features));
        predictions.push({ sample, fold: k, headProbs: viewHeadProbs[0]!, viewHeadProbs });
      }
    });
  }
  const headTop1 = predictions.filter((p) => argmax(p.headProbs) === p.sample.breedIndex).length;
  console.log(
    `Head alone, out of fold: top-1 ${headTop1}/${predictions.length} (${pct(headTop1 / predictions.length)})`,
  );
  return predictions;
}

/** A deterministic shuffle (mulberry32), so the folds and the head are reproducible. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const argmax = (values: ArrayLike<number>) =>
  Array.from(values).reduce((best, v, i, all) => (v > all[best]! ? i : best), 0);

/** "97.9 %": how the training's lines print a share. */
export const pct = (value: number) => `${(100 * value).toFixed(1)} %`;
