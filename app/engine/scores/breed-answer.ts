import type { BreedGuess, BreedIdentification } from "./outcome";

/** How many breeds the page shows as the best guesses (and the choices of the care plan). */
export const BREED_GUESSES = 3;

/**
 * ...and the second breed alone holds at least this much: a real contender (one chance in four
 * or better), not the tail of a confident-but-not-quite first guess (0.55 and 0.16 is "not sure",
 * not a mix).
 */
export const MIX_SECOND_MIN = 0.25;

/**
 * The mix's boundaries are inclusive; this keeps 0.45 + 0.25 at or above 0.7 whatever the last
 * bit of floating-point rounding does. (The naming threshold is compared exactly, as before.)
 */
const EPSILON = 1e-9;

/**
 * The species' thresholds, fitted out of fold with a margin (scripts/training/fit-thresholds.ts,
 * decision 18): the confidence from which the first breed is named, and the share the first two
 * must hold together to be called a mix.
 */
export type AnswerThresholds = { confidentMin: number; mixPairMin: number };

/**
 * The answer the page gives for one pet from its breeds ranked by calibrated probability (one
 * species, most likely first, summing to at most 1):
 * - "identified" when the first reaches `confidentMin`;
 * - "mix" when it does not, but the first two hold most of the probability (`mixPairMin`) and the
 *   second is substantial (MIX_SECOND_MIN). A model trained on purebreds splits a mixed breed's
 *   photo between the breeds it resembles; a purebred that looks like both splits the same way,
 *   so the page says "a mix of X and Y, or one of them";
 * - "unsure" otherwise.
 * The guesses are the best three in every case.
 */
export function breedAnswer(
  ranked: readonly BreedGuess[],
  { confidentMin, mixPairMin }: AnswerThresholds,
): BreedIdentification {
  const guesses = [...ranked]
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, BREED_GUESSES)
    .map(({ breed, confidence }) => ({ breed, confidence }));
  const [first, second] = guesses;
  if (first && first.confidence >= confidentMin) return { status: "identified", guesses };
  if (
    first &&
    second &&
    second.confidence >= MIX_SECOND_MIN - EPSILON &&
    first.confidence + second.confidence >= mixPairMin - EPSILON
  ) {
    return { status: "mix", guesses };
  }
  return { status: "unsure", guesses };
}
