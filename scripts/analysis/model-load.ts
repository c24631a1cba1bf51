/**
 * How long the analysis takes to get ready, for scripts/bench-analysis.ts: a first visit (empty
 * cache: every model file downloaded) and a returning visitor (the files kept by the service
 * worker), timed in the page as a visitor uses it.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { STAGE_LABELS } from "../../app/features/analysis/analyzer";
import { analyse, installProbe, openFeatures, type Analysis } from "./page-analysis";

const RETURNING_RUNS = 3;
/** How long the "after a pause" visitor looks at the page before choosing a photo. */
export const PAUSE_MS = 3000;

export type ModelLoad = Awaited<ReturnType<typeof measureModelLoad>>;
export type Returning = Awaited<ReturnType<typeof measureReturning>>;

/**
 * Model load in its own browser context (empty HTTP cache): hover "Upload Photo" (the page's
 * warm-up intent), choose a photo at once, and time from the hover until every model file has
 * downloaded and until the worker starts reading the photo, i.e. its models are ready.
 */
export async function measureModelLoad(
  browser: Browser,
  origin: string,
  breedFiles: string[],
  photo: string,
) {
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
  const analysis = await analyse(page, photo);
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
export async function measureReturning(context: BrowserContext, origin: string, file: string) {
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
