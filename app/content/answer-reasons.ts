/**
 * Why the report names a breed, calls it a mix, or is not sure, with the figure measured behind
 * each: the committed out-of-fold run of `npm run train:breeds` (analysis-out-of-fold.json), where
 * each photo's answer came from thresholds fitted without it (decision 18). Only the report's
 * chunk and /accuracy import it; the per-photo rows stay out of every page's JavaScript.
 */
import { outOfFold, photos, thresholds } from "./analysis-out-of-fold.json";
import type { Species } from "~/domain/pets";
import { percentText } from "./analysis-claims";

export type ReasonedAnswer = "identified" | "mix" | "unsure";

const { identified, mix, unsure } = outOfFold;

/** The out-of-fold figures the sentences state, for /accuracy too. */
export const OUT_OF_FOLD = {
  photos,
  namedShare: percentText(identified.count, photos),
  namedRight: percentText(identified.right, identified.count),
  namedCount: identified.count,
  namedRightCount: identified.right,
  mixShare: percentText(mix.count, photos),
  mixCount: mix.count,
  mixHolds: percentText(mix.withBreed, mix.count),
  unsureShare: percentText(unsure.count, photos),
  unsureCount: unsure.count,
  unsureFirstRight: percentText(unsure.firstRight, unsure.count),
} as const;

/** "80%": the confidence from which a species' breed is named. */
export function namedFrom(species: Species) {
  return `${Math.round(thresholds.confidentMin[species] * 100)}%`;
}

/** One sentence: why this kind of answer, and how often such answers were right. */
export function answerReason(answer: ReasonedAnswer, species: Species): string {
  const tested = `on ${photos} photos we tested`;
  switch (answer) {
    case "identified":
      return `Named because one breed is well ahead (we name a ${species}'s breed from ${namedFrom(species)}): ${tested}, answers like this were right ${OUT_OF_FOLD.namedRight} of the time.`;
    case "mix":
      return `Called a mix because two breeds share most of the likelihood and neither is far enough ahead: ${tested}, answers like this held the right breed among the two ${OUT_OF_FOLD.mixHolds} of the time.`;
    case "unsure":
      return `Not sure because no breed is far enough ahead (we name a ${species}'s breed from ${namedFrom(species)}): ${tested}, the first guess of answers like this was right only ${OUT_OF_FOLD.unsureFirstRight} of the time.`;
  }
}
