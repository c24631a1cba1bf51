/**
 * Whether the analysis worker leaks, for scripts/bench-analysis.ts: its tensors and the JS heaps
 * before and after a run of further analyses in the same page.
 */
import type { Browser, Page, Worker } from "@playwright/test";
import { analyse } from "./page-analysis";

export const MEMORY_RUNS = 20;

/** Memory before and after MEMORY_RUNS more analyses of `photos` (in turn) in `page`. */
export async function measureWorkerMemory(browser: Browser, page: Page, photos: string[]) {
  const worker = page.workers().find((w) => w.url().includes("analysis.worker"));
  if (!worker) throw new Error(`no analysis worker among ${page.workers().map((w) => w.url())}`);
  const before = await memory(browser, page, worker);
  for (let i = 0; i < MEMORY_RUNS; i++) await analyse(page, photos[i % photos.length]!);
  const after = await memory(browser, page, worker);
  return { before, after };
}

export type Memory = Awaited<ReturnType<typeof memory>>;
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
