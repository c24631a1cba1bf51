/**
 * The contract every pet-photo analyzer fulfils, and the one answer type they all give. The site
 * runs the on-device analysis (device-analyzer.ts, models in a Web Worker); the specification's
 * fixed sample (sample-report.ts) is an answer of the same type, shown on request and where a
 * device cannot run the models.
 */
import type { PhotoEvidence } from "~/engine/scores/evidence";
import type { PhotoFindings, StageTimings } from "~/engine/scores/outcome";
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

/** What an analyzer answers for one photo. */
export type AnalysisOutcome = {
  /** What was found: no pet, or a dog or cat with its likely breeds. */
  findings: PhotoFindings;
  /**
   * "device": the models on this device read the visitor's photo. "sample": the specification's
   * sample report (a Golden Retriever), not an analysis of the photo.
   */
  source: "device" | "sample";
  /** Why the sample stands in for an analysis of the photo; null when it was asked for. */
  fallbackReason: string | null;
  /** Why breed identification is unavailable, when it is (for the console, not the page). */
  breedModelProblem: string | null;
  /** How long each stage took on this device; null for the sample. */
  timings: StageTimings | null;
  /**
   * What each photo the answer rests on says about the pet, oldest first: sent with the next
   * photo of the same pet, and saved with the pet. Empty for the sample and without a breed model.
   */
  evidence: readonly PhotoEvidence[];
  /**
   * Set when the photo was offered as another of the same pet but looks like a different one:
   * the findings and evidence are this photo's alone, and the page asks before showing them.
   */
  differentPet?: true;
};

export type AnalyzeOptions = {
  /** Aborting rejects the pending analysis with an "AbortError" DOMException. */
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage) => void;
  /** Earlier photos of the same pet: the answer combines them with this one. */
  earlier?: readonly PhotoEvidence[];
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
