import type { AnalysisOutcome, AnalysisStage } from "./analyzer";

/**
 * The analysis demo as a pure state machine:
 *
 *   idle ──photoChosen──▶ analyzing ──analysisSucceeded──▶ done
 *                            │  ▲ └────analysisFailed─────▶ error
 *                            │  └──photoChosen (from any state: a new photo restarts)
 *   any state ──sampleRequested──▶ done (the sample report, without a photo)
 *   done ──photoAdded──▶ analyzing ─▶ done (resting on one photo more), or back to the earlier
 *                                     done with a notice when the added photo could not be used
 *                                     ─differentPetFound─▶ the earlier done, holding the added
 *                                     photo's own answer ─differentPetChosen─▶ done with it
 *
 * Every run has an id; events from an older run (a photo since replaced) are ignored.
 * A rejected file (photoRejected) only sets `notice`: the current photo and result stay.
 */

/** The chosen photo, as the page shows it. */
export type Photo = {
  /** Object URL of the file, read locally: the photo never leaves the device. */
  url: string;
  name: string;
};

export type AnalysisPhase =
  | { status: "idle" }
  | {
      status: "analyzing";
      runId: number;
      photo: Photo;
      stage: AnalysisStage | null;
      /** The answer a photo is being added to: it stays when the added photo cannot be used. */
      previous: DonePhase | null;
    }
  | {
      status: "done";
      runId: number;
      photo: Photo | null;
      outcome: AnalysisOutcome;
      /** A photo added as the same pet that looks like another one: its own answer, on offer. */
      differentPet?: { photo: Photo; outcome: AnalysisOutcome };
    }
  | { status: "error"; runId: number; photo: Photo; message: string };

type DonePhase = Extract<AnalysisPhase, { status: "done" }>;

export type AnalysisState = AnalysisPhase & {
  /** Why the last chosen file was not used (for example: it was not an image). */
  notice: string | null;
};

export type AnalysisEvent =
  | { type: "photoChosen"; runId: number; photo: Photo }
  /** Another photo of the same pet, to combine with the answer on show. */
  | { type: "photoAdded"; runId: number; photo: Photo }
  | { type: "photoRejected"; message: string }
  | { type: "stageChanged"; runId: number; stage: AnalysisStage }
  | { type: "analysisSucceeded"; runId: number; outcome: AnalysisOutcome }
  /** The added photo shows another pet: the earlier answer stays, the photo's own is offered. */
  | { type: "differentPetFound"; runId: number; outcome: AnalysisOutcome }
  /** "Start a new analysis with it": the other pet's answer replaces the one on show. */
  | { type: "differentPetChosen"; runId: number }
  | { type: "sampleRequested"; runId: number; outcome: AnalysisOutcome }
  | { type: "analysisFailed"; runId: number; message: string };

export const initialAnalysisState: AnalysisState = { status: "idle", notice: null };

export function analysisReducer(state: AnalysisState, event: AnalysisEvent): AnalysisState {
  switch (event.type) {
    case "photoChosen":
      return {
        status: "analyzing",
        runId: event.runId,
        photo: event.photo,
        stage: null,
        previous: null,
        notice: null,
      };
    case "photoAdded": {
      if (state.status !== "done") return state;
      const { notice: _, differentPet: __, ...previous } = state;
      return {
        status: "analyzing",
        runId: event.runId,
        photo: event.photo,
        stage: null,
        previous,
        notice: null,
      };
    }
    case "photoRejected":
      return { ...state, notice: event.message };
    case "stageChanged":
      if (state.status !== "analyzing" || state.runId !== event.runId) return state;
      return { ...state, stage: event.stage };
    case "analysisSucceeded":
      if (state.status !== "analyzing" || state.runId !== event.runId) return state;
      return { status: "done", runId: state.runId, photo: state.photo, outcome: event.outcome, notice: null };
    case "differentPetFound":
      if (state.status !== "analyzing" || state.runId !== event.runId || !state.previous) return state;
      return {
        ...state.previous,
        runId: state.runId,
        notice: null,
        differentPet: { photo: state.photo, outcome: event.outcome },
      };
    case "differentPetChosen": {
      if (state.status !== "done" || state.runId !== event.runId || !state.differentPet) return state;
      const { differentPet: _, ...outcome } = state.differentPet.outcome;
      return { status: "done", runId: state.runId, photo: state.differentPet.photo, outcome, notice: null };
    }
    case "sampleRequested":
      return { status: "done", runId: event.runId, photo: null, outcome: event.outcome, notice: null };
    case "analysisFailed":
      if (state.status !== "analyzing" || state.runId !== event.runId) return state;
      if (state.previous) return { ...state.previous, runId: state.runId, notice: event.message };
      return {
        status: "error",
        runId: state.runId,
        photo: state.photo,
        message: event.message,
        notice: null,
      };
  }
}

/** The photo on show, if any. */
export function currentPhoto(state: AnalysisState): Photo | null {
  return state.status === "idle" ? null : state.photo;
}
