/**
 * How the analysis tells one pet from another, for scripts/train-breeds.ts (engine/scores/same-pet.ts):
 * the appearance projection (the training photos' principal components of the backbone's features,
 * whitened, APPEARANCE_DIMENSIONS of them) and the similarity from which two photos count as the
 * same pet. Oxford-IIIT names no individual animals, so pairs of one pet are two views of one
 * photo (the detector's crop, the whole photo, a tighter crop that is mirrored every other
 * photo): they share the background and light that two real photos of a pet may not. Each view's
 * breeds come from the head that never saw the photo (out of fold). The breeds' overlap is set to
 * split few pairs of one pet (SPLIT_MAX); the appearance threshold by the merges that mislead,
 * pairs of different breeds of one species (at most MERGE_MAX pass both). A split photo costs a
 * click ("start a new analysis"), a merge a wrong answer; pets of one breed may merge (their
 * answer is the same breed). The appearance alone, fitted the same way, merged 10 of 49 pairs of
 * two breeds among the held-out photos (full-size, where the training copies are small): the
 * breeds' overlap does not depend on the photo's size as the appearance does.
 */
import { APPEARANCE_DIMENSIONS } from "../../app/domain/breed-evidence";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { appearanceOf } from "../../app/engine/scores/pet-head";
import { samePetAs, type SamePetRule } from "../../app/engine/scores/same-pet";
import type { PhotoEvidence } from "../../app/domain/breed-evidence";
import { pct, type Prediction } from "./out-of-fold";

/** At most this share of the pairs of one pet may be split by their breeds alone. */
const SPLIT_MAX = 0.01;
/** At most this share of the pairs of photos of two breeds of one species may pass as one pet. */
const MERGE_MAX = 0.01;
const ITERATIONS = 80;

export type SamePetRates = {
  threshold: number;
  minOverlap: number;
  onePet: { pairs: number; split: number };
  differentPets: Record<"sameBreed" | "otherBreed" | "otherSpecies", { pairs: number; merged: number }>;
};

export type SamePetFit = {
  mean: Float32Array;
  /** [features × dimensions], row-major, each component divided by its spread (whitened). */
  components: Float32Array;
  rule: SamePetRule;
  rates: SamePetRates;
};

/**
 * `evidenceOf(prediction, view)`: a view's evidence as the analysis would make it, from the
 * head that never saw the photo (out of fold) and the fitted fusion, less its appearance.
 */
export function fitSamePet(
  predictions: Prediction[],
  classes: string[],
  evidenceOf: (prediction: Prediction, view: number) => PhotoEvidence,
): SamePetFit {
  const samples = predictions.map((p) => p.sample);
  const featureCount = samples[0]!.views[0]!.features.length;
  const rows = samples.map((s) => s.views[0]!.features);
  const mean = new Float32Array(featureCount);
  for (const row of rows) for (let f = 0; f < featureCount; f++) mean[f]! += row[f]! / rows.length;
  const components = principalComponents(
    rows.map((row) => Float64Array.from(row, (x, f) => x - mean[f]!)),
    APPEARANCE_DIMENSIONS,
  );
  const projection: Parameters<typeof appearanceOf>[0] = {
    featureCount,
    appearanceDimensions: APPEARANCE_DIMENSIONS,
    appearanceMean: mean,
    appearanceComponents: components,
  };
  const evidence = predictions.map((p) =>
    p.sample.views.map((view, v) => ({
      ...evidenceOf(p, v),
      appearance: appearanceOf(projection, view.features),
    })),
  );

  // [analysis view, whole photo], [analysis view, tighter crop], [whole photo, tighter crop].
  const onePet = evidence.flatMap(([crop, , whole, tight]) => [
    [crop!, whole!],
    [crop!, tight!],
    [whole!, tight!],
  ]);
  const differentPets = {
    sameBreed: [] as PhotoEvidence[][],
    otherBreed: [] as PhotoEvidence[][],
    otherSpecies: [] as PhotoEvidence[][],
  };
  samples.forEach((a, i) => {
    for (let k = i + 1; k < samples.length; k++) {
      const [x, y] = [findBreed(classes[a.breedIndex]!)!, findBreed(classes[samples[k]!.breedIndex]!)!];
      const kind = x === y ? "sameBreed" : x.species === y.species ? "otherBreed" : "otherSpecies";
      differentPets[kind].push([evidence[i]![0]!, evidence[k]![0]!]);
    }
  });
  const passes = (pairs: PhotoEvidence[][], rule: SamePetRule) =>
    pairs.filter(([a, b]) => samePetAs([a!], b!, rule).same).length;
  // The breeds first: the highest overlap (in hundredths) that splits at most SPLIT_MAX of the
  // pairs of one pet; then the lowest appearance threshold that lets at most MERGE_MAX of the
  // pairs of two breeds through both.
  let minOverlap = 0;
  for (let b = 100; b >= 0; b--) {
    const rule = { minSimilarity: -1, minOverlap: b / 100 };
    if (onePet.length - passes(onePet, rule) <= SPLIT_MAX * onePet.length) {
      minOverlap = b / 100;
      break;
    }
  }
  let rule: SamePetRule = { minSimilarity: 1, minOverlap };
  for (let t = -100; t <= 100; t++) {
    const candidate = { minSimilarity: t / 100, minOverlap };
    if (passes(differentPets.otherBreed, candidate) <= MERGE_MAX * differentPets.otherBreed.length) {
      rule = candidate;
      break;
    }
  }
  const merged = (pairs: PhotoEvidence[][]) => ({ pairs: pairs.length, merged: passes(pairs, rule) });
  const rates: SamePetRates = {
    threshold: rule.minSimilarity,
    minOverlap: rule.minOverlap,
    onePet: { pairs: onePet.length, split: onePet.length - passes(onePet, rule) },
    differentPets: {
      sameBreed: merged(differentPets.sameBreed),
      otherBreed: merged(differentPets.otherBreed),
      otherSpecies: merged(differentPets.otherSpecies),
    },
  };
  const share = ({ pairs, merged }: { pairs: number; merged: number }) => pct(merged / pairs);
  console.log(
    `Same pet: breeds overlapping at least ${rule.minOverlap}, appearance from ${rule.minSimilarity}: ` +
      `${pct(rates.onePet.split / rates.onePet.pairs)} of ${rates.onePet.pairs} pairs of one pet split; ` +
      `pairs of different pets merged: same breed ${share(rates.differentPets.sameBreed)}, ` +
      `other breed ${share(rates.differentPets.otherBreed)}, other species ${share(rates.differentPets.otherSpecies)}`,
  );
  return { mean, components, rule, rates };
}

/**
 * The top `dims` principal components of centred rows, whitened: from the rows' Gram matrix
 * (photos × photos, smaller than features × features) by orthogonal iteration, then mapped back
 * to the features and divided by the spread of the rows along each.
 */
function principalComponents(rows: Float64Array[], dims: number): Float32Array {
  const n = rows.length;
  const featureCount = rows[0]!.length;
  const dot = (a: Float64Array, b: Float64Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
  const gram = rows.map((a) => Float64Array.from(rows, (b) => dot(a, b)));
  // Columns of q: the Gram matrix's leading eigenvectors (a deterministic start).
  let q = Array.from({ length: dims }, (_, j) =>
    Float64Array.from({ length: n }, (_, i) => Math.sin(i * 7 + j * 13 + 1)),
  );
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const z = q.map((column) => Float64Array.from(gram, (row) => dot(row, column)));
    for (let j = 0; j < dims; j++) {
      for (let p = 0; p < j; p++) {
        const overlap = dot(z[j]!, z[p]!);
        z[j] = z[j]!.map((x, i) => x - overlap * z[p]![i]!);
      }
      const length = Math.sqrt(dot(z[j]!, z[j]!));
      z[j] = z[j]!.map((x) => x / length);
    }
    q = z;
  }
  const components = new Float32Array(featureCount * dims);
  for (let j = 0; j < dims; j++) {
    // The component along the features, at unit length; the rows' spread along it is √(λ / n).
    const direction = new Float64Array(featureCount);
    rows.forEach((row, i) => row.forEach((x, f) => (direction[f]! += x * q[j]![i]!)));
    const length = Math.sqrt(dot(direction, direction));
    const spread = length / Math.sqrt(n);
    for (let f = 0; f < featureCount; f++) components[f * dims + j] = direction[f]! / length / spread;
  }
  return components;
}
