import { abortError, PhotoProblemError, type Analyzer, type AnalysisOutcome } from "./analyzer";
import { sampleInstead } from "./sample-report";
import { PHOTO_PROBLEM_MESSAGES } from "./photo";
import type { FromWorker, ToWorker } from "./worker/protocol";

export const DEVICE_UNSUPPORTED_REASON =
  "This device or browser can't run the analysis, so here is our sample report instead.";

/** True where the analysis can run: module workers, OffscreenCanvas and WebAssembly. */
export function canAnalyzeOnDevice(): boolean {
  return (
    typeof Worker !== "undefined" &&
    typeof OffscreenCanvas !== "undefined" &&
    typeof WebAssembly !== "undefined" &&
    typeof createImageBitmap !== "undefined"
  );
}

/**
 * The on-device analysis: one Web Worker (created on first use) runs the models; the photo is
 * handed to it as a Blob and never leaves the device. Where the worker cannot run, or its
 * models fail to load, the answer is the specification's sample, labelled as such.
 */
export function createDeviceAnalyzer(breedModelUrl: string): Analyzer {
  let worker: Worker | null = null;
  let broken: string | null = canAnalyzeOnDevice() ? null : "unsupported";
  let nextId = 0;
  const pending = new Map<number, (message: FromWorker | { type: "crash"; detail: string }) => void>();

  function getWorker(): Worker | null {
    if (broken) return null;
    if (!worker) {
      worker = new Worker(new URL("./worker/analysis.worker.ts", import.meta.url), {
        type: "module",
        name: "pet-analysis",
      });
      worker.onmessage = (event: MessageEvent<FromWorker>) => pending.get(event.data.id)?.(event.data);
      worker.onerror = (event) => {
        broken = event.message || "The analysis worker failed to start";
        for (const listener of pending.values()) listener({ type: "crash", detail: broken });
      };
    }
    return worker;
  }

  const post = (message: ToWorker) => getWorker()?.postMessage(message);

  const sampleFallback = (reason: string): AnalysisOutcome => {
    console.warn(`PawPal analysis unavailable on this device: ${reason}`);
    return sampleInstead(DEVICE_UNSUPPORTED_REASON);
  };

  return {
    warmUp() {
      post({ type: "warm-up", breedModelUrl });
    },

    analyze(photo, { signal, onStage, earlier = [] } = {}) {
      if (signal?.aborted) return Promise.reject(abortError());
      if (!getWorker()) return Promise.resolve(sampleFallback(broken ?? "unsupported"));
      const id = ++nextId;
      return new Promise<AnalysisOutcome>((resolve, reject) => {
        const finish = () => {
          pending.delete(id);
          signal?.removeEventListener("abort", onAbort);
        };
        // The worker finishes the photo it is on; its answer is then ignored.
        const onAbort = () => {
          finish();
          reject(abortError());
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        pending.set(id, (message) => {
          switch (message.type) {
            case "stage":
              onStage?.(message.stage);
              return;
            case "result":
              finish();
              if (message.breedModelProblem) console.warn(`Breed model: ${message.breedModelProblem}`);
              resolve({
                source: "device",
                findings: message.findings,
                fallbackReason: null,
                breedModelProblem: message.breedModelProblem,
                timings: message.timings,
                evidence: message.evidence
                  ? message.differentPet
                    ? [message.evidence]
                    : [...earlier, message.evidence]
                  : [],
                ...(message.differentPet ? { differentPet: true as const } : {}),
              });
              return;
            case "problem":
              finish();
              if (message.problem === "models") resolve(sampleFallback(message.detail));
              else reject(new PhotoProblemError(PHOTO_PROBLEM_MESSAGES[message.problem]));
              return;
            case "crash":
              finish();
              resolve(sampleFallback(message.detail));
              return;
          }
        });
        post({ type: "analyze", id, photo, breedModelUrl, earlier });
      });
    },
  };
}
