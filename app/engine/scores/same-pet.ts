import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { Species } from "~/domain/pets";

/**
 * Whether a photo shows the same animal as the photos before it, so that their evidence may be
 * pooled (decision 18). Two tests, both needed:
 * - the same species: the new photo's more likely species is the earlier photos' (pooled);
 * - a close appearance: its appearance (the backbone's features as the pet head projects them)
 *   is at least `minSimilarity` (cosine) from one of the earlier photos'. The threshold is fitted
 *   by scripts/train-breeds.ts on pairs of views of one pet against pairs of different pets.
 * Evidence saved before appearances were kept has none: it is compared by species alone.
 */
export type SamePetRule = { minSimilarity: number };

export type SamePetCheck = { same: true } | { same: false; reason: "species" | "appearance" };

/** The species a set of evidence points to: the one with the larger product of probabilities. */
function likelySpecies(evidence: readonly PhotoEvidence[]): Species {
  const log = (species: Species) =>
    evidence.reduce((sum, e) => sum + Math.log(Math.max(e.species[species], 1e-6)), 0);
  return log("cat") > log("dog") ? "cat" : "dog";
}

/** Cosine similarity of two appearances (each of unit length, but rounded: normalised here). */
export function appearanceSimilarity(a: readonly number[], b: readonly number[]): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! ** 2;
    bb += b[i]! ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

export function samePetAs(
  earlier: readonly PhotoEvidence[],
  next: PhotoEvidence,
  rule: SamePetRule,
): SamePetCheck {
  if (earlier.length === 0) return { same: true };
  if (likelySpecies(earlier) !== likelySpecies([next])) return { same: false, reason: "species" };
  const compared = earlier.filter((e) => e.appearance);
  if (!next.appearance || compared.length === 0) return { same: true };
  const closest = Math.max(...compared.map((e) => appearanceSimilarity(e.appearance!, next.appearance!)));
  return closest >= rule.minSimilarity ? { same: true } : { same: false, reason: "appearance" };
}

/**
 * A pet's saved evidence, newest first, narrowed to the photos of one animal: the newest photo,
 * and each older one that passes the rule against those kept. Returns what is kept (newest
 * first) and how many were left out.
 */
export function onePetsEvidence(
  newestFirst: readonly PhotoEvidence[],
  rule: SamePetRule,
): { kept: PhotoEvidence[]; leftOut: number } {
  const kept: PhotoEvidence[] = [];
  for (const evidence of newestFirst)
    if (kept.length === 0 || samePetAs(kept, evidence, rule).same) kept.push(evidence);
  return { kept, leftOut: newestFirst.length - kept.length };
}
