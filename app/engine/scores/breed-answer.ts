import type { BreedGuess, BreedIdentification } from "./outcome";

/** How many breeds the page shows as the best guesses (and the choices of the care plan). */
export const BREED_GUESSES = 3;

/**
 * "Looks like a mix of X and Y, or one of them": the two most likely breeds together hold at
 * least this much of the probability, so that every other breed shares at most 30 % between
 * them. The answer is then about those two, not about "we don't know".
 */
export const MIX_PAIR_MIN = 0.7;

/**
 * ...and the second breed alone holds at least this much: a real contender (one chance in four
 * or better), not the tail of a confident-but-not-quite first guess (0.55 and 0.16 is "not sure",
 * not a mix).
 */
export const MIX_SECOND_MIN = 0.25;

/**
 * The mix's boundaries are inclusive; this keeps 0.45 + 0.25 at or above 0.7 whatever the last
 * bit of floating-point rounding does. (The species' threshold is compared exactly, as before.)
 */
const EPSILON = 1e-9;

/**
 * The answer the page gives for one pet from its breeds ranked by calibrated probability (one
 * species, most likely first, summing to at most 1):
 * - "identified" when the first reaches `confidentMin` (the species' threshold, decision 005);
 * - "mix" when it does not, but the first two hold most of the probability (MIX_PAIR_MIN) and the
 *   second is substantial (MIX_SECOND_MIN). A model trained on purebreds splits a mixed breed's
 *   photo between the breeds it resembles; a purebred that looks like both splits the same way,
 *   so the page says "a mix of X and Y, or one of them";
 * - "unsure" otherwise.
 * The guesses are the best three in every case.
 */
export function breedAnswer(ranked: readonly BreedGuess[], confidentMin: number): BreedIdentification {
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
    first.confidence + second.confidence >= MIX_PAIR_MIN - EPSILON
  ) {
    return { status: "mix", guesses };
  }
  return { status: "unsure", guesses };
}
