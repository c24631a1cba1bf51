import { abortError, type AnalysisOutcome, type Analyzer } from "~/features/analysis/analyzer";
import { SAMPLE_OUTCOME } from "~/features/analysis/sample-report";

/** The specification's fixed delay before the sample result appears (section 9). */
export const DEMO_ANALYSIS_DELAY_MS = 3000;

/**
 * The specification's demo: every photo gets SAMPLE_RESULT after DEMO_ANALYSIS_DELAY_MS, and
 * the photo is never read. The site uses the on-device analyzer; tests swap this one in.
 */
export function createSampleAnalyzer(delayMs: number = DEMO_ANALYSIS_DELAY_MS): Analyzer {
  return {
    analyze(_photo, { signal, onStage } = {}) {
      return new Promise<AnalysisOutcome>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        const onAbort = () => {
          clearTimeout(timer);
          reject(abortError());
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener("abort", onAbort);
          resolve(SAMPLE_OUTCOME);
        }, delayMs);
        signal?.addEventListener("abort", onAbort, { once: true });
        onStage?.("analyzing");
      });
    },
  };
}
