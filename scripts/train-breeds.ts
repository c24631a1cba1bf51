/**
 * Trains PawPal's pet head (app/engine/scores/pet-head.ts) on the 1,280 pooled
 * features of the shipped MobileNet V2, and fits how it is fused with the ImageNet classifier.
 *
 * Usage: npm run train:breeds -- --data DIR [--model DIR] [--cache FILE]
 * DIR holds the photos and a manifest.csv (file,species,breed) with Oxford-IIIT breed names.
 * Photos are read, never copied. Writes pet-head.json and its weights into --model.
 *
 * 1. Every photo goes through the analysis as the worker runs it (detector box, crop); extra
 *    views (mirrored, whole photo, tighter crop) are augmentation.
 * 2. A softmax layer is trained with weight decay on standardised features.
 * 3. Five-fold out-of-fold predictions of the photos' analysis view fit the fusion weights and
 *    temperatures (lowest log-loss), and the answer's thresholds with a margin, measured on
 *    folds that did not fit them.
 * 4. The same predictions, grouped into pairs and triples of different photos of one breed, fit
 *    how several photos of one pet are pooled (engine/evidence.ts).
 * 5. The photos' features fit the appearance projection and the same-pet threshold
 *    (engine/scores/same-pet.ts).
 * The out-of-fold answers and rates are written to --report (app/content/analysis-out-of-fold.json),
 * which /accuracy states beside the held-out run of eval:breeds.
 * The steps' code is in scripts/training/: photo-features (1), softmax-head (2), out-of-fold,
 * fit-fusion and fit-thresholds (3, 4), fit-same-pet (5).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import { loadBackbone } from "../app/features/analysis/engine/load-models";
import { fuse, PET_HEAD_FILE } from "../app/engine/scores/pet-head";
import { writeJson } from "./models/write-json";
import { fitFusion } from "./training/fit-fusion";
import { fitSamePet } from "./training/fit-same-pet";
import { outOfFoldPredictions } from "./training/out-of-fold";
import { cachedSamples, manifestClasses, readFromDisk } from "./training/photo-features";
import { headOf, trainedZeros, trainHead } from "./training/softmax-head";
import { photoEvidence } from "../app/engine/scores/evidence";
import { scoresByBreed } from "../app/features/analysis/engine/classify";

const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    model: { type: "string", default: path.resolve("public/models/breed") },
    report: { type: "string", default: path.resolve("app/content/analysis-out-of-fold.json") },
    cache: { type: "string" },
    seed: { type: "string", default: "1" },
  },
});
if (!args.data) throw new Error("Usage: npm run train:breeds -- --data DIR");

async function main() {
  await tf.setBackend("wasm");
  const classifier = await loadBackbone(readFromDisk, `file://${path.resolve(args.model)}/`);
  const classes = manifestClasses(args.data!);

  // The features depend on the backbone: its cache file is named after the model's hash.
  const modelHash = createHash("sha256")
    .update(fs.readFileSync(path.join(args.model, "model.json")))
    .digest("hex")
    .slice(0, 12);
  const cache = args.cache ?? path.join(os.tmpdir(), `pawpal-breed-features-${modelHash}.json`);
  const samples = await cachedSamples(cache, args.data!, args.model, classes);

  const predictions = outOfFoldPredictions(samples, classes, Number(args.seed));
  const fitted = fitFusion(classes, predictions, classifier.descriptor);
  const scoring = headOf(classes, trainedZeros(classes.length), fitted.fusion).head;
  const samePet = fitSamePet(predictions, classes, (p, view) =>
    photoEvidence(
      fuse(
        scoring,
        p.viewHeadProbs[view]!,
        scoresByBreed(classifier.descriptor, p.sample.views[view]!.probabilities),
      ),
    ),
  );
  const fusion = { ...fitted.fusion, samePet: samePet.rule };
  const trained = trainHead(
    samples.flatMap((s) => s.views.map((v) => v.features)),
    samples.flatMap((s) => s.views.map(() => s.breedIndex)),
    classes.length,
    99,
  );
  const { file, data } = headOf(classes, trained, fusion, samePet);
  const bytes = new Uint8Array(data.buffer);
  const weightsUrl = `pet-head-${createHash("sha256").update(bytes).digest("hex").slice(0, 12)}.bin`;
  for (const old of fs.readdirSync(args.model).filter((name) => /^pet-head-.*\.bin$/.test(name)))
    fs.rmSync(path.join(args.model, old));
  fs.writeFileSync(path.join(args.model, weightsUrl), bytes);
  await writeJson(path.join(args.model, PET_HEAD_FILE), { ...file, weightsUrl });
  console.log(
    `Wrote ${PET_HEAD_FILE} and ${weightsUrl} (${(bytes.length / 1024).toFixed(0)} KiB) into ${args.model}`,
  );
  await writeJson(args.report!, {
    date: new Date().toISOString(),
    petHead: weightsUrl,
    photos: samples.length,
    dataset: path.basename(path.resolve(args.data!)),
    calibrationError: Math.round(fitted.calibration * 1e4) / 1e4,
    thresholds: { confidentMin: fusion.confidentMin, mixPairMin: fusion.mixPairMin },
    fitted: fitted.fitted,
    outOfFold: fitted.nested,
    samePet: samePet.rates,
    rows: fitted.rows,
  });
  console.log(`Wrote ${path.relative(process.cwd(), args.report!)}`);
}

await main();
