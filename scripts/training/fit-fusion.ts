/**
 * How the trained head is fused with the ImageNet classifier, for scripts/train-breeds.ts: the
 * fusion's weights, temperatures and answer thresholds (fit-thresholds.ts), and how several
 * photos of one pet are pooled, all fitted on the out-of-fold predictions.
 */
import { scoresByBreed } from "../../app/features/analysis/engine/classify";
import { fuse, type PetHeadFile } from "../../app/engine/scores/pet-head";
import { combineEvidence, photoEvidence } from "../../app/engine/scores/evidence";
import type { Species } from "../../app/domain/pets";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { expectedCalibrationError } from "../models/calibration";
import { pct, type Prediction } from "./out-of-fold";
import { headOf, NEUTRAL_FUSION, trainedZeros } from "./softmax-head";
import {
  countAnswers,
  fitThresholds,
  nestedCounts,
  type AnswerCounts,
  type AnswerRow,
} from "./fit-thresholds";

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
 * then the answer thresholds. Returns the fusion (less the same-pet rule) and the answers' rows.
 */
export function fitFusion(
  classes: string[],
  predictions: Prediction[],
  descriptor: Parameters<typeof scoresByBreed>[0],
) {
  const truth = (p: Prediction) => findBreed(classes[p.sample.breedIndex]!)!;
  const imagenet = predictions.map((p) => scoresByBreed(descriptor, p.sample.views[0]!.probabilities));
  const grid = (from: number, to: number, step: number) =>
    Array.from(
      { length: Math.round((to - from) / step) + 1 },
      (_, i) => Math.round((from + i * step) * 100) / 100,
    );
  const fused = (fusion: PetHeadFile["fusion"]) => {
    const head = headOf(classes, trainedZeros(classes.length), fusion).head;
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

  // The analysis's answers: species by the fusion, breed within it; the thresholds per species
  // (ImageNet's confident "Siamese" for a Ragdoll makes cats need more), fitted with a margin and
  // measured on answers that did not fit them (fit-thresholds.ts).
  const rows: AnswerRow[] = fused(fusion).map((f, i) => {
    const species: Species = f.species.cat > 0.5 ? "cat" : "dog";
    const breed = truth(predictions[i]!);
    return {
      fold: predictions[i]!.fold,
      species: breed.species,
      breed: breed.id,
      answered: species,
      guesses: f.breeds[species]
        .slice(0, 3)
        .map((entry): [string, number] => [entry.breed.id, Math.round(entry.confidence * 1e4) / 1e4]),
    };
  });
  const thresholds = fitThresholds(rows);
  fusion = { ...fusion, ...thresholds };
  const calibration = expectedCalibrationError(
    rows.map((row) => ({ confidence: row.guesses[0]![1], right: row.guesses[0]![0] === row.breed })),
  );
  const fitted = countAnswers(rows, () => thresholds);
  const nested = nestedCounts(rows);
  const line = (counts: AnswerCounts) =>
    `${counts.identified.count} named, ${counts.identified.right} right (${pct(counts.identified.right / counts.identified.count)}); ` +
    `${counts.mix.count} mixes, ${counts.mix.withBreed} holding the breed; ${counts.unsure.count} not sure (${pct(counts.unsure.count / counts.photos)})`;
  console.log(
    `Fused, out of fold: top-1 ${rows.filter((r) => r.guesses[0]![0] === r.breed).length}/${rows.length}, ` +
      `expected calibration error ${pct(calibration)}; named from ${thresholds.confidentMin.dog} (dogs), ${thresholds.confidentMin.cat} (cats), ` +
      `a mix from ${thresholds.mixPairMin.dog} / ${thresholds.mixPairMin.cat}\n` +
      `  on the photos that fitted them: ${line(fitted)}\n` +
      `  each fold under thresholds fitted on the others: ${line(nested)}`,
  );
  const pooling = fitPooling(fused(fusion), predictions.map(truth), fusion);
  return { fusion: { ...fusion, pooling }, rows, calibration, fitted, nested };
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
  const evidence = fused.map((scores) => photoEvidence(scores));
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
