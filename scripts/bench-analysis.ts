/**
 * On-device analysis benchmark: runs the Features page's real pipeline (Web Worker, TF.js WASM,
 * COCO detector + the shipped breed model: MobileNet V2 and the pet head) in headless Chromium on
 * the Oxford-IIIT photos in ../shared/photos/oxford-pets and reports model load time and bytes,
 * time to result, species and breed accuracy against manifest.csv (with the targets it is held to),
 * calibration, and the worker's memory over 20 analyses.
 *   npm run bench:analysis       (builds first if there is no build)
 * Environment: BUILD_DIR (build), BENCH_PORT (a free port), CHROMIUM_PATH (/usr/bin/chromium).
 * Writes everything to bench-results/analysis-<timestamp>.json. Exits 1 when a photo could not be
 * analysed or the worker's tensor count grew.
 * The measurements and the report are in scripts/analysis/ beside the page driver (page-analysis.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { STAGE_LABELS } from "../app/features/analysis/analyzer";
import { makeTwelveMegapixelJpeg } from "./analysis/big-photo";
import { report } from "./analysis/bench-report";
import { measureModelLoad, measureReturning } from "./analysis/model-load";
import {
  ANALYSIS_TIMEOUT_MS,
  ROOT,
  analyse,
  breedModelUrls,
  ensureBuild,
  installProbe,
  openFeatures,
  readManifest,
  score,
  startAnalysisServer,
  warmServer,
  type Analysis,
  type PhotoResult,
} from "./analysis/page-analysis";
import { MEMORY_RUNS, measureWorkerMemory } from "./analysis/worker-memory";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build");
const PHOTO_DIR = path.resolve(ROOT, "../shared/photos/oxford-pets");
const BIG_PHOTO_RUNS = 3;
const BIG_PHOTO_SOURCE = "samoyed_108.jpg";
const OFFLINE_READY = "Ready to work offline";

const truths = readManifest(PHOTO_DIR);
ensureBuild(BUILD_DIR);

const { origin, tmp, stop } = await startAnalysisServer("bench-analysis", BUILD_DIR);

let browser: Browser | undefined;
try {
  const breedModelFiles = await breedModelUrls(origin);
  await warmServer(origin, BUILD_DIR, breedModelFiles);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, "--enable-precise-memory-info"],
  });
  const chromiumVersion = browser.version();
  console.log(`Chromium ${chromiumVersion}, ${truths.length} photos, the shipped breed model`);

  console.log("\n1. Model load, fresh browser context (empty cache)…");
  const modelLoad = await measureModelLoad(
    browser,
    origin,
    breedModelFiles,
    path.join(PHOTO_DIR, truths[0]!.file),
  );

  console.log("2. Every photo through the page, the first with cold models…");
  const context = await browser.newContext();
  await context.addInitScript(installProbe, Object.values(STAGE_LABELS));
  const page = await context.newPage();
  await openFeatures(page, origin);
  const results: PhotoResult[] = [];
  for (const truth of truths) {
    const analysis = await analyse(page, path.join(PHOTO_DIR, truth.file));
    results.push(score(truth, analysis));
    process.stdout.write(results.length % 10 ? "." : String(results.length));
  }
  console.log();

  console.log(`3. A 12 MP JPEG (${BIG_PHOTO_SOURCE} upscaled to 4000×3000), ${BIG_PHOTO_RUNS} runs…`);
  const bigPhoto = path.join(tmp, "pet-12mp.jpg");
  fs.writeFileSync(bigPhoto, await makeTwelveMegapixelJpeg(page, path.join(PHOTO_DIR, BIG_PHOTO_SOURCE)));
  const bigRuns: Analysis[] = [];
  for (let i = 0; i < BIG_PHOTO_RUNS; i++) bigRuns.push(await analyse(page, bigPhoto));

  console.log(`4. Worker memory over ${MEMORY_RUNS} more analyses…`);
  const { before: memoryBefore, after: memoryAfter } = await measureWorkerMemory(
    browser,
    page,
    truths.map((truth) => path.join(PHOTO_DIR, truth.file)),
  );

  console.log(
    "5. A returning visitor: /features loaded afresh, the analysis files kept by the service worker…",
  );
  await page.getByText(OFFLINE_READY).waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
  await page.close();
  const returning = await measureReturning(context, origin, path.join(PHOTO_DIR, truths[0]!.file));
  await context.close();

  const summary = report({
    modelLoad,
    results,
    bigRuns,
    bigPhotoBytes: fs.statSync(bigPhoto).size,
    memoryBefore,
    memoryAfter,
    returning,
  });
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  const out = path.join(
    ROOT,
    "bench-results",
    `analysis-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  const json = {
    date: new Date().toISOString(),
    chromium: chromiumVersion,
    summary,
    modelLoad,
    results,
    bigRuns,
    memoryBefore,
    memoryAfter,
    returning,
  };
  fs.writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nFull results: ${path.relative(ROOT, out)}`);
} finally {
  await browser?.close();
  await stop();
}
