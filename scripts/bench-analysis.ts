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
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { STAGE_LABELS } from "../app/features/analysis/analyzer";
import type { StageTimings } from "../app/engine/scores/outcome";
import { expectedCalibrationError } from "./models/calibration";
import {
  ANALYSIS_TIMEOUT_MS,
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
  type Analysis,
  type PhotoResult,
} from "./analysis/page-analysis";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";

const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build");
const PHOTO_DIR = path.resolve(ROOT, "../shared/photos/oxford-pets");
const MEMORY_RUNS = 20;
const BIG_PHOTO_RUNS = 3;
const BIG_PHOTO_SOURCE = "samoyed_108.jpg";
const OFFLINE_READY = "Ready to work offline";
const RETURNING_RUNS = 3;
/** How long the "after a pause" visitor looks at the page before choosing a photo. */
const PAUSE_MS = 3000;

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
  const modelLoad = await measureModelLoad(browser, breedModelFiles);

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
  const worker = page.workers().find((w) => w.url().includes("analysis.worker"));
  if (!worker) throw new Error(`no analysis worker among ${page.workers().map((w) => w.url())}`);
  const memoryBefore = await memory(browser, page, worker);
  for (let i = 0; i < MEMORY_RUNS; i++)
    await analyse(page, path.join(PHOTO_DIR, truths[i % truths.length]!.file));
  const memoryAfter = await memory(browser, page, worker);

  console.log(
    "5. A returning visitor: /features loaded afresh, the analysis files kept by the service worker…",
  );
  await page.getByText(OFFLINE_READY).waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
  await page.close();
  const returning = await measureReturning(context, path.join(PHOTO_DIR, truths[0]!.file));
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

/**
 * Model load in its own browser context (empty HTTP cache): hover "Upload Photo" (the page's
 * warm-up intent), choose a photo at once, and time from the hover until every model file has
 * downloaded and until the worker starts reading the photo, i.e. its models are ready.
 */
async function measureModelLoad(browser: Browser, breedFiles: string[]) {
  const context = await browser.newContext();
  await context.addInitScript(installProbe, Object.values(STAGE_LABELS));
  const groups = {
    breed: (url: string) => breedFiles.includes(url),
    detector: (url: string) => /\/centernet-[^/]+\.(json|bin)$/.test(url),
    wasm: (url: string) => /\/tfjs-backend-wasm[^/]*\.wasm$/.test(url),
  };
  const groupNames = Object.keys(groups) as (keyof typeof groups)[];
  const expected = { breed: breedFiles.length, detector: 2, wasm: 1 };
  const finished = new Map<string, { at: number; bytes: number }>();
  const pending: Promise<void>[] = [];
  context.on("requestfinished", (request) => {
    if (!groupNames.some((group) => groups[group](request.url()))) return;
    const timing = request.timing();
    const at = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
    // A file can be seen twice: fetched by the service worker (its bytes) and then handed from
    // it to the page's worker (size unknown, -1). Keep the bytes of the one and the later time.
    const sized = request.sizes().then(({ responseBodySize }) => {
      const seen = finished.get(request.url());
      finished.set(request.url(), {
        at: Math.max(at, seen?.at ?? at),
        bytes: Math.max(responseBodySize, seen?.bytes ?? 0),
      });
    });
    pending.push(sized);
  });
  const page = await context.newPage();
  await openFeatures(page, origin);
  await page.getByRole("button", { name: "Upload Photo" }).hover();
  const analysis = await analyse(page, path.join(PHOTO_DIR, truths[0]!.file));
  const { hoveredAt, pageStart } = await page.evaluate(() => window.__pawpalBench);
  if (hoveredAt === null) throw new Error("the hover on Upload Photo was not seen");

  // The models are loaded, so their files have arrived; Playwright's events may trail a little.
  const files = (group: keyof typeof groups) => [...finished].filter(([url]) => groups[group](url));
  const deadline = Date.now() + 30_000;
  while (groupNames.some((g) => files(g).length < expected[g])) {
    if (Date.now() > deadline)
      throw new Error(`model files never finished: ${JSON.stringify([...finished.keys()])}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(pending);
  }
  await Promise.all(pending);
  await context.close();

  const byGroup = Object.fromEntries(
    groupNames.map((group) => {
      const list = files(group);
      return [
        group,
        {
          files: list.map(([url]) => url.slice(url.lastIndexOf("/") + 1)),
          bytes: list.reduce((sum, [, file]) => sum + file.bytes, 0),
          doneMs: Math.max(...list.map(([, file]) => file.at)) - hoveredAt,
        },
      ];
    }),
  ) as Record<keyof typeof groups, { files: string[]; bytes: number; doneMs: number }>;
  const readingAt = analysis.run.stages.find((stage) => stage.stage === "reading")?.at;
  const { startup, timings, resultAt, doneAt, chosenAt } = analysis.run;
  const since = (at: number | null | undefined) => (at == null ? null : at - pageStart);
  // The cold page's timeline, from navigation start.
  const coldStages = {
    hover: since(hoveredAt),
    "photo chosen": since(chosenAt),
    "worker start": since(startup?.workerStart),
    "WASM ready": since(startup?.wasmReady),
    "models ready": since(startup?.modelsReady),
    "result in the page": since(resultAt),
    "plan on screen": since(doneAt),
  };
  return {
    coldStages,
    coldSteps: timings && resultAt !== null ? { ...timings, plan: doneAt! - resultAt } : null,
    filesDownloadedMs: Math.max(...Object.values(byGroup).map((group) => group.doneMs)),
    modelsReadyMs: readingAt === undefined ? null : readingAt - hoveredAt,
    firstResultMs: analysis.run.doneAt! - hoveredAt,
    firstResultWorker: analysis.run.timings,
    byGroup,
    error: analysis.error,
  };
}

/**
 * Fresh pages of a context whose service worker keeps the analysis files: a photo chosen as soon
 * as the page is interactive (worker start, WASM and model set-up all in the wait), and one chosen
 * after a pause (the page has readied the analysis while idle).
 */
async function measureReturning(context: BrowserContext, file: string) {
  const runs = async (pauseMs: number) => {
    const list: Analysis[] = [];
    for (let i = 0; i < RETURNING_RUNS; i++) {
      const page = await context.newPage();
      await openFeatures(page, origin);
      if (pauseMs) await page.waitForTimeout(pauseMs);
      list.push(await analyse(page, file));
      await page.close();
    }
    return list;
  };
  return { atOnce: await runs(0), afterPause: await runs(PAUSE_MS) };
}

/** An Oxford photo cropped and upscaled to 4000×3000 by Chromium, re-encoded as JPEG 0.92. */
async function makeTwelveMegapixelJpeg(page: Page, source: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext("2d")!;
    const scale = Math.max(4000 / bitmap.width, 3000 / bitmap.height);
    context.drawImage(
      bitmap,
      (4000 - bitmap.width * scale) / 2,
      (3000 - bitmap.height * scale) / 2,
      bitmap.width * scale,
      bitmap.height * scale,
    );
    // Camera-like grain: an upscaled photo is so smooth its JPEG would be far smaller than a real one.
    const image = context.getImageData(0, 0, 4000, 3000);
    const pixels = image.data;
    for (let i = 0; i < pixels.length; i++)
      if (i % 4 !== 3) pixels[i] = pixels[i]! + (Math.random() - 0.5) * 16;
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  }, fs.readFileSync(source).toString("base64"));
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

type Memory = Awaited<ReturnType<typeof memory>>;
/**
 * Tensors from the worker's pawpalTensorMemory(); JS heaps in use after a garbage collection, read
 * through the DevTools protocol: workers have no performance.memory, and without a collection
 * first the page's mostly measures garbage.
 */
async function memory(browser: Browser, page: Page, worker: Worker) {
  const tensors = await worker.evaluate(() =>
    (
      self as unknown as { pawpalTensorMemory(): { numTensors: number; numBytes: number } }
    ).pawpalTensorMemory(),
  );
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  const pageHeap = (await session.send("Runtime.getHeapUsage")).usedSize;
  await session.detach();
  return {
    numTensors: tensors.numTensors,
    tensorBytes: tensors.numBytes,
    workerHeap: await workerHeapAfterGc(browser, worker.url()),
    pageHeap,
  };
}

async function workerHeapAfterGc(browser: Browser, workerUrl: string) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send("Target.getTargets");
    const target = targetInfos.find((info) => info.url === workerUrl);
    if (!target) throw new Error(`no DevTools target for ${workerUrl}`);
    const { sessionId } = await cdp.send("Target.attachToTarget", {
      targetId: target.targetId,
      flatten: false,
    });
    // Playwright cannot address the worker's session itself: its messages travel wrapped.
    const replies = new Map<number, (result: unknown) => void>();
    cdp.on("Target.receivedMessageFromTarget", (event) => {
      const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (reply.id !== undefined) replies.get(reply.id)?.(reply.result);
    });
    const call = async (id: number, method: string) => {
      const reply = new Promise((resolve) => replies.set(id, resolve));
      await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
      return reply;
    };
    await call(1, "HeapProfiler.collectGarbage");
    return ((await call(2, "Runtime.getHeapUsage")) as { usedSize: number }).usedSize;
  } finally {
    await cdp.detach();
  }
}

function report(data: {
  modelLoad: Awaited<ReturnType<typeof measureModelLoad>>;
  results: PhotoResult[];
  bigRuns: Analysis[];
  bigPhotoBytes: number;
  memoryBefore: Memory;
  memoryAfter: Memory;
  returning: Awaited<ReturnType<typeof measureReturning>>;
}) {
  const { modelLoad, results, bigRuns, memoryBefore, memoryAfter, returning } = data;
  const mark = (ok: boolean) => (ok ? "✓" : "✗");
  console.log("\nPer photo (? = the page said it is not sure)\n");
  console.log(`${"photo".padEnd(35)} species  top1 top3  ${"answer: top 3 breeds, %".padEnd(62)} ms`);
  for (const r of results) {
    const guesses = r.answer.guesses.map((g) => `${g.name} ${g.percent}`).join(" · ");
    const answer = r.error
      ? `ERROR: ${r.error}`
      : r.answer.species === "none"
        ? "no pet found"
        : `${r.identified ? "" : "? "}${guesses}`;
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

  const MiB = 1024 * 1024;
  const warm = results.slice(1).map((r) => r.ms);
  const steps = (t: (StageTimings & { plan: number }) | null) =>
    t
      ? `decode ${ms(t.decode)}, detect ${ms(t.detect)}, classify ${ms(t.identify)}, plan ${ms(t.plan)}`
      : "n/a";
  const workerMedians = (timings: (StageTimings | null)[]) => {
    const known = timings.filter((t): t is StageTimings => t !== null);
    const median = (step: keyof StageTimings) =>
      ms(
        percentile(
          known.map((t) => t[step]),
          50,
        ),
      );
    return `decode ${median("decode")}, detect ${median("detect")}, identify ${median("identify")}`;
  };
  const groups = [
    ["dogs", (r: PhotoResult) => r.truth.species === "dog"],
    ["cats", (r: PhotoResult) => r.truth.species === "cat"],
    ["all", () => true],
  ] as const;
  const perGroup = (rows: PhotoResult[], line: (name: string, group: PhotoResult[]) => string) =>
    groups.map(([name, keep]) => line(name, rows.filter(keep)));
  const breedLines = (rows: PhotoResult[]) =>
    perGroup(
      rows,
      (name, group) =>
        `  ${`${name} (${group.length})`.padEnd(10)} top-1 ${rate(group, (r) => r.top1).padEnd(13)} top-3 ${rate(group, (r) => r.top3)}`,
    );
  const answered = results.filter((r) => !r.error);
  const identified = answered.filter((r) => r.identified);
  const unsure = answered.filter((r) => r.kind === "unsure");
  const mixes = answered.filter((r) => r.kind === "mix");
  const noPet = answered.filter((r) => r.answer.species === "none");
  const confusions = answered
    .filter((r) => !r.top1 && r.answer.guesses[0])
    .map(
      (r) =>
        `${r.truth.breedId} → ${r.answer.guesses[0]!.id} ${r.answer.guesses[0]!.percent}%${r.identified ? "" : "?"}`,
    );
  const calibration = expectedCalibrationError(
    answered
      .filter((r) => r.answer.guesses[0])
      .map((r) => ({ confidence: r.answer.guesses[0]!.percent / 100, right: r.top1 })),
  );
  const modelBytes = Object.values(modelLoad.byGroup).reduce((sum, group) => sum + group.bytes, 0);
  const target = (ok: boolean, text: string) => `${ok ? "met" : "MISSED"} (target ${text})`;
  const share = (rows: PhotoResult[], ok: (r: PhotoResult) => boolean) =>
    rows.length ? rows.filter(ok).length / rows.length : 0;
  const cats = results.filter((r) => r.truth.species === "cat");
  const change = (key: keyof Memory, unit = 1) => {
    const [before, after] = [memoryBefore[key], memoryAfter[key]];
    const show = (value: number) => (value / unit).toFixed(unit > 1 ? 1 : 0);
    return `${show(before)} → ${show(after)} (${after >= before ? "+" : ""}${show(after - before)})`;
  };

  const lines = [
    "",
    "Summary",
    "",
    "Model load: fresh browser context (empty cache), clock starts at the hover on Upload Photo (the",
    "warm-up intent); a photo is chosen at once so the worker reports when its models are ready.",
    `  all model files downloaded   ${ms(modelLoad.filesDownloadedMs)}`,
    ...Object.entries(modelLoad.byGroup).map(
      ([group, g]) =>
        `    ${group.padEnd(9)} ${g.files.length === 1 ? g.files[0] : `${g.files.length} files`}, ${(g.bytes / MiB).toFixed(2)} MiB transferred, done at ${ms(g.doneMs)}`,
    ),
    `  models ready in the worker   ${modelLoad.modelsReadyMs === null ? "n/a" : ms(modelLoad.modelsReadyMs)}`,
    `  hover → first result         ${ms(modelLoad.firstResultMs)}  (${workerMedians([modelLoad.firstResultWorker])})`,
    `  model bytes on first use     ${(modelBytes / MiB).toFixed(2)} MiB (detector, breed model and WASM)`,
    `  cold page, from navigation   ${Object.entries(modelLoad.coldStages)
      .map(([stage, at]) => `${stage} ${at === null ? "n/a" : ms(at)}`)
      .join(", ")}`,
    `  its first photo's steps      ${steps(modelLoad.coldSteps)}`,
    "",
    "Time from photo chosen (the input's change event) to the result on the status line",
    `  first photo, models cold     ${ms(results[0]!.ms)}  (no warm-up: the models load after the photo is chosen)`,
    `  next ${warm.length} photos, warm       median ${ms(percentile(warm, 50))}, p90 ${ms(percentile(warm, 90))}, max ${ms(Math.max(...warm))}  ${target(percentile(warm, 50) <= 400, "median ≤ 400 ms")}`,
    `    in the worker, medians     ${workerMedians(results.slice(1).map((r) => r.worker))}`,
    `    care plan and rendering    median ${ms(
      percentile(
        results.slice(1).flatMap((r) => (r.planMs === null ? [] : [r.planMs])),
        50,
      ),
    )}`,
    `  12 MP JPEG (${(data.bigPhotoBytes / MiB).toFixed(1)} MiB), ${bigRuns.length} runs  ${bigRuns.map((r) => ms(r.ms)).join(", ")}  ${target(
      percentile(
        bigRuns.map((r) => r.ms),
        50,
      ) <= 1000,
      "≤ 1.0 s",
    )}`,
    `    in the worker, medians     ${workerMedians(bigRuns.map((r) => r.run.timings))}`,
    "",
    "A returning visitor: /features loaded afresh, the analysis files kept by the service worker",
    `  photo chosen at once         ${returning.atOnce.map((r) => ms(r.ms)).join(", ")}  ${target(
      percentile(
        returning.atOnce.map((r) => r.ms),
        50,
      ) <= 1000,
      "≤ 1.0 s",
    )}`,
    `    in the worker, medians     ${workerMedians(returning.atOnce.map((r) => r.run.timings))}`,
    `  photo chosen after ${PAUSE_MS / 1000} s      ${returning.afterPause.map((r) => ms(r.ms)).join(", ")}  (the page readied the analysis while idle)`,
    "",
    `Species (no-pet card = none)  ${perGroup(results, (name, group) => `${name} ${rate(group, (r) => r.speciesOk)}`).join("   ")}  ${target(results.filter((r) => r.speciesOk).length >= 48, "≥ 48/49")}`,
    "",
    "Breed (the 37 Oxford-IIIT breeds)",
    ...breedLines(results),
    `  targets: top-1 ${target(share(results, (r) => r.top1) >= 0.8, "≥ 80 %")}, top-3 ${target(share(results, (r) => r.top3) >= 0.95, "≥ 95 %")}, cats top-1 ${target(share(cats, (r) => r.top1) >= 0.75, "≥ 75 %")}`,
    `  wrong top-1 (truth → answer, ? = said not sure): ${confusions.join("; ") || "none"}`,
    "",
    `Answers: identified ${identified.length}, ${mixes.length ? `mix ${mixes.length}, ` : ""}not sure ${unsure.length}, no pet ${noPet.length}, errors ${results.length - answered.length}`,
    `  right among answers given without "not sure": ${perGroup(identified, (name, group) => `${name} ${rate(group, (r) => r.top1)}`).join("   ")}  ${target(share(identified, (r) => r.top1) >= 0.95, "≥ 95 %")}`,
    `  expected calibration error of the top breed's confidence (10 bins): ${(100 * calibration).toFixed(1)} %`,
    "",
    `Memory, before → after ${MEMORY_RUNS} more analyses`,
    `  worker tensors               ${change("numTensors")}`,
    `  worker tensor MiB            ${change("tensorBytes", MiB)}`,
    `  worker JS heap MiB           ${change("workerHeap", MiB)}`,
    `  page JS heap MiB             ${change("pageHeap", MiB)}`,
    "",
  ];
  const tensorGrowth = memoryAfter.numTensors - memoryBefore.numTensors;
  const errors =
    [...results, ...bigRuns, ...returning.atOnce, ...returning.afterPause].filter((r) => r.error).length +
    (modelLoad.error ? 1 : 0);
  if (tensorGrowth > 0)
    lines.push(`FAIL: the worker holds ${tensorGrowth} more tensors than before: a leak.`);
  if (errors > 0) lines.push(`FAIL: ${errors} analyses ended without a device result (see ERROR).`);
  if (tensorGrowth > 0 || errors > 0) process.exitCode = 1;
  else lines.push("OK: no tensor growth, every photo analysed on the device.");
  console.log(lines.join("\n"));
  return lines;
}
