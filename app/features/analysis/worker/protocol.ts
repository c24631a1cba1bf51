import type { PhotoEvidence } from "~/engine/scores/evidence";
import type { PhotoFindings, StageTimings } from "~/engine/scores/outcome";

/** Messages between the page and the analysis worker (analysis.worker.ts). */

export type WorkerStage = "loading" | "reading" | "detecting" | "identifying";

export type ToWorker =
  /** Load the models ahead of a photo (the visitor showed intent, or the page is idle). */
  | { type: "warm-up"; breedModelUrl: string }
  | {
      type: "analyze";
      id: number;
      photo: Blob;
      breedModelUrl: string;
      /** Earlier photos of the same pet, combined with this one ("Add another photo"). */
      earlier: readonly PhotoEvidence[];
    };

/** When the worker started, its WebAssembly backend was ready and its models were warm (epoch ms). */
export type WorkerStartup = { workerStart: number; wasmReady: number | null; modelsReady: number | null };

/** Why a photo could not be analysed. "models" means this device cannot run the analysis. */
export type PhotoProblem = "unreadable" | "too-small" | "models";

export type FromWorker =
  | { type: "stage"; id: number; stage: WorkerStage }
  | {
      type: "result";
      id: number;
      /** The answer, resting on this photo and the earlier ones sent with it. */
      findings: PhotoFindings;
      /** What this photo adds about the pet; null without a pet or a breed model. */
      evidence: PhotoEvidence | null;
      /** The photo does not look like the pet of the earlier ones: the answer is this photo's alone. */
      differentPet: boolean;
      timings: StageTimings;
      /** Why breed identification is off, when it is. */
      breedModelProblem: string | null;
      startup: WorkerStartup;
    }
  | { type: "problem"; id: number; problem: PhotoProblem; detail: string };

/** Photos whose shorter side is below this cannot show a pet well enough to analyse. */
export const MIN_PHOTO_SIDE = 64;
/** Large photos are scaled down to this longer side before anything else (the models use 512 and 224). */
export const WORKING_LONG_SIDE = 1024;
