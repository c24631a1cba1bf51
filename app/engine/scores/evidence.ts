import { EVIDENCE_FLOOR, type PhotoEvidence } from "~/domain/breed-evidence";
import type { Species } from "~/domain/pets";
import { findBreed, type Breed } from "~/engine/knowledge/breeds";
import type { FusedScores } from "./pet-head";

export type { PhotoEvidence };

/**
 * One photo's fused scores as evidence: the unlikely breeds dropped, four decimals kept; with
 * its appearance (pet-head.ts appearanceOf) when there is one.
 */
export function photoEvidence(fused: FusedScores, appearance?: number[]): PhotoEvidence {
  const round = (p: number) => Math.round(p * 1e4) / 1e4;
  const breedsOf = (species: Species) =>
    Object.fromEntries(
      fused.breeds[species]
        .filter((entry) => entry.confidence >= EVIDENCE_FLOOR)
        .map((entry) => [entry.breed.id, round(entry.confidence)]),
    );
  return {
    species: { dog: round(fused.species.dog), cat: round(fused.species.cat) },
    breeds: { dog: breedsOf("dog"), cat: breedsOf("cat") },
    ...(appearance ? { appearance } : {}),
  };
}

/**
 * Combines photos of one pet by log-linear pooling: each answer is the product of the photos'
 * probabilities raised to N^(pooling − 1) for N photos, normalised. Pooling 1 treats the photos
 * as independent witnesses (their evidence multiplies), 0 averages them (a geometric mean):
 * photos of one pet share its pose, light and camera, so the truth lies between. The value is
 * fitted out of fold by scripts/train-breeds.ts. One photo's evidence comes back as it was (less
 * the breeds below EVIDENCE_FLOOR).
 */
export function combineEvidence(evidence: readonly PhotoEvidence[], pooling: number): FusedScores {
  if (evidence.length === 0) throw new Error("No evidence to combine");
  const power = evidence.length ** (pooling - 1);
  const pool = (values: number[][]) => {
    const logs = values.map(
      (row) => power * row.reduce((sum, p) => sum + Math.log(Math.max(p, EVIDENCE_FLOOR)), 0),
    );
    const max = Math.max(...logs);
    const weights = logs.map((value) => Math.exp(value - max));
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / total);
  };
  const [dog, cat] = pool([evidence.map((e) => e.species.dog), evidence.map((e) => e.species.cat)]) as [
    number,
    number,
  ];
  const breedsOf = (species: Species) => {
    const ids = [...new Set(evidence.flatMap((e) => Object.keys(e.breeds[species])))];
    const known = ids
      .map((id) => findBreed(id))
      .filter((breed): breed is Breed => breed?.species === species);
    const pooled = pool(known.map((breed) => evidence.map((e) => e.breeds[species][breed.id] ?? 0)));
    return known
      .map((breed, i) => ({ breed, confidence: pooled[i]! }))
      .sort((a, b) => b.confidence - a.confidence);
  };
  return { species: { dog, cat }, breeds: { dog: breedsOf("dog"), cat: breedsOf("cat") } };
}
