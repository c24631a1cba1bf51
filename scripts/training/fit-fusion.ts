/**
 * How the trained head is fused with the ImageNet classifier, for scripts/train-breeds.ts: the
 * fusion's weights, temperatures and "not sure" thresholds, and how several photos of one pet
 * are pooled, all fitted on the out-of-fold predictions.
 */
import { scoresByBreed } from "../../app/features/analysis/engine/classify";
import { fuse, type PetHeadFile } from "../../app/engine/scores/pet-head";
import { combineEvidence, photoEvidence } from "../../app/engine/scores/evidence";
import type { Species } from "../../app/domain/pets";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { expectedCalibrationError } from "../models/calibration";
import { pct, type Prediction } from "./out-of-fold";
import { headOf, NEUTRAL_FUSION } from "./softmax-head";

/** The "not sure" threshold is the lowest whose confident answers are right this often. */
const CONFIDENT_ACCURACY = 0.97;
/**
 * The ImageNet classifier keeps at least this share of each species' breed mixture: the Oxford
 * photos alone would fit it to zero (the head knows all their breeds), and breeds the head never
 * saw (most of ImageNet's 118 dogs, a tabby's Domestic Shorthair) could then never win. Weighed
 * out of fold (docs/decisions/018-measured-analysis.md): 0.5 / 0.3 left 38 % of answers "not
 * sure" (ImageNet's confident "Siamese" for a Ragdoll or a Birman); 0.3 / 0.1 leaves 21 % with
 * the named breeds as often right (97 %). Trusting ImageNet fully on the breeds the head never
 * saw cost a fifth of the right answers.
 */
const IMAGENET_SHARE_MIN: Record<Species, number> = { dog: 0.3, cat: 0.1 };

/**
 * Grid search of the fusion on the out-of-fold predictions: the species weight by species
 * accuracy, then per species the ImageNet share and temperature by log-loss of the true breed,
 * then the "not sure" threshold.
 */
export function fitFusion(
  classes: string[],
  predictions: Prediction[],
  descriptor: Parameters<typeof scoresByBreed>[0],
): PetHeadFile["fusion"] {
  const truth = (p: Prediction) => findBreed(classes[p.sample.breedIndex]!)!;
  const imagenet = predictions.map((p) => scoresByBreed(descriptor, p.sample.views[0]!.probabilities));
  const grid = (from: number, to: number, step: number) =>
    Array.from(
      { length: Math.round((to - from) / step) + 1 },
      (_, i) => Math.round((from + i * step) * 100) / 100,
    );
  const fused = (fusion: PetHeadFile["fusion"]) => {
    const head = {
      ...headOf(
        classes,
        { weights: new Float32Array(1280 * classes.length), bias: new Float32Array(classes.length) },
        fusion,
      ).head,
    };
    return predictions.map((p, i) => fuse(head, p.headProbs, imagenet[i]!));
  };
  let fusion = NEUTRAL_FUSION;
  let best = -1;
  for (const w of grid(0, 1, 0.05)) {
    const candidate = { ...fusion, speciesImagenetWeight: w };
    const right = fused(candidate).filter(
      (f, i) => (f.species.cat > 0.5 ? "cat" : "dog") === truth(predictions[i]!).species,
    ).length;
    if (right > best) [best, fusion] = [right, candidate];
  }
  console.log(
    `Species, out of fold: ${best}/${predictions.length} with ImageNet weight ${fusion.speciesImagenetWeight.toFixed(2)}`,
  );

  for (const species of ["dog", "cat"] as Species[]) {
    const mine = predictions.map((p, i) => [p, i] as const).filter(([p]) => truth(p).species === species);
    let bestLoss = Infinity;
    for (const w of grid(IMAGENET_SHARE_MIN[species], 0.9, 0.05)) {
      for (const t of grid(0.3, 2.5, 0.05)) {
        const candidate = {
          ...fusion,
          breedImagenetWeight: { ...fusion.breedImagenetWeight, [species]: w },
          temperature: { ...fusion.temperature, [species]: t },
        };
        const all = fused(candidate);
        const loss = mine.reduce((sum, [p, i]) => {
          const entry = all[i]!.breeds[species].find((e) => e.breed === truth(p));
          return sum - Math.log(Math.max(entry?.confidence ?? 0, 1e-6));
        }, 0);
        if (loss < bestLoss) [bestLoss, fusion] = [loss, candidate];
      }
    }
    const all = fused(fusion);
    const top1 = mine.filter(([p, i]) => all[i]!.breeds[species][0]?.breed === truth(p)).length;
    console.log(
      `${species}s, out of fold: top-1 ${top1}/${mine.length}; ImageNet share ${fusion.breedImagenetWeight[species].toFixed(2)}, ` +
        `temperature ${fusion.temperature[species].toFixed(2)}, log-loss ${(bestLoss / mine.length).toFixed(3)}`,
    );
  }

  // The analysis's answers: species by the fusion, breed within it; a threshold per species
  // (ImageNet's confident "Siamese" for a Ragdoll makes cats need more).
  const answers = fused(fusion).map((f, i) => {
    const species: Species = f.species.cat > 0.5 ? "cat" : "dog";
    const top = f.breeds[species][0]!;
    return { species, confidence: top.confidence, right: top.breed === truth(predictions[i]!) };
  });
  const threshold = (mine: typeof answers) =>
    [...new Set(mine.map((a) => a.confidence))]
      .sort((a, b) => a - b)
      .find((t) => {
        const confident = mine.filter((a) => a.confidence >= t);
        return confident.filter((a) => a.right).length >= CONFIDENT_ACCURACY * confident.length;
      }) ?? 1;
  const confidentMin = Object.fromEntries(
    (["dog", "cat"] as const).map((species) => [
      species,
      Math.round(threshold(answers.filter((a) => a.species === species)) * 1000) / 1000,
    ]),
  ) as Record<Species, number>;
  fusion = { ...fusion, confidentMin };
  const confident = answers.filter((a) => a.confidence >= confidentMin[a.species]);
  console.log(
    `Fused, out of fold: top-1 ${answers.filter((a) => a.right).length}/${answers.length}; ` +
      `"not sure" below ${confidentMin.dog} (dogs), ${confidentMin.cat} (cats): ${confident.length} named, ` +
      `${confident.filter((a) => a.right).length} right; expected calibration error ${pct(expectedCalibrationError(answers))}`,
  );
  return { ...fusion, pooling: fitPooling(fused(fusion), predictions.map(truth), fusion) };
}

/**
 * How several photos of one pet are pooled: out-of-fold answers of different photos of one
 * breed, in pairs and triples, pooled with each candidate; the lowest log-loss of the true breed
 * (species and breed together) wins.
 */
function fitPooling(
  fused: ReturnType<typeof fuse>[],
  truths: ReturnType<typeof findBreed>[],
  fusion: PetHeadFile["fusion"],
): number {
  const evidence = fused.map(photoEvidence);
  const byBreed = new Map<string, number[]>();
  truths.forEach((breed, i) => byBreed.set(breed!.id, [...(byBreed.get(breed!.id) ?? []), i]));
  const groups = [2, 3].flatMap((size) =>
    [...byBreed.values()].flatMap((photos) =>
      Array.from({ length: Math.floor(photos.length / size) }, (_, g) =>
        photos.slice(g * size, g * size + size),
      ),
    ),
  );
  const score = (pooling: number) => {
    let loss = 0;
    let right = 0;
    let confident = 0;
    let confidentRight = 0;
    for (const group of groups) {
      const truth = truths[group[0]!]!;
      const combined = combineEvidence(
        group.map((i) => evidence[i]!),
        pooling,
      );
      const entry = combined.breeds[truth.species].find((e) => e.breed === truth);
      loss -= Math.log(Math.max(combined.species[truth.species] * (entry?.confidence ?? 0), 1e-6));
      const species: Species = combined.species.cat > combined.species.dog ? "cat" : "dog";
      const top = combined.breeds[species][0]!;
      if (top.breed === truth) right++;
      if (top.confidence >= fusion.confidentMin[species]) {
        confident++;
        if (top.breed === truth) confidentRight++;
      }
    }
    return { loss: loss / groups.length, right, confident, confidentRight };
  };
  let best = { pooling: 1, ...score(1) };
  for (let pooling = 0; pooling <= 1.0001; pooling += 0.05) {
    const candidate = { pooling: Math.round(pooling * 100) / 100, ...score(pooling) };
    if (candidate.loss < best.loss) best = candidate;
  }
  // The same groups' first photos alone, for comparison.
  const alone = groups.map((group) => {
    const truth = truths[group[0]!]!;
    const f = fused[group[0]!]!;
    const species: Species = f.species.cat > f.species.dog ? "cat" : "dog";
    const top = f.breeds[species][0]!;
    return { right: top.breed === truth, confident: top.confidence >= fusion.confidentMin[species] };
  });
  console.log(
    `Several photos of one pet, out of fold (${groups.length} pairs and triples): pooling ${best.pooling}, ` +
      `top-1 ${best.right}/${groups.length}, ${best.confident} named, ${best.confidentRight} right, log-loss ${best.loss.toFixed(3)} ` +
      `(their first photo alone: top-1 ${alone.filter((a) => a.right).length}, ${alone.filter((a) => a.confident).length} named, ` +
      `${alone.filter((a) => a.confident && a.right).length} right)`,
  );
  return best.pooling;
}
