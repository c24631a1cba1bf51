import { describe, expect, it } from "vitest";
import outOfFold from "../../app/content/analysis-out-of-fold.json";
import heldOut from "../../app/content/analysis-accuracy.json";
import shipped from "../../public/models/breed/pet-head.json";
import {
  answerOf,
  countAnswers,
  fitThresholds,
  nestedCounts,
  NAMED_RIGHT_FIT,
  type AnswerRow,
} from "./fit-thresholds";

/** A dog photo of `breed` answered with these guesses, in `fold`. */
const row = (fold: number, breed: string, guesses: [string, number][]): AnswerRow => ({
  fold,
  species: "dog",
  breed,
  answered: "dog",
  guesses,
});
/** The first guess at `p`, the rest split between two others (never a mix's contender). */
const guesses = (p: number): [string, number][] => [
  ["beagle", p],
  ["pug", (1 - p) / 2],
  ["boxer", (1 - p) / 2],
];
const right = (fold: number, p: number) => row(fold, "beagle", guesses(p));
const wrong = (fold: number, p: number) => row(fold, "pug", guesses(p));

describe("the answer's thresholds", () => {
  it("name from the lowest confidence whose answers at or above it are right often enough", () => {
    // 49 right above 0.8 and one wrong at 0.85: 98 % from 0.8; a wrong one at 0.7 keeps 0.7 out.
    const rows = [
      ...Array.from({ length: 49 }, (_, i) => right(0, 0.8 + i * 0.004)),
      wrong(0, 0.85),
      wrong(0, 0.7),
      right(0, 0.6),
    ];
    expect(NAMED_RIGHT_FIT).toBe(0.98);
    expect(fitThresholds(rows).confidentMin.dog).toBe(0.8);
    // No cat photos: cats are never named (threshold 1).
    expect(fitThresholds(rows).confidentMin.cat).toBe(1);
  });

  it("call a mix from the pair share whose mixes hold the true breed among their two", () => {
    const mix = (truth: string, first: number, second: number) =>
      row(0, truth, [
        ["beagle", first],
        ["basset-hound", second],
        ["pug", 1 - first - second],
      ]);
    const rows = [
      ...Array.from({ length: 10 }, () => right(0, 0.99)),
      ...Array.from({ length: 7 }, () => mix("basset-hound", 0.5, 0.4)),
      mix("beagle", 0.45, 0.35),
      mix("pug", 0.4, 0.3), // the pair at 0.7 misses the truth
    ];
    const thresholds = fitThresholds(rows);
    expect(thresholds.mixPairMin.dog).toBe(0.8);
    expect(answerOf(mix("beagle", 0.45, 0.35), thresholds)).toBe("mix");
    expect(answerOf(mix("pug", 0.4, 0.3), thresholds)).toBe("unsure");
  });

  it("are measured on each fold with thresholds fitted on the other folds alone", () => {
    // Fold 1's own answers would fit a lower threshold; fold 0's keep it at 0.9.
    const rows = [
      ...Array.from({ length: 50 }, (_, i) => right(0, 0.9 + i * 0.001)),
      wrong(0, 0.6),
      wrong(0, 0.6),
      right(1, 0.6),
    ];
    expect(fitThresholds(rows.filter((r) => r.fold !== 1)).confidentMin.dog).toBe(0.9);
    // Fold 1's 0.6 is judged by fold 0's 0.9 (not named); fold 0 by fold 1's 0.6 (all named).
    expect(nestedCounts(rows)).toEqual({
      photos: 53,
      identified: { count: 52, right: 50 },
      mix: { count: 0, withBreed: 0 },
      unsure: { count: 1, firstRight: 1 },
    });
  });
});

describe("the shipped thresholds' provenance", () => {
  const rows = outOfFold.rows as AnswerRow[];

  it("are what fitting the committed out-of-fold answers gives", () => {
    const { confidentMin, mixPairMin } = shipped.fusion;
    expect(fitThresholds(rows)).toEqual({ confidentMin, mixPairMin });
    expect(outOfFold.thresholds).toEqual({ confidentMin, mixPairMin });
  });

  it("come with figures recomputed from those answers", () => {
    const fitted = fitThresholds(rows);
    expect(countAnswers(rows, () => fitted)).toEqual(outOfFold.fitted);
    expect(nestedCounts(rows)).toEqual(outOfFold.outOfFold);
    expect(outOfFold.photos).toBe(rows.length);
  });

  it("belong to the shipped model, which the held-out run also measured", () => {
    expect(outOfFold.petHead).toBe(shipped.weightsUrl);
    expect(heldOut.model.petHead).toBe(shipped.weightsUrl);
    expect(heldOut.model.fusion).toEqual(shipped.fusion);
  });
});
