/**
 * Drives the Features page's photo analysis as a visitor does, for the scripts that measure it
 * (`npm run bench:analysis`, `npm run eval:breeds`): the built server, headless Chromium, the
 * page's file input, and the report as it is shown. A probe installed before the page's own
 * scripts timestamps each photo choice, the status line and the worker's messages.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import type { Page } from "@playwright/test";
import { startBuiltServer, stopBuiltServer } from "../../tests/support/built-server";
import { BREED_MODEL_PATH } from "../../app/domain/analysis";
import type { Species } from "../../app/domain/pets";
import type { StageTimings } from "../../app/engine/scores/outcome";
import type { Breed } from "../../app/engine/knowledge/breeds";
import type { WorkerStartup } from "../../app/features/analysis/worker/protocol";
import { oxfordBreed } from "../models/oxford";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ANALYSIS_TIMEOUT_MS = 300_000; // a cold start on a busy 2-core machine is slow

/** A photo of a manifest.csv (`file,species,breed`, the breed in Oxford-IIIT's names). */
export type Truth = { file: string; species: Species; oxfordBreed: string; breed: Breed };

/** What the page probe records for one chosen photo (epoch milliseconds). */
export type ProbeRun = {
  chosenAt: number;
  doneAt: number | null;
  status: string | null;
  sawProgress: boolean;
  stages: { stage: string; at: number }[];
  timings: StageTimings | null;
  startup: WorkerStartup | null;
  /** When the worker's result reached the page: from there to doneAt is the care plan and its rendering. */
  resultAt: number | null;
};
export type Probe = { pageStart: number; hoveredAt: number | null; runs: ProbeRun[] };
declare global {
  interface Window {
    __pawpalBench: Probe;
  }
}

/**
 * The kind of answer the report gives, its card's data-answer: a breed named with confidence, a
 * mix of the first two, "not sure", no breed model, or no pet found.
 */
export type AnswerKind = "identified" | "mix" | "unsure" | "unavailable" | "no-pet";
const ANSWER_KINDS: readonly string[] = ["identified", "mix", "unsure", "unavailable", "no-pet"];

export type Answer = {
  species: Species | "none" | null;
  kind: AnswerKind | null;
  title: string | null;
  guesses: { id: string; name: string; percent: number }[];
};
export type Analysis = { ms: number; status: string; error: string | null; answer: Answer; run: ProbeRun };
export type PhotoResult = Omit<Analysis, "run"> & {
  file: string;
  truth: { species: Species; oxfordBreed: string; breedId: string };
  kind: AnswerKind | null;
  identified: boolean;
  speciesOk: boolean;
  top1: boolean;
  top3: boolean;
  worker: StageTimings | null;
  /** From the worker's result to the plan on screen. */
  planMs: number | null;
};

/** DIR/manifest.csv (CRLF or LF), every photo checked to exist. */
export function readManifest(dir: string): Truth[] {
  const file = path.join(dir, "manifest.csv");
  if (!fs.existsSync(file)) throw new Error(`${file} is missing`);
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
  return lines.slice(1).map((line) => {
    const [photo = "", species = "", oxford = ""] = line.split(",").map((cell) => cell.trim());
    if (species !== "dog" && species !== "cat") throw new Error(`manifest.csv: bad species in "${line}"`);
    if (!fs.existsSync(path.join(dir, photo))) throw new Error(`manifest.csv: ${photo} is missing`);
    return { file: photo, species, oxfordBreed: oxford, breed: oxfordBreed(oxford) };
  });
}

/** Builds into buildDir (BUILD_DIR) when it holds no build yet. */
export function ensureBuild(buildDir: string) {
  if (fs.existsSync(path.join(buildDir, "start.js"))) return;
  console.log(`No build in ${buildDir}: building first`);
  const env = { ...process.env, BUILD_DIR: path.relative(ROOT, buildDir) || "." };
  if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env }).status !== 0)
    throw new Error("the build failed");
}

/**
 * Runs in the page before its own scripts: timestamps photo choices, the status line and the
 * worker's messages. Kept free of named inner functions: tsx would wrap them in a helper the
 * page does not have.
 */
/**
 * The built server on a throwaway data folder (BENCH_PORT, or a free port), stopped and cleaned
 * up by `stop()` or when the script is interrupted.
 */
export async function startAnalysisServer(name: string, buildDir: string) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `pawpal-${name}-`));
  const server = await startBuiltServer({
    dataDir: path.join(tmp, "data"),
    buildDir,
    port: Number(process.env.BENCH_PORT) || undefined,
  });
  const stop = async () => {
    await stopBuiltServer(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  return { origin: server.origin, tmp, stop };
}

export function installProbe(stageLabels: string[]) {
  const probe: Probe = { pageStart: performance.timeOrigin, hoveredAt: null, runs: [] };
  window.__pawpalBench = probe;
  document.addEventListener(
    "pointerover",
    (event) => {
      if (probe.hoveredAt === null && (event.target as Element).closest("#demo button"))
        probe.hoveredAt = performance.timeOrigin + performance.now();
    },
    true,
  );
  document.addEventListener(
    "change",
    (event) => {
      if ((event.target as Element).id !== "demo-photo-upload") return;
      const chosenAt = performance.timeOrigin + performance.now();
      probe.runs.push({
        chosenAt,
        doneAt: null,
        status: null,
        sawProgress: false,
        stages: [],
        timings: null,
        startup: null,
        resultAt: null,
      });
    },
    true,
  );
  // The worker's own messages: its "reading" stage follows the moment its models were ready.
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener(
        "message",
        (
          event: MessageEvent<{
            type: string;
            stage?: string;
            timings?: StageTimings;
            startup?: WorkerStartup;
          }>,
        ) => {
          const run = probe.runs[probe.runs.length - 1];
          if (!run) return;
          if (event.data.type === "stage" && event.data.stage)
            run.stages.push({ stage: event.data.stage, at: performance.timeOrigin + performance.now() });
          if (event.data.type === "result") {
            run.timings = event.data.timings ?? null;
            run.startup = event.data.startup ?? null;
            run.resultAt = performance.timeOrigin + performance.now();
          }
        },
      );
    }
  };
  // A run ends at the first status text after a progress label that is not a progress label.
  new MutationObserver(() => {
    const run = probe.runs[probe.runs.length - 1];
    const text = document.querySelector("#demo [role=status]")?.textContent?.trim() ?? "";
    if (!run || run.doneAt !== null || !text) return;
    if (stageLabels.includes(text)) run.sawProgress = true;
    else if (run.sawProgress) {
      run.doneAt = performance.timeOrigin + performance.now();
      run.status = text;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export async function openFeatures(page: Page, origin: string) {
  await page.goto(`${origin}/features`);
  await page.waitForSelector("[data-hydrated]", { state: "attached" });
  // As a visitor sees it: the photo and its spinner on screen. Their painting competes with the
  // worker for the CPU (without it, the spinner sits just below the fold at 1280×720).
  await page.getByTestId("photo-drop-zone").scrollIntoViewIfNeeded();
}

/** Chooses the photo through the page's file input and waits for the status line's verdict. */
export async function analyse(page: Page, file: string): Promise<Analysis> {
  const index = await page.evaluate(() => window.__pawpalBench.runs.length);
  await page.locator("#demo-photo-upload").setInputFiles(file);
  await page.waitForFunction((i) => window.__pawpalBench.runs[i]?.doneAt != null, index, {
    timeout: ANALYSIS_TIMEOUT_MS,
    polling: 100,
  });
  const run = await page.evaluate((i) => window.__pawpalBench.runs[i]!, index);
  const status = run.status ?? "";
  const error = status.startsWith("Analysis complete")
    ? null
    : status.startsWith("Sample report")
      ? `the models did not run (${status})`
      : status;
  return { ms: run.doneAt! - run.chosenAt, status, error, answer: await readAnswer(page), run };
}

/** The report as the visitor sees it: species, answer kind, title and the "Most likely breeds" radios. */
export async function readAnswer(page: Page): Promise<Answer> {
  // The report's code is fetched when the first analysis starts; it is on screen right after.
  await page.locator("#demo [data-testid=analysis-result]").waitFor({ state: "attached" });
  const raw = await page.evaluate(() => {
    const result = document.querySelector("#demo [data-testid=analysis-result]");
    const fieldset = [...(result?.querySelectorAll("fieldset") ?? [])].find(
      (set) => set.querySelector("legend")?.textContent?.trim() === "Most likely breeds",
    );
    return {
      answer: result?.getAttribute("data-answer") ?? null,
      species: result?.querySelector("[data-testid=species]")?.textContent?.trim() ?? null,
      title: result?.querySelector("#analysis-result-title")?.textContent?.trim() ?? null,
      guesses: [...(fieldset?.querySelectorAll("label") ?? [])].map((label) => ({
        id: label.querySelector("input")?.value ?? "",
        name: label.querySelectorAll("span")[0]?.textContent?.trim() ?? "",
        percent: Number.parseInt(label.querySelectorAll("span")[1]?.textContent ?? "", 10),
      })),
    };
  });
  // An uncertain answer's first radio is its own plan ("A mix of both…"), not a breed: no percentage.
  raw.guesses = raw.guesses.filter((guess) => Number.isFinite(guess.percent));
  const kind = ANSWER_KINDS.includes(raw.answer ?? "") ? (raw.answer as AnswerKind) : null;
  const species =
    raw.species === "Dog" ? "dog" : raw.species === "Cat" ? "cat" : kind === "no-pet" ? "none" : null;
  return { species, kind, title: raw.title, guesses: raw.guesses };
}

export function score(truth: Truth, { run, ...analysis }: Analysis): PhotoResult {
  const { answer } = analysis;
  const ids = answer.guesses.map((guess) => guess.id);
  const breedId = truth.breed.id;
  return {
    file: truth.file,
    truth: { species: truth.species, oxfordBreed: truth.oxfordBreed, breedId },
    ...analysis,
    kind: answer.kind,
    identified: answer.kind === "identified",
    speciesOk: answer.species === truth.species,
    top1: ids[0] === breedId,
    top3: ids.includes(breedId),
    worker: run.timings,
    planMs: run.resultAt === null || run.doneAt === null ? null : run.doneAt - run.resultAt,
  };
}

/** The breed model's files as the worker fetches them: descriptor, model.json, its shards, the pet head. */
export async function breedModelUrls(origin: string) {
  const descriptorUrl = `${origin}${BREED_MODEL_PATH}descriptor.json`;
  const descriptor = (await fetchJson(descriptorUrl)) as { modelUrl: string; headUrl: string };
  const modelUrl = new URL(descriptor.modelUrl, descriptorUrl).href;
  const model = (await fetchJson(modelUrl)) as { weightsManifest: { paths: string[] }[] };
  const shards = model.weightsManifest.flatMap((group) => group.paths.map((p) => new URL(p, modelUrl).href));
  const headUrl = new URL(descriptor.headUrl, descriptorUrl).href;
  const head = (await fetchJson(headUrl)) as { weightsUrl: string };
  return [descriptorUrl, modelUrl, ...shards, headUrl, new URL(head.weightsUrl, headUrl).href];
}

/**
 * Reads the worker and every model file once through the server: a visitor's server has them in
 * its file cache, so the first browser context should not pay for a cold disk.
 */
export async function warmServer(origin: string, buildDir: string, breedFiles: string[]) {
  const assets = fs
    .readdirSync(path.join(buildDir, "client", "assets"))
    .filter((name) =>
      /^(analysis\.worker-.*\.js|centernet-.*\.(json|bin)|tfjs-backend-wasm.*\.wasm)$/.test(name),
    )
    .map((name) => `${origin}/assets/${name}`);
  await Promise.all([...breedFiles, ...assets].map(async (url) => (await fetch(url)).arrayBuffer()));
}

export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

export function ms(value: number) {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** "12/25 (48%)": how many rows pass. */
export function rate<T>(rows: T[], ok: (row: T) => boolean) {
  const count = rows.filter(ok).length;
  return rows.length ? `${count}/${rows.length} (${Math.round((100 * count) / rows.length)}%)` : "–";
}
