/**
 * The report of scripts/bench-analysis.ts: every photo's answer, then the summary against the
 * targets the analysis is held to. Sets the exit code when a photo was not analysed on the device
 * or the worker's tensor count grew.
 */
import type { StageTimings } from "../../app/engine/scores/outcome";
import { expectedCalibrationError } from "../models/calibration";
import { PAUSE_MS, type ModelLoad, type Returning } from "./model-load";
import { ms, percentile, rate, type Analysis, type PhotoResult } from "./page-analysis";
import { MEMORY_RUNS, type Memory } from "./worker-memory";

/** Prints the report; answers its summary lines (they go into the results file too). */
export function report(data: {
  modelLoad: ModelLoad;
  results: PhotoResult[];
  bigRuns: Analysis[];
  bigPhotoBytes: number;
  memoryBefore: Memory;
  memoryAfter: Memory;
  returning: Returning;
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
