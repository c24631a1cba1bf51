import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { Species } from "~/domain/pets";

/**
 * Whether a photo shows the same animal as the photos before it, so that their evidence may be
 * pooled (decision 18). First the same species: the new photo's more likely species is the
 * earlier photos' (pooled). Then at least one earlier photo must match it on both:
 * - the breeds they point to overlap (Bhattacharyya coefficient of the two breed distributions
 *   of that species, at least `minOverlap`): photos of one pet agree on what it may be;
 * - a close appearance: the appearance (the backbone's features as the pet head projects them)
 *   has a cosine similarity of at least `minSimilarity`.
 * Both thresholds are fitted by scripts/train-breeds.ts on pairs of views of one pet against
 * pairs of different pets. Evidence saved before appearances were kept has none: it is compared
 * by species and breeds.
 */
export type SamePetRule = { minSimilarity: number; minOverlap: number };

export type SamePetCheck = { same: true } | { same: false; reason: "species" | "breeds" | "appearance" };

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

/** How much two photos agree on a species' breeds: Σ √(p·q), 1 for the same distribution, 0 for none in common. */
export function breedOverlap(a: PhotoEvidence, b: PhotoEvidence, species: Species): number {
  const [x, y] = [a.breeds[species], b.breeds[species]];
  return Object.entries(x).reduce((sum, [id, p]) => sum + Math.sqrt(p * (y[id] ?? 0)), 0);
}

export function samePetAs(
  earlier: readonly PhotoEvidence[],
  next: PhotoEvidence,
  rule: SamePetRule,
): SamePetCheck {
  if (earlier.length === 0) return { same: true };
  const species = likelySpecies([next]);
  if (likelySpecies(earlier) !== species) return { same: false, reason: "species" };
  const looksAlike = (e: PhotoEvidence) =>
    !e.appearance ||
    !next.appearance ||
    appearanceSimilarity(e.appearance, next.appearance) >= rule.minSimilarity;
  const agreeOnBreeds = (e: PhotoEvidence) => breedOverlap(e, next, species) >= rule.minOverlap;
  if (earlier.some((e) => looksAlike(e) && agreeOnBreeds(e))) return { same: true };
  return { same: false, reason: earlier.some(agreeOnBreeds) ? "appearance" : "breeds" };
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
