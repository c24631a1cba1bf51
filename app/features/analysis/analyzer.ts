/**
 * The contract every pet-photo analyzer fulfils. Two implementations: the on-device analysis
 * (device-analyzer.ts, models in a Web Worker) and the specification's fixed sample
 * (sample-analyzer.ts), which is also the fallback where a device cannot run the models.
 */
import type { CarePlan } from "./care-plan/build-care-plan";
import type { PhotoFindings, StageTimings } from "./engine/outcome";
import type { WorkerStage } from "./worker/protocol";

/** Progress steps an analyzer reports while it works. */
export type AnalysisStage = "analyzing" | WorkerStage;

/** What the demo says while a stage is running. */
export const STAGE_LABELS: Record<AnalysisStage, string> = {
  analyzing: "Analysing your pet's photo…",
  loading: "Getting the analysis ready on your device…",
  reading: "Reading your photo…",
  detecting: "Finding your pet…",
  identifying: "Identifying the breed…",
};

export type NearbyService = {
  name: string;
  distanceMiles: number;
};

/** The fixed sample report of the specification, section 3: a care plan with a breed and places. */
export type AnalysisResult = CarePlan & {
  breed: string;
  /** Percent, 0-100. */
  confidence: number;
  nearbyServices: readonly NearbyService[];
};

export type AnalysisOutcome =
  /** The specification's sample; `fallbackReason` says why a real analysis was not possible. */
  | { source: "sample"; result: AnalysisResult; fallbackReason: string | null }
  /** What the models on this device found in the photo. */
  | {
      source: "device";
      findings: PhotoFindings;
      /** Why breed identification is unavailable, when it is (for the console, not the page). */
      breedModelProblem: string | null;
      timings: StageTimings;
    };

export type AnalyzeOptions = {
  /** Aborting rejects the pending analysis with an "AbortError" DOMException. */
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage) => void;
};

export interface Analyzer {
  analyze(photo: File, options?: AnalyzeOptions): Promise<AnalysisOutcome>;
  /** Starts loading models ahead of a photo; analyzers without models ignore it. */
  warmUp?(): void;
}

/** A photo the analysis cannot use; the message tells the visitor why, in plain words. */
export class PhotoProblemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoProblemError";
  }
}

export function abortError() {
  return new DOMException("The analysis was cancelled.", "AbortError");
}

/** True for the rejection an aborted analysis ends with. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
