/**
 * The contract every pet-photo analyzer fulfils. Today there is one implementation, the
 * fixed sample of the specification (sample-analyzer.ts); an on-device analyzer (Web Worker)
 * will be a second one behind the same interface.
 */

/** Which implementation produced a result. The UI labels sample results as such. */
export type AnalysisSource = "sample";

/** Progress steps an analyzer may report while it works. Analyzers with more steps add theirs here. */
export type AnalysisStage = "analyzing";

/** What the demo says while a stage is running. */
export const STAGE_LABELS: Record<AnalysisStage, string> = {
  analyzing: "Analysing your pet's photo…",
};

export type CareSchedule = {
  vaccination: readonly string[];
  feeding: readonly string[];
  exercise: readonly string[];
  grooming: readonly string[];
};

export type NearbyService = {
  name: string;
  distanceMiles: number;
};

/** The analysis result of the specification, section 3. */
export type AnalysisResult = {
  source: AnalysisSource;
  breed: string;
  /** Percent, 0-100. */
  confidence: number;
  characteristics: readonly string[];
  healthRecommendations: readonly string[];
  careSchedule: CareSchedule;
  nearbyServices: readonly NearbyService[];
};

export type AnalyzeOptions = {
  /** Aborting rejects the pending analysis with an "AbortError" DOMException. */
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage) => void;
};

export interface Analyzer {
  analyze(photo: File, options?: AnalyzeOptions): Promise<AnalysisResult>;
}

/** True for the rejection an aborted analysis ends with. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
