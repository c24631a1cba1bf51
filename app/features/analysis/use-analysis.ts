import { useCallback, useEffect, useReducer, useRef } from "react";
import { toast } from "~/components/ui/toaster";
import { isAbortError, PhotoProblemError, type AnalysisOutcome, type Analyzer } from "./analyzer";
import { MAX_PHOTOS_PER_PET } from "~/engine/scores/outcome";
import { analysisReducer, initialAnalysisState } from "./analysis-machine";
import { choosePhotoFile } from "./photo";
import { SAMPLE_OUTCOME } from "./sample-report";

/** The specification's toasts (section 4), word for word. */
export const ANALYZING_TOAST = "AI is analyzing your pet's image...";
export const ANALYSIS_DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
export const ANALYSIS_FAILED_MESSAGE =
  "We couldn't analyse this photo. Please try again or choose another one.";
export const NO_PET_TOAST = "We couldn't find a dog or a cat in this photo.";
export const DIFFERENT_PET_TOAST = "This photo looks like a different pet.";

/**
 * The run in progress; `kept` is the photo on show while another of the same pet is analysed,
 * `otherPet` an added photo of a different pet, on offer until the visitor chooses.
 */
type Run = {
  id: number;
  controller: AbortController | null;
  url: string | null;
  kept: string | null;
  otherPet: string | null;
};

/**
 * Runs the analysis demo: validates the chosen file, shows it from an object URL (the photo
 * stays on the device), asks the analyzer, and reports progress through state and toasts.
 * A new photo cancels the analysis in progress; unmounting cancels it and frees the photo.
 */
export function useAnalysis(analyzer: Analyzer) {
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysisState);
  const run = useRef<Run>({ id: 0, controller: null, url: null, kept: null, otherPet: null });

  useEffect(() => {
    const current = run.current;
    return () => {
      startRun(current);
    };
  }, []);

  const analyse = useCallback(
    (files: FileList | readonly File[] | null | undefined, adding: AnalysisOutcome | null) => {
      const choice = choosePhotoFile(files);
      if (!choice) return;
      if (!choice.ok) {
        dispatch({ type: "photoRejected", message: choice.message });
        return;
      }

      const current = run.current;
      const runId = startRun(current, adding !== null);
      const controller = new AbortController();
      const url = URL.createObjectURL(choice.file);
      current.controller = controller;
      current.url = url;

      const photo = { url, name: choice.file.name };
      dispatch(adding ? { type: "photoAdded", runId, photo } : { type: "photoChosen", runId, photo });
      void toast.info(ANALYZING_TOAST);

      const failed = (message: string) => {
        // An added photo that cannot be used leaves the answer on show, and its photo.
        if (adding) keepEarlierPhoto(current);
        dispatch({ type: "analysisFailed", runId, message });
        void toast.error(message);
      };
      analyzer
        .analyze(choice.file, {
          signal: controller.signal,
          onStage: (stage) => dispatch({ type: "stageChanged", runId, stage }),
          earlier: adding?.evidence,
        })
        .then(
          (outcome) => {
            if (controller.signal.aborted) return;
            if (adding && outcome.findings.kind === "no-pet") {
              failed(addedPhotoWithoutPet(adding.evidence.length));
              return;
            }
            if (adding && outcome.differentPet) {
              current.otherPet = current.url;
              current.url = current.kept;
              current.kept = null;
              dispatch({ type: "differentPetFound", runId, outcome });
              void toast.info(DIFFERENT_PET_TOAST);
              return;
            }
            releaseKeptPhoto(current);
            dispatch({ type: "analysisSucceeded", runId, outcome });
            if (outcome.findings.kind === "no-pet") void toast.info(NO_PET_TOAST);
            else void toast.success(ANALYSIS_DONE_TOAST);
          },
          (error: unknown) => {
            if (controller.signal.aborted || isAbortError(error)) return;
            if (!(error instanceof PhotoProblemError)) console.error(error);
            failed(error instanceof PhotoProblemError ? error.message : ANALYSIS_FAILED_MESSAGE);
          },
        );
    },
    [analyzer],
  );

  /** Uses the first file of a selection; a file that is not an image only sets a notice. */
  const choosePhoto = useCallback(
    (files: FileList | readonly File[] | null | undefined) => analyse(files, null),
    [analyse],
  );

  /**
   * Another photo of the same pet: its evidence is combined with the photos the answer on show
   * rests on, up to MAX_PHOTOS_PER_PET.
   */
  const addPhoto = useCallback(
    (files: FileList | readonly File[] | null | undefined) => {
      if (state.status !== "done" || !canAddPhoto(state.outcome)) return;
      analyse(files, state.outcome);
    },
    [analyse, state],
  );

  /** The added photo of a different pet becomes the answer on show (no second analysis). */
  const startWithDifferentPet = useCallback(() => {
    if (state.status !== "done" || !state.differentPet) return;
    const current = run.current;
    if (current.url) URL.revokeObjectURL(current.url);
    current.url = current.otherPet;
    current.otherPet = null;
    dispatch({ type: "differentPetChosen", runId: state.runId });
  }, [state]);

  /** The specification's sample report, at once and without a photo. */
  const showSample = useCallback(() => {
    dispatch({ type: "sampleRequested", runId: startRun(run.current), outcome: SAMPLE_OUTCOME });
  }, []);

  return {
    state,
    choosePhoto,
    addPhoto,
    startWithDifferentPet,
    showSample,
    isAnalyzing: state.status === "analyzing",
  };
}

/** True when the answer on show can take one photo more of the same pet. */
export function canAddPhoto(outcome: AnalysisOutcome): boolean {
  return (
    outcome.source === "device" && outcome.evidence.length > 0 && outcome.evidence.length < MAX_PHOTOS_PER_PET
  );
}

/** "the first photo", "the 3 earlier photos": what the answer on show rests on. */
export function earlierPhotosPhrase(count: number) {
  return count === 1 ? "the first photo" : `the ${count} earlier photos`;
}

/** Why an added photo left the answer as it was. */
export function addedPhotoWithoutPet(earlierPhotos: number) {
  return `We couldn't find a pet in the photo you added, so the answer still rests on ${earlierPhotosPhrase(
    earlierPhotos,
  )}.`;
}

/**
 * Cancels the analysis in progress and frees its photo; returns the new run's id. When a photo
 * is added, the one on show is kept until the added one has an answer.
 */
function startRun(current: Run, keepPhotoOnShow = false) {
  current.controller?.abort();
  current.controller = null;
  if (current.otherPet) URL.revokeObjectURL(current.otherPet);
  current.otherPet = null;
  if (keepPhotoOnShow) {
    releaseKeptPhoto(current);
    current.kept = current.url;
  } else {
    releaseKeptPhoto(current);
    if (current.url) URL.revokeObjectURL(current.url);
  }
  current.url = null;
  return ++current.id;
}

function releaseKeptPhoto(current: Run) {
  if (current.kept) URL.revokeObjectURL(current.kept);
  current.kept = null;
}

/** The added photo failed: the kept one is on show again. */
function keepEarlierPhoto(current: Run) {
  if (current.url) URL.revokeObjectURL(current.url);
  current.url = current.kept;
  current.kept = null;
}
