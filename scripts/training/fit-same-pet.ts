/**
 * How the analysis tells one pet from another, for scripts/train-breeds.ts (engine/scores/same-pet.ts):
 * the appearance projection (the training photos' principal components of the backbone's features,
 * whitened, APPEARANCE_DIMENSIONS of them) and the similarity from which two photos count as the
 * same pet. Oxford-IIIT names no individual animals, so pairs of one pet are two views of one
 * photo (the detector's crop, the whole photo, a tighter crop that is mirrored every other
 * photo): they share the background and light that two real photos of a pet may not. So the
 * threshold is set by the merges that mislead, pairs of different breeds of one species (at most
 * MERGE_MAX of them pass), and the split pairs of one pet are measured: a split photo costs a
 * click ("start a new analysis"), a merge a wrong answer. Pets of one breed may merge: their
 * answer is the same breed. Different species are told apart by the species check first.
 */
import { APPEARANCE_DIMENSIONS } from "../../app/domain/breed-evidence";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { appearanceOf } from "../../app/engine/scores/pet-head";
import { appearanceSimilarity } from "../../app/engine/scores/same-pet";
import { pct } from "./out-of-fold";
import type { Sample } from "./photo-features";

/** At most this share of the pairs of photos of two breeds of one species may pass as one pet. */
const MERGE_MAX = 0.01;
const ITERATIONS = 80;

export type SamePetRates = {
  threshold: number;
  onePet: { pairs: number; split: number };
  differentPets: Record<"sameBreed" | "otherBreed" | "otherSpecies", { pairs: number; merged: number }>;
};

export type SamePetFit = {
  mean: Float32Array;
  /** [features × dimensions], row-major, each component divided by its spread (whitened). */
  components: Float32Array;
  minSimilarity: number;
  rates: SamePetRates;
};

export function fitSamePet(samples: Sample[], classes: string[]): SamePetFit {
  const featureCount = samples[0]!.views[0]!.features.length;
  const dims = APPEARANCE_DIMENSIONS;
  const rows = samples.map((s) => s.views[0]!.features);
  const mean = new Float32Array(featureCount);
  for (const row of rows) for (let f = 0; f < featureCount; f++) mean[f]! += row[f]! / rows.length;
  const components = principalComponents(
    rows.map((row) => Float64Array.from(row, (x, f) => x - mean[f]!)),
    dims,
  );
  const projection: Parameters<typeof appearanceOf>[0] = {
    featureCount,
    appearanceDimensions: dims,
    appearanceMean: mean,
    appearanceComponents: components,
  };
  const looks = samples.map((s) => s.views.map((v) => appearanceOf(projection, v.features)));

  // [analysis view, whole photo], [analysis view, tighter crop], [whole photo, tighter crop].
  const onePet = looks.flatMap(([crop, , whole, tight]) =>
    [
      [crop!, whole!],
      [crop!, tight!],
      [whole!, tight!],
    ].map(([a, b]) => appearanceSimilarity(a!, b!)),
  );
  const differentPets = {
    sameBreed: [] as number[],
    otherBreed: [] as number[],
    otherSpecies: [] as number[],
  };
  samples.forEach((a, i) => {
    for (let k = i + 1; k < samples.length; k++) {
      const [x, y] = [findBreed(classes[a.breedIndex]!)!, findBreed(classes[samples[k]!.breedIndex]!)!];
      const kind = x === y ? "sameBreed" : x.species === y.species ? "otherBreed" : "otherSpecies";
      differentPets[kind].push(appearanceSimilarity(looks[i]![0]!, looks[k]![0]!));
    }
  });
  // The lowest threshold (in hundredths) that merges at most MERGE_MAX of the pairs of two breeds.
  let minSimilarity = 1;
  for (let t = -100; t <= 100; t++) {
    if (
      differentPets.otherBreed.filter((s) => s >= t / 100).length <=
      MERGE_MAX * differentPets.otherBreed.length
    ) {
      minSimilarity = t / 100;
      break;
    }
  }
  const merged = (values: number[]) => ({
    pairs: values.length,
    merged: values.filter((s) => s >= minSimilarity).length,
  });
  const rates: SamePetRates = {
    threshold: minSimilarity,
    onePet: { pairs: onePet.length, split: onePet.filter((s) => s < minSimilarity).length },
    differentPets: {
      sameBreed: merged(differentPets.sameBreed),
      otherBreed: merged(differentPets.otherBreed),
      otherSpecies: merged(differentPets.otherSpecies),
    },
  };
  const share = ({ pairs, merged }: { pairs: number; merged: number }) => pct(merged / pairs);
  console.log(
    `Same pet from similarity ${minSimilarity}: ${pct(rates.onePet.split / rates.onePet.pairs)} of ${rates.onePet.pairs} pairs of one pet split; ` +
      `pairs of different pets merged: same breed ${share(rates.differentPets.sameBreed)}, ` +
      `other breed ${share(rates.differentPets.otherBreed)}, other species ${share(rates.differentPets.otherSpecies)} ` +
      `(before the species check)`,
  );
  return { mean, components, minSimilarity, rates };
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
