import { useCallback, useEffect, useReducer, useRef } from "react";
import { toast } from "~/components/ui/toaster";
import { isAbortError, PhotoProblemError, type Analyzer } from "./analyzer";
import { analysisReducer, initialAnalysisState } from "./analysis-machine";
import { choosePhotoFile } from "./photo";
import { SAMPLE_OUTCOME } from "./sample-report";

/** The specification's toasts (section 4), word for word. */
export const ANALYZING_TOAST = "AI is analyzing your pet's image...";
export const ANALYSIS_DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
export const ANALYSIS_FAILED_MESSAGE =
  "We couldn't analyse this photo. Please try again or choose another one.";
export const NO_PET_TOAST = "We couldn't find a dog or a cat in this photo.";

type Run = { id: number; controller: AbortController | null; url: string | null };

/**
 * Runs the analysis demo: validates the chosen file, shows it from an object URL (the photo
 * stays on the device), asks the analyzer, and reports progress through state and toasts.
 * A new photo cancels the analysis in progress; unmounting cancels it and frees the photo.
 */
export function useAnalysis(analyzer: Analyzer) {
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysisState);
  const run = useRef<Run>({ id: 0, controller: null, url: null });

  useEffect(() => {
    const current = run.current;
    return () => {
      current.controller?.abort();
      current.controller = null;
      if (current.url) URL.revokeObjectURL(current.url);
      current.url = null;
    };
  }, []);

  /** Uses the first file of a selection; a file that is not an image only sets a notice. */
  const choosePhoto = useCallback(
    (files: FileList | readonly File[] | null | undefined) => {
      const choice = choosePhotoFile(files);
      if (!choice) return;
      if (!choice.ok) {
        dispatch({ type: "photoRejected", message: choice.message });
        return;
      }

      const current = run.current;
      const runId = startRun(current);
      const controller = new AbortController();
      const url = URL.createObjectURL(choice.file);
      current.controller = controller;
      current.url = url;

      dispatch({ type: "photoChosen", runId, photo: { url, name: choice.file.name } });
      void toast.info(ANALYZING_TOAST);

      analyzer
        .analyze(choice.file, {
          signal: controller.signal,
          onStage: (stage) => dispatch({ type: "stageChanged", runId, stage }),
        })
        .then(
          (outcome) => {
            if (controller.signal.aborted) return;
            dispatch({ type: "analysisSucceeded", runId, outcome });
            if (outcome.findings.kind === "no-pet") void toast.info(NO_PET_TOAST);
            else void toast.success(ANALYSIS_DONE_TOAST);
          },
          (error: unknown) => {
            if (controller.signal.aborted || isAbortError(error)) return;
            const message = error instanceof PhotoProblemError ? error.message : ANALYSIS_FAILED_MESSAGE;
            if (!(error instanceof PhotoProblemError)) console.error(error);
            dispatch({ type: "analysisFailed", runId, message });
            void toast.error(message);
          },
        );
    },
    [analyzer],
  );

  /** The specification's sample report, at once and without a photo. */
  const showSample = useCallback(() => {
    dispatch({ type: "sampleRequested", runId: startRun(run.current), outcome: SAMPLE_OUTCOME });
  }, []);

  return { state, choosePhoto, showSample, isAnalyzing: state.status === "analyzing" };
}

/** Cancels the analysis in progress and frees its photo; returns the new run's id. */
function startRun(current: Run) {
  current.controller?.abort();
  current.controller = null;
  if (current.url) URL.revokeObjectURL(current.url);
  current.url = null;
  return ++current.id;
}
