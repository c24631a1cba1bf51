/**
 * The breed answer's thresholds, for scripts/train-breeds.ts: per species, the confidence from
 * which a breed is named and the share two breeds must hold to be called a mix, fitted on
 * out-of-fold answers with a margin, and measured on answers that did not fit them (nested:
 * each fold's answers get the thresholds fitted on the other folds'). Pure arithmetic on the
 * committed rows, so that a test can fit them again and find the shipped numbers
 * (app/content/analysis-out-of-fold.json, decision 18). Weighed against Wilson lower bounds
 * (one-sided 90 % and 95 %), which left most cats unnamed for a similar nested accuracy.
 */
import type { Species } from "../../app/domain/pets";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { breedAnswer, MIX_SECOND_MIN } from "../../app/engine/scores/breed-answer";

/** One photo's out-of-fold answer: the true breed, and the best three of the species answered. */
export type AnswerRow = {
  fold: number;
  /** The photo's true species and breed id. */
  species: Species;
  breed: string;
  /** The species the fused scores settle on, and its breeds, most likely first (at most three). */
  answered: Species;
  guesses: [string, number][];
};

export type Thresholds = { confidentMin: Record<Species, number>; mixPairMin: Record<Species, number> };

/**
 * The site promises that named answers are right at least 95 % of the time; they are fitted to be
 * right 98 % of the time on the photos that fit them, a margin of three points for photos in general.
 */
export const NAMED_RIGHT_FIT = 0.98;
/** A mix ("X and Y, or one of them") is fitted to hold the true breed among its two this often. */
export const MIX_HOLDS_FIT = 0.9;
const SPECIES: Species[] = ["dog", "cat"];

/**
 * The lowest score among `scored` from which the rows at or above it are right at least
 * `share` of the time; 1 when none is (never named).
 */
function lowestRightEnough(scored: { score: number; right: boolean }[], share: number): number {
  const candidates = [...new Set(scored.map((s) => s.score))].sort((a, b) => a - b);
  for (const t of candidates) {
    const above = scored.filter((s) => s.score >= t);
    if (above.filter((s) => s.right).length >= share * above.length) return t;
  }
  return 1;
}

/** The rows' scores have four decimals; a pair's sum is rounded back to them. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** The thresholds fitted on these rows. */
export function fitThresholds(rows: readonly AnswerRow[]): Thresholds {
  const confidentMin = {} as Record<Species, number>;
  const mixPairMin = {} as Record<Species, number>;
  for (const species of SPECIES) {
    const mine = rows.filter((row) => row.answered === species);
    const named = lowestRightEnough(
      mine.map((row) => ({ score: row.guesses[0]?.[1] ?? 0, right: row.guesses[0]?.[0] === row.breed })),
      NAMED_RIGHT_FIT,
    );
    confidentMin[species] = named;
    // A mix is asked of the answers left unnamed whose second breed is a real contender.
    const contenders = mine.filter(
      (row) => (row.guesses[0]?.[1] ?? 0) < named && (row.guesses[1]?.[1] ?? 0) >= MIX_SECOND_MIN,
    );
    mixPairMin[species] = lowestRightEnough(
      contenders.map((row) => ({
        score: round4(row.guesses[0]![1] + row.guesses[1]![1]),
        right: row.guesses.slice(0, 2).some(([id]) => id === row.breed),
      })),
      MIX_HOLDS_FIT,
    );
  }
  return { confidentMin, mixPairMin };
}

export type AnswerKind = "identified" | "mix" | "unsure";

/** The kind of answer a row gets under these thresholds: the page's own rule (breed-answer.ts). */
export function answerOf(row: AnswerRow, thresholds: Thresholds): AnswerKind {
  const ranked = row.guesses.map(([id, confidence]) => ({ breed: findBreed(id)!, confidence }));
  const { status } = breedAnswer(ranked, {
    confidentMin: thresholds.confidentMin[row.answered],
    mixPairMin: thresholds.mixPairMin[row.answered],
  });
  return status === "unavailable" ? "unsure" : status;
}

export type AnswerCounts = {
  photos: number;
  identified: { count: number; right: number };
  mix: { count: number; withBreed: number };
  unsure: { count: number; firstRight: number };
};

/** How many of each kind of answer, and how often each is right, under `thresholdsFor(row)`. */
export function countAnswers(
  rows: readonly AnswerRow[],
  thresholdsFor: (row: AnswerRow) => Thresholds,
): AnswerCounts {
  const counts: AnswerCounts = {
    photos: rows.length,
    identified: { count: 0, right: 0 },
    mix: { count: 0, withBreed: 0 },
    unsure: { count: 0, firstRight: 0 },
  };
  for (const row of rows) {
    const kind = answerOf(row, thresholdsFor(row));
    const firstRight = row.guesses[0]?.[0] === row.breed;
    if (kind === "identified") {
      counts.identified.count++;
      if (firstRight) counts.identified.right++;
    } else if (kind === "mix") {
      counts.mix.count++;
      if (row.guesses.slice(0, 2).some(([id]) => id === row.breed)) counts.mix.withBreed++;
    } else {
      counts.unsure.count++;
      if (firstRight) counts.unsure.firstRight++;
    }
  }
  return counts;
}

/**
 * Photos in general: each fold's answers under thresholds fitted on the other folds alone, so
 * that no answer is judged by thresholds it helped to fit.
 */
export function nestedCounts(rows: readonly AnswerRow[]): AnswerCounts {
  const folds = [...new Set(rows.map((row) => row.fold))];
  const byFold = new Map(folds.map((fold) => [fold, fitThresholds(rows.filter((row) => row.fold !== fold))]));
  return countAnswers(rows, (row) => byFold.get(row.fold)!);
}
