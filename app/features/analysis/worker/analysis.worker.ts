/// <reference lib="webworker" />
/**
 * The on-device analysis: decodes the photo, finds the pet and names the breed with
 * TensorFlow.js on its WebAssembly backend, off the page's main thread. The photo never
 * leaves this worker; models come from our own origin.
 */
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import wasmUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url";
import wasmSimdUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url";
import wasmThreadedUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url";
import detectorJsonUrl from "@detector-model/centernet.json?url";
import detectorWeightsUrl from "@detector-model/centernet.bin?url";
import { classify, type Classifier } from "../engine/classify";
import { detectAnimals } from "../engine/detect-pets";
import type { PhotoEvidence } from "~/engine/scores/evidence";
import { findPet, type PetModels } from "../engine/find-pet";
import { fetchFile, loadClassifier, loadDetector, readModelArtifacts } from "../engine/load-models";
import {
  MIN_PHOTO_SIDE,
  WORKING_LONG_SIDE,
  type FromWorker,
  type ToWorker,
  type WorkerStartup,
} from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromWorker) => self.postMessage(message);
/** Epoch milliseconds, comparable with the page's clock. */
const now = () => performance.timeOrigin + performance.now();
const startup: WorkerStartup = { workerStart: now(), wasmReady: null, modelsReady: null };

let backendReady: Promise<void> | null = null;
let detector: ReturnType<typeof loadDetector> | null = null;
const classifiers = new Map<string, Promise<{ classifier: Classifier | null; problem: string | null }>>();

function ready() {
  backendReady ??= (async () => {
    // tfjs wants all three binaries named, though the threaded one is never fetched (see below).
    setWasmPaths({
      "tfjs-backend-wasm.wasm": wasmUrl,
      "tfjs-backend-wasm-simd.wasm": wasmSimdUrl,
      "tfjs-backend-wasm-threaded-simd.wasm": wasmThreadedUrl,
    });
    // The multi-threaded build loads its threads with importScripts, which a module worker
    // forbids: single-threaded SIMD even on a cross-origin isolated page.
    tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
    if (!(await tf.setBackend("wasm"))) throw new Error("WebAssembly backend unavailable");
    await tf.ready();
    startup.wasmReady ??= now();
  })();
  return backendReady;
}

function loadDetectorOnce() {
  detector ??= ready().then(async () =>
    loadDetector(await readModelArtifacts(fetchFile, detectorJsonUrl, () => detectorWeightsUrl)),
  );
  return detector;
}

/** The breed model is optional: without one, the analysis stops at the species. */
function loadClassifierOnce(breedModelUrl: string) {
  let loading = classifiers.get(breedModelUrl);
  if (!loading) {
    loading = ready()
      .then(() => loadClassifier(fetchFile, breedModelUrl))
      .then(
        (classifier) => ({ classifier, problem: null }),
        (error: unknown) => ({ classifier: null, problem: String(error) }),
      );
    classifiers.set(breedModelUrl, loading);
  }
  return loading;
}

const readyModels = new Map<string, Promise<{ models: PetModels; breedModelProblem: string | null }>>();

/** Loads both models, once per breed model URL. */
function loadModels(breedModelUrl: string) {
  let loading = readyModels.get(breedModelUrl);
  if (!loading) {
    loading = (async () => {
      // No tensor before the backend is set: TF.js would pick one itself.
      await ready();
      const [detectorModel, breed] = await Promise.all([
        loadDetectorOnce(),
        loadClassifierOnce(breedModelUrl),
      ]);
      startup.modelsReady ??= now();
      const models: PetModels = { detector: detectorModel, classifier: breed.classifier };
      return { models, breedModelProblem: breed.problem };
    })();
    // A failed load may succeed later (the network came back): do not remember it.
    loading.catch(() => readyModels.delete(breedModelUrl));
    readyModels.set(breedModelUrl, loading);
  }
  return loading;
}

/** Breed model URLs whose models have run once (on a blank or on a photo). */
const warmedUp = new Set<string>();
/** Photos sent and not yet answered. */
let photosWaiting = 0;

/**
 * Ahead of a photo (the visitor shows intent): loads the models and runs each once on a blank
 * image. A model's first run prepares its kernels and memory (about twice a normal run), better
 * spent while the visitor is still choosing a photo. Once a photo has come, its own analysis is
 * that first run: a blank run before it would only add a whole detection to the wait.
 */
async function warmUp(breedModelUrl: string) {
  const { models } = await loadModels(breedModelUrl);
  if (warmedUp.has(breedModelUrl) || photosWaiting > 0) return;
  warmedUp.add(breedModelUrl);
  const blank = tf.zeros([MIN_PHOTO_SIDE, MIN_PHOTO_SIDE, 3], "int32") as tf.Tensor3D;
  try {
    await detectAnimals(models.detector, blank);
    if (models.classifier) await classify(models.classifier, blank, null);
  } finally {
    blank.dispose();
  }
}

class PhotoError extends Error {
  constructor(
    readonly problem: "unreadable" | "too-small",
    detail: string,
  ) {
    super(detail);
  }
}

/** Decodes the photo upright (EXIF orientation) and no larger than WORKING_LONG_SIDE. */
async function readPhoto(photo: Blob): Promise<tf.Tensor3D> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  } catch (error) {
    throw new PhotoError("unreadable", String(error));
  }
  const { width, height } = bitmap;
  if (Math.min(width, height) < MIN_PHOTO_SIDE) {
    bitmap.close();
    throw new PhotoError("too-small", `${width}×${height}`);
  }
  const scale = Math.min(1, WORKING_LONG_SIDE / Math.max(width, height));
  const canvas = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return tf.browser.fromPixels(context.getImageData(0, 0, canvas.width, canvas.height));
}

async function analyze(id: number, photo: Blob, breedModelUrl: string, earlier: readonly PhotoEvidence[]) {
  const started = performance.now();
  post({ type: "stage", id, stage: "loading" });
  let loaded: Awaited<ReturnType<typeof loadModels>>;
  try {
    loaded = await loadModels(breedModelUrl);
  } catch (error) {
    post({ type: "problem", id, problem: "models", detail: String(error) });
    return;
  }

  post({ type: "stage", id, stage: "reading" });
  const readingStarted = performance.now();
  let image: tf.Tensor3D;
  try {
    image = await readPhoto(photo);
  } catch (error) {
    const problem = error instanceof PhotoError ? error.problem : "unreadable";
    post({ type: "problem", id, problem, detail: String(error) });
    return;
  }
  const decoded = performance.now();
  let identifyingStarted = decoded;
  try {
    const { findings, evidence, differentPet } = await findPet(
      loaded.models,
      image,
      (stage) => {
        if (stage === "identifying") identifyingStarted = performance.now();
        post({ type: "stage", id, stage });
      },
      earlier,
    );
    const done = performance.now();
    warmedUp.add(breedModelUrl);
    post({
      type: "result",
      id,
      findings,
      evidence,
      differentPet,
      breedModelProblem: loaded.breedModelProblem,
      startup,
      timings: {
        decode: decoded - readingStarted,
        detect: identifyingStarted - decoded,
        identify: done - identifyingStarted,
        total: done - started,
      },
    });
  } catch (error) {
    post({ type: "problem", id, problem: "models", detail: String(error) });
  } finally {
    image.dispose();
  }
}

/** For `npm run bench:analysis`, which reads it through Playwright's worker.evaluate(). */
(self as unknown as { pawpalTensorMemory: () => tf.MemoryInfo }).pawpalTensorMemory = () => tf.memory();

// One photo at a time: the models are not re-entrant and the device has few cores.
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case "warm-up":
      // Queued like a photo: a photo chosen meanwhile waits for at most the blank runs.
      queue = queue.then(() => warmUp(message.breedModelUrl).catch(() => {}));
      break;
    case "analyze":
      photosWaiting++;
      queue = queue
        .then(() => analyze(message.id, message.photo, message.breedModelUrl, message.earlier))
        .finally(() => photosWaiting--);
      break;
  }
};
