/**
 * Breed evaluation: runs the shipped photo analysis exactly as a visitor does (the built server,
 * headless Chromium, the /features page's file input, the report as shown) on a folder of
 * labelled photos, and prints and writes what it measured: species accuracy, the breed's top-1
 * and top-3 (overall and per species), the kinds of answer (named with confidence, a mix, not
 * sure) and how often each is right, the calibration of the top confidence, timings, per breed
 * and per photo; then pairs of photos of two different pets offered as one (analysis/mixed-sets.ts)
 * and how many the analysis pooled anyway (its false merges). The site's stated figures come from such a run (app/content/analysis-accuracy.json).
 *   npm run eval:breeds -- --data DIR [--out FILE]
 * DIR holds the photos and manifest.csv (`file,species,breed`, Oxford-IIIT breed names).
 * Environment: BUILD_DIR (build; built first when missing), BENCH_PORT (a free port),
 * CHROMIUM_PATH (/usr/bin/chromium). Writes bench-results/eval-breeds-<timestamp>.json unless
 * --out says where. Exits 1 when a photo could not be analysed, the breed model did not run, or a
 * report did not say what kind of answer it gave.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { STAGE_LABELS } from "../app/features/analysis/analyzer";
import { BREED_MODEL_PATH } from "../app/domain/analysis";
import { expectedCalibrationError } from "./models/calibration";
import { writeJson } from "./models/write-json";
import {
  ROOT,
  analyse,
  breedModelUrls,
  ensureBuild,
  installProbe,
  ms,
  openFeatures,
  percentile,
  rate,
  readManifest,
  score,
  startAnalysisServer,
  warmServer,
  type AnswerKind,
  type PhotoResult,
  type Truth,
} from "./analysis/page-analysis";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { mixedSummary, offerAsOnePet, pairsOfDifferentPets, type MixedResult } from "./analysis/mixed-sets";

const { values: args } = parseArgs({
  options: { data: { type: "string" }, out: { type: "string" } },
});
if (!args.data) {
  console.error("Usage: npm run eval:breeds -- --data DIR [--out FILE]");
  process.exit(2);
}
const DATA_DIR = path.resolve(args.data);
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build");
const startedAt = new Date();
const OUT = path.resolve(
  args.out ??
    path.join(ROOT, "bench-results", `eval-breeds-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`),
);

const truths = readManifest(DATA_DIR);
const truthByFile = new Map(truths.map((truth) => [truth.file, truth]));
ensureBuild(BUILD_DIR);
const source = sourceState();

const { origin, stop } = await startAnalysisServer("eval-breeds", BUILD_DIR);

let browser: Browser | undefined;
try {
  const model = await modelIdentity();
  await warmServer(origin, BUILD_DIR, await breedModelUrls(origin));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const chromiumVersion = browser.version();
  console.log(
    `Chromium ${chromiumVersion}, ${truths.length} photos of ${path.basename(DATA_DIR)}, ` +
      `the breed model ${model.backbone} + ${model.petHead}`,
  );

  const context = await browser.newContext();
  await context.addInitScript(installProbe, Object.values(STAGE_LABELS));
  const page = await context.newPage();
  await openFeatures(page, origin);
  const results: PhotoResult[] = [];
  for (const truth of truths) {
    results.push(score(truth, await analyse(page, path.join(DATA_DIR, truth.file))));
    process.stdout.write(results.length % 10 ? "." : String(results.length));
  }
  console.log();
  const mixed: MixedResult[] = [];
  for (const pair of pairsOfDifferentPets(truths)) {
    mixed.push(await offerAsOnePet(page, pair, (truth) => path.join(DATA_DIR, truth.file)));
    process.stdout.write(mixed.length % 10 ? "+" : String(mixed.length));
  }
  console.log();
  await context.close();

  const evaluation = evaluate(results, {
    date: startedAt.toISOString(),
    chromium: chromiumVersion,
    machine: { cpus: os.cpus().length, platform: `${os.platform()} ${os.arch()}` },
    source,
    model,
    dataset: datasetInfo(),
  });
  const evaluationWithPairs = { ...evaluation, differentPets: mixedSummary(mixed) };
  printReport(evaluationWithPairs, results);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  await writeJson(OUT, evaluationWithPairs);
  console.log(`\nWritten: ${path.relative(process.cwd(), OUT) || OUT}`);
  // A breed evaluation without a breed answer measures nothing: the breed model did not run, or
  // the report's card did not say what it answered (data-answer).
  const errors = results.filter((r) => r.error);
  const noBreedModel = results.filter((r) => !r.error && r.kind === "unavailable");
  const unknown = results.filter((r) => !r.error && r.kind === null);
  if (errors.length) console.log(`FAIL: ${errors.length} photos could not be analysed on the device.`);
  if (noBreedModel.length) console.log(`FAIL: the breed model did not run on ${noBreedModel.length} photos.`);
  if (unknown.length)
    console.log(`FAIL: ${unknown.length} reports did not say their kind of answer (data-answer).`);
  if (evaluationWithPairs.differentPets.errors)
    console.log(
      `FAIL: ${evaluationWithPairs.differentPets.errors} pairs of different pets could not be offered.`,
    );
  if (errors.length || noBreedModel.length || unknown.length || evaluationWithPairs.differentPets.errors)
    process.exitCode = 1;
} finally {
  await browser?.close();
  await stop();
}

type Count = { right: number; photos: number; rate: number };
function count<T>(rows: T[], ok: (row: T) => boolean): Count {
  const right = rows.filter(ok).length;
  return { right, photos: rows.length, rate: rows.length ? round(right / rows.length) : 0 };
}
function round(value: number, digits = 4) {
  return Number(value.toFixed(digits));
}

/** One photo's row of the JSON: what it is, what the page answered, and whether that was right. */
function photoRow(r: PhotoResult) {
  const truth = truthByFile.get(r.file)!;
  const ids = r.answer.guesses.map((guess) => guess.id);
  return {
    file: r.file,
    species: r.truth.species,
    breedId: r.truth.breedId,
    breedName: truth.breed.name,
    oxfordBreed: r.truth.oxfordBreed,
    answer: { species: r.answer.species, kind: r.kind, guesses: r.answer.guesses },
    speciesRight: r.speciesOk,
    top1: r.top1,
    top3: r.top3,
    /** A mix answer names its first two guesses. */
    mixHasBreed: r.kind === "mix" ? ids.slice(0, 2).includes(r.truth.breedId) : null,
    pageMs: Math.round(r.ms),
    workerMs: r.worker ? Math.round(r.worker.total) : null,
    error: r.error,
  };
}
type PhotoRow = ReturnType<typeof photoRow>;

function evaluate<Header extends object>(results: PhotoResult[], header: Header) {
  const photos = results.map(photoRow);
  const answered = photos.filter((p) => !p.error);
  const bySpecies = (species: "dog" | "cat") => {
    const rows = photos.filter((p) => p.species === species);
    return {
      photos: rows.length,
      species: count(rows, (p) => p.speciesRight),
      top1: count(rows, (p) => p.top1),
      top3: count(rows, (p) => p.top3),
    };
  };
  const kind = (k: AnswerKind) => answered.filter((p) => p.answer.kind === k);
  const share = (rows: PhotoRow[]) => ({
    count: rows.length,
    share: photos.length ? round(rows.length / photos.length) : 0,
  });
  const identified = kind("identified");
  const mix = kind("mix");
  const withGuess = answered.filter((p) => p.answer.guesses[0]);
  const warm = results.slice(1).filter((r) => !r.error);
  const warmWorker = warm.flatMap((r) => (r.worker ? [r.worker.total] : []));
  const breeds = [...new Map(truths.map((t) => [t.breed.id, t])).values()];
  return {
    ...header,
    species: count(photos, (p) => p.speciesRight),
    top1: count(photos, (p) => p.top1),
    top3: count(photos, (p) => p.top3),
    bySpecies: { dog: bySpecies("dog"), cat: bySpecies("cat") },
    answers: {
      photos: photos.length,
      identified: { ...share(identified), right: identified.filter((p) => p.top1).length },
      mix: { ...share(mix), withBreed: mix.filter((p) => p.mixHasBreed).length },
      unsure: share(kind("unsure")),
      unavailable: share(kind("unavailable")),
      noPet: share(kind("no-pet")),
      unknown: share(answered.filter((p) => p.answer.kind === null)),
      errors: photos.length - answered.length,
    },
    calibration: {
      /** Expected calibration error of the top breed's confidence as the page shows it (whole %), 10 bins. */
      ece: round(
        expectedCalibrationError(
          withGuess.map((p) => ({ confidence: p.answer.guesses[0]!.percent / 100, right: p.top1 })),
        ),
      ),
      bins: 10,
      answers: withGuess.length,
    },
    timings: {
      /** The first photo: its models load after it is chosen (a fresh page, nothing cached). */
      cold: { pageMs: Math.round(results[0]!.ms), workerMs: results[0]!.worker?.total ?? null },
      warm: {
        photos: warm.length,
        workerMedianMs: Math.round(percentile(warmWorker, 50)),
        workerP90Ms: Math.round(percentile(warmWorker, 90)),
        pageMedianMs: Math.round(
          percentile(
            warm.map((r) => r.ms),
            50,
          ),
        ),
        pageP90Ms: Math.round(
          percentile(
            warm.map((r) => r.ms),
            90,
          ),
        ),
      },
    },
    perBreed: breeds
      .map((t) => {
        const rows = photos.filter((p) => p.breedId === t.breed.id);
        return {
          breedId: t.breed.id,
          name: t.breed.name,
          species: t.species,
          photos: rows.length,
          top1: rows.filter((p) => p.top1).length,
          top3: rows.filter((p) => p.top3).length,
        };
      })
      .sort((a, b) => a.species.localeCompare(b.species) || a.name.localeCompare(b.name)),
    photos,
  };
}
type Evaluation = ReturnType<
  typeof evaluate<{
    model: Awaited<ReturnType<typeof modelIdentity>>;
    dataset: ReturnType<typeof datasetInfo>;
  }>
>;

function printReport(
  e: Evaluation & { differentPets: ReturnType<typeof mixedSummary> },
  results: PhotoResult[],
) {
  const mark = (ok: boolean) => (ok ? "✓" : "✗");
  const KIND = { identified: "", mix: "mix ", unsure: "? ", unavailable: "n/a ", "no-pet": "" } as const;
  console.log("\nPer photo (? = not sure, mix = a mix of the first two)\n");
  console.log(`${"photo".padEnd(35)} species  top1 top3  ${"answer: top 3 breeds, %".padEnd(62)} ms`);
  for (const r of results) {
    const guesses = r.answer.guesses.map((g) => `${g.name} ${g.percent}`).join(" · ");
    const answer = r.error
      ? `ERROR: ${r.error}`
      : r.answer.species === "none"
        ? "no pet found"
        : `${r.kind ? KIND[r.kind] : "(kind?) "}${guesses}`;
    console.log(
      [
        r.file.padEnd(35),
        `${(r.answer.species ?? "?").padEnd(5)}${mark(r.speciesOk)}  `,
        ` ${mark(r.top1)}    ${mark(r.top3)}  `,
        answer.slice(0, 62).padEnd(62),
        `${Math.round(r.ms)}${r === results[0] ? " (cold)" : ""}`,
      ].join(" "),
    );
  }
  const pct = (value: number) => `${(100 * value).toFixed(1)} %`;
  const line = (c: Count) => `${c.right}/${c.photos} (${pct(c.rate)})`;
  const a = e.answers;
  const weak = e.perBreed.filter((b) => b.top1 < b.photos);
  const confusions = results
    .filter((r) => !r.error && !r.top1 && r.answer.guesses[0])
    .map(
      (r) =>
        `${r.truth.breedId} → ${r.answer.guesses[0]!.id} ${r.answer.guesses[0]!.percent}%${r.kind === "identified" ? "" : ` (${r.kind})`}`,
    );
  console.log(
    [
      "",
      `Data set: ${e.dataset.name} (${e.dataset.photos} photos: ${e.dataset.dogs} dogs, ${e.dataset.cats} cats, ${e.dataset.breeds} breeds)`,
      `Model: ${e.model.backbone}, ${e.model.petHead} (${e.model.petHeadClasses} classes), pet-head.json ${e.model.petHeadJson}`,
      "",
      `Species             ${line(e.species)}   dogs ${line(e.bySpecies.dog.species)}   cats ${line(e.bySpecies.cat.species)}`,
      `Breed top-1         ${line(e.top1)}   dogs ${line(e.bySpecies.dog.top1)}   cats ${line(e.bySpecies.cat.top1)}`,
      `Breed top-3         ${line(e.top3)}   dogs ${line(e.bySpecies.dog.top3)}   cats ${line(e.bySpecies.cat.top3)}`,
      "",
      `Answers of ${a.photos}: identified ${a.identified.count} (${pct(a.identified.share)}), mix ${a.mix.count} (${pct(a.mix.share)}), ` +
        `not sure ${a.unsure.count} (${pct(a.unsure.share)}), unavailable ${a.unavailable.count}, no pet ${a.noPet.count}, ` +
        `errors ${a.errors}${a.unknown.count ? `, kind unknown ${a.unknown.count}` : ""}`,
      `  identified and right  ${rate(
        results.filter((r) => r.kind === "identified"),
        (r) => r.top1,
      )}`,
      `  mix with the breed    ${a.mix.withBreed}/${a.mix.count}`,
      `  expected calibration error of the top confidence (${e.calibration.bins} bins): ${pct(e.calibration.ece)}`,
      `  wrong top-1 (truth → answer): ${confusions.join("; ") || "none"}`,
      `  breeds with a miss: ${weak.map((b) => `${b.name} ${b.top1}/${b.photos}`).join(", ") || "none"}`,
      "",
      `Two different pets offered as one, pooled anyway (false merges): ` +
        `two breeds of one species ${e.differentPets.sameSpecies.merged}/${e.differentPets.sameSpecies.pairs}, ` +
        `a dog and a cat ${e.differentPets.otherSpecies.merged}/${e.differentPets.otherSpecies.pairs}` +
        `${e.differentPets.errors ? `; ${e.differentPets.errors} pairs could not be offered` : ""}`,
      "",
      `Timings: first photo, cold models ${ms(e.timings.cold.pageMs)} (worker ${e.timings.cold.workerMs === null ? "n/a" : ms(e.timings.cold.workerMs)}); ` +
        `warm (${e.timings.warm.photos}) worker total median ${ms(e.timings.warm.workerMedianMs)}, p90 ${ms(e.timings.warm.workerP90Ms)}; ` +
        `photo chosen → result median ${ms(e.timings.warm.pageMedianMs)}, p90 ${ms(e.timings.warm.pageP90Ms)}`,
    ].join("\n"),
  );
}

/** The model files the server hands the worker, by their content-hashed names. */
async function modelIdentity() {
  const base = `${origin}${BREED_MODEL_PATH}`;
  const descriptor = (await (await fetch(`${base}descriptor.json`)).json()) as {
    modelUrl: string;
    headUrl: string;
  };
  const modelJson = (await (await fetch(new URL(descriptor.modelUrl, base))).json()) as {
    weightsManifest: { paths: string[] }[];
  };
  const headText = await (await fetch(new URL(descriptor.headUrl, base))).text();
  const head = JSON.parse(headText) as { classes: string[]; weightsUrl: string; fusion: unknown };
  return {
    backbone: modelJson.weightsManifest.flatMap((group) => group.paths).join(", "),
    petHead: head.weightsUrl,
    petHeadClasses: head.classes.length,
    /** pet-head.json carries the fusion and the thresholds: its own hash names them. */
    petHeadJson: createHash("sha256").update(headText).digest("hex").slice(0, 12),
    fusion: head.fusion,
  };
}

/** The data set: the folder's name, the first heading of its README, its counts. */
function datasetInfo() {
  const readme = path.join(DATA_DIR, "README.md");
  const title = fs.existsSync(readme)
    ? (/^#\s+(.+)$/m.exec(fs.readFileSync(readme, "utf8"))?.[1]?.trim() ?? null)
    : null;
  const of = (species: Truth["species"]) => truths.filter((t) => t.species === species).length;
  return {
    name: path.basename(DATA_DIR),
    title,
    photos: truths.length,
    dogs: of("dog"),
    cats: of("cat"),
    breeds: new Set(truths.map((t) => t.breed.id)).size,
  };
}

/**
 * What was measured: the commit, the working tree's uncommitted changes to the analysis or its
 * model files when the run started, and when the build it served was made (it may be older).
 */
function sourceState() {
  const builtAt = fs.statSync(path.join(BUILD_DIR, "start.js")).mtime.toISOString();
  try {
    const git = (...gitArgs: string[]) =>
      execFileSync("git", gitArgs, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const changed = git("status", "--porcelain", "--", "app/features/analysis", "public/models");
    return {
      commit: git("rev-parse", "--short", "HEAD").trim(),
      uncommitted: changed
        .split("\n")
        .filter(Boolean)
        .map((line) => line.slice(3)),
      builtAt,
    };
  } catch {
    return { commit: null, uncommitted: [], builtAt };
  }
}
