import { useCallback, useEffect, useReducer, useRef } from "react";
import { toast } from "~/components/ui/toaster";
import { isAbortError, type Analyzer } from "./analyzer";
import { analysisReducer, initialAnalysisState } from "./analysis-machine";
import { choosePhotoFile } from "./photo";
import { sampleAnalyzer } from "./sample-analyzer";

/** The specification's toasts (section 4), word for word. */
export const ANALYZING_TOAST = "AI is analyzing your pet's image...";
export const ANALYSIS_DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
export const ANALYSIS_FAILED_MESSAGE =
  "We couldn't analyse this photo. Please try again or choose another one.";

type Run = { id: number; controller: AbortController | null; url: string | null };

/**
 * Runs the analysis demo: validates the chosen file, shows it from an object URL (the photo
 * stays on the device), asks the analyzer, and reports progress through state and toasts.
 * A new photo cancels the analysis in progress; unmounting cancels it and frees the photo.
 */
export function useAnalysis(analyzer: Analyzer = sampleAnalyzer) {
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
      current.controller?.abort();
      if (current.url) URL.revokeObjectURL(current.url);

      const runId = ++current.id;
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
          (result) => {
            if (controller.signal.aborted) return;
            dispatch({ type: "analysisSucceeded", runId, result });
            void toast.success(ANALYSIS_DONE_TOAST);
          },
          (error: unknown) => {
            if (controller.signal.aborted || isAbortError(error)) return;
            dispatch({ type: "analysisFailed", runId, message: ANALYSIS_FAILED_MESSAGE });
            void toast.error(ANALYSIS_FAILED_MESSAGE);
          },
        );
    },
    [analyzer],
  );

  return { state, choosePhoto, isAnalyzing: state.status === "analyzing" };
}
