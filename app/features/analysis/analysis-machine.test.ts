import { describe, expect, it } from "vitest";
import { analysisReducer, currentPhoto, initialAnalysisState, type AnalysisState } from "./analysis-machine";
import { SAMPLE_OUTCOME } from "./sample-report";

const photo = { url: "blob:one", name: "rex.jpg" };
const otherPhoto = { url: "blob:two", name: "tom.png" };

function analyzing(runId = 1): AnalysisState {
  return analysisReducer(initialAnalysisState, { type: "photoChosen", runId, photo });
}

describe("analysisReducer", () => {
  it("starts idle with no photo and no notice", () => {
    expect(initialAnalysisState).toEqual({ status: "idle", notice: null });
    expect(currentPhoto(initialAnalysisState)).toBeNull();
  });

  it("idle -> analyzing when a photo is chosen", () => {
    expect(analyzing()).toEqual({
      status: "analyzing",
      runId: 1,
      photo,
      stage: null,
      previous: null,
      notice: null,
    });
    expect(currentPhoto(analyzing())).toBe(photo);
  });

  it("records the stage an analyzer reports", () => {
    const state = analysisReducer(analyzing(), { type: "stageChanged", runId: 1, stage: "analyzing" });
    expect(state).toMatchObject({ status: "analyzing", stage: "analyzing" });
  });

  it("analyzing -> done with the result, keeping the photo", () => {
    const state = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    expect(state).toEqual({ status: "done", runId: 1, photo, outcome: SAMPLE_OUTCOME, notice: null });
  });

  it("analyzing -> error with a message, keeping the photo", () => {
    const state = analysisReducer(analyzing(), { type: "analysisFailed", runId: 1, message: "Nope" });
    expect(state).toEqual({ status: "error", runId: 1, photo, message: "Nope", notice: null });
  });

  it("a new photo restarts from any state", () => {
    const done = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    const failed = analysisReducer(analyzing(), { type: "analysisFailed", runId: 1, message: "Nope" });
    for (const state of [analyzing(), done, failed]) {
      expect(analysisReducer(state, { type: "photoChosen", runId: 2, photo: otherPhoto })).toEqual({
        status: "analyzing",
        runId: 2,
        photo: otherPhoto,
        stage: null,
        previous: null,
        notice: null,
      });
    }
  });

  it("another photo of the same pet: the answer on show stays if the added photo cannot be used", () => {
    const done = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    const adding = analysisReducer(done, { type: "photoAdded", runId: 2, photo: otherPhoto });
    expect(adding).toMatchObject({ status: "analyzing", runId: 2, photo: otherPhoto });
    expect(currentPhoto(adding)).toBe(otherPhoto);

    const failed = analysisReducer(adding, { type: "analysisFailed", runId: 2, message: "No pet there" });
    expect(failed).toEqual({
      status: "done",
      runId: 2,
      photo,
      outcome: SAMPLE_OUTCOME,
      notice: "No pet there",
    });

    const combined = { ...SAMPLE_OUTCOME, timings: null };
    expect(analysisReducer(adding, { type: "analysisSucceeded", runId: 2, outcome: combined })).toEqual({
      status: "done",
      runId: 2,
      photo: otherPhoto,
      outcome: combined,
      notice: null,
    });
    // Only an answer on show can take another photo.
    expect(analysisReducer(analyzing(), { type: "photoAdded", runId: 3, photo: otherPhoto })).toEqual(
      analyzing(),
    );
  });

  it("a photo of a different pet: the answer on show stays, the other pet's is offered, then shown on request", () => {
    const done = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    const adding = analysisReducer(done, { type: "photoAdded", runId: 2, photo: otherPhoto });
    const tom = { ...SAMPLE_OUTCOME, timings: null, differentPet: true as const };
    const offered = analysisReducer(adding, { type: "differentPetFound", runId: 2, outcome: tom });
    expect(offered).toEqual({
      status: "done",
      runId: 2,
      photo,
      outcome: SAMPLE_OUTCOME,
      notice: null,
      differentPet: { photo: otherPhoto, outcome: tom },
    });
    expect(currentPhoto(offered)).toBe(photo);

    // "Start a new analysis with this photo": its own answer, no longer flagged.
    const { differentPet: _, ...tomAlone } = tom;
    expect(analysisReducer(offered, { type: "differentPetChosen", runId: 2 })).toEqual({
      status: "done",
      runId: 2,
      photo: otherPhoto,
      outcome: tomAlone,
      notice: null,
    });
    // Adding another photo instead drops the offer; a stale choice changes nothing.
    expect(analysisReducer(offered, { type: "photoAdded", runId: 3, photo: otherPhoto })).toMatchObject({
      status: "analyzing",
      previous: { outcome: SAMPLE_OUTCOME, photo },
    });
    expect(analysisReducer(offered, { type: "photoAdded", runId: 3, photo: otherPhoto })).not.toHaveProperty(
      "previous.differentPet",
    );
    expect(analysisReducer(offered, { type: "differentPetChosen", runId: 1 })).toBe(offered);
    expect(analysisReducer(done, { type: "differentPetFound", runId: 1, outcome: tom })).toBe(done);
  });

  it("ignores events of a replaced run", () => {
    const restarted = analysisReducer(analyzing(1), { type: "photoChosen", runId: 2, photo: otherPhoto });
    expect(analysisReducer(restarted, { type: "analysisSucceeded", runId: 1, outcome: SAMPLE_OUTCOME })).toBe(
      restarted,
    );
    expect(analysisReducer(restarted, { type: "analysisFailed", runId: 1, message: "late" })).toBe(restarted);
    expect(analysisReducer(restarted, { type: "stageChanged", runId: 1, stage: "analyzing" })).toBe(
      restarted,
    );
  });

  it("ignores results when nothing is being analysed", () => {
    expect(
      analysisReducer(initialAnalysisState, { type: "analysisSucceeded", runId: 1, outcome: SAMPLE_OUTCOME }),
    ).toBe(initialAnalysisState);
    const done = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    expect(analysisReducer(done, { type: "analysisFailed", runId: 1, message: "late" })).toBe(done);
  });

  it("a rejected file only sets the notice, and the next photo clears it", () => {
    const done = analysisReducer(analyzing(), {
      type: "analysisSucceeded",
      runId: 1,
      outcome: SAMPLE_OUTCOME,
    });
    const rejected = analysisReducer(done, { type: "photoRejected", message: "Not an image" });
    expect(rejected).toEqual({ ...done, notice: "Not an image" });
    expect(analysisReducer(initialAnalysisState, { type: "photoRejected", message: "x" })).toEqual({
      status: "idle",
      notice: "x",
    });
    expect(analysisReducer(rejected, { type: "photoChosen", runId: 2, photo: otherPhoto }).notice).toBeNull();
  });
});
