import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PhotoProblemError } from "./analyzer";
import type { PhotoEvidence } from "~/engine/scores/evidence";
import { createDeviceAnalyzer, DEVICE_UNSUPPORTED_REASON } from "./device-analyzer";
import { PHOTO_PROBLEM_MESSAGES } from "./photo";
import { sampleInstead } from "./sample-report";
import type { FromWorker, ToWorker } from "./worker/protocol";

/** Stands in for the analysis worker: each test says how it answers a photo. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static answer: (message: Extract<ToWorker, { type: "analyze" }>, worker: FakeWorker) => void = () => {};
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: ToWorker[] = [];
  constructor() {
    FakeWorker.instances.push(this);
  }
  postMessage(message: ToWorker) {
    this.received.push(message);
    if (message.type === "analyze") queueMicrotask(() => FakeWorker.answer(message, this));
  }
  send(message: FromWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
}

const photo = new File(["jpeg"], "rex.jpg", { type: "image/jpeg" });
const timings = { decode: 1, detect: 2, identify: 3, total: 6 };
const startup = { workerStart: 0, wasmReady: 10, modelsReady: 20 };

beforeEach(() => {
  FakeWorker.instances = [];
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("OffscreenCanvas", class {});
  vi.stubGlobal("createImageBitmap", () => Promise.reject(new Error("unused")));
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("createDeviceAnalyzer", () => {
  it("hands the photo to one worker, reports its stages and returns what it found", async () => {
    FakeWorker.answer = ({ id }, worker) => {
      worker.send({ type: "stage", id, stage: "detecting" });
      worker.send({
        type: "result",
        id,
        findings: { kind: "no-pet" },
        evidence: null,
        differentPet: false,
        timings,
        startup,
        breedModelProblem: null,
      });
    };
    const analyzer = createDeviceAnalyzer("/models/breed/");
    const onStage = vi.fn();
    await expect(analyzer.analyze(photo, { onStage })).resolves.toEqual({
      source: "device",
      findings: { kind: "no-pet" },
      fallbackReason: null,
      breedModelProblem: null,
      timings,
      evidence: [],
    });
    await analyzer.analyze(photo);
    expect(onStage).toHaveBeenCalledWith("detecting");
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]!.received[0]).toMatchObject({
      type: "analyze",
      photo,
      breedModelUrl: "/models/breed/",
    });
  });

  it("sends the earlier photos of the same pet with the new one; the answer rests on all of them", async () => {
    const evidence = (dog: number): PhotoEvidence => ({
      species: { dog, cat: 1 - dog },
      breeds: { dog: { beagle: 0.9 }, cat: {} },
    });
    const findings = {
      kind: "pet",
      species: "dog",
      speciesConfidence: 0.9,
      petCount: 1,
      box: null,
      breed: { status: "unavailable" },
      photoCount: 3,
    } as const;
    let differentPet = false;
    FakeWorker.answer = ({ id }, worker) =>
      worker.send({
        type: "result",
        id,
        findings,
        evidence: evidence(0.7),
        differentPet,
        timings,
        startup,
        breedModelProblem: null,
      });
    const earlier = [evidence(0.9), evidence(0.8)];
    const analyzer = createDeviceAnalyzer("/models/breed/");
    const outcome = await analyzer.analyze(photo, { earlier });
    expect(FakeWorker.instances[0]!.received[0]).toMatchObject({ type: "analyze", earlier });
    expect(outcome.findings).toEqual(findings);
    expect(outcome.evidence).toEqual([evidence(0.9), evidence(0.8), evidence(0.7)]);
    expect(outcome.differentPet).toBeUndefined();

    // A photo of another pet rests on itself alone, and says so.
    differentPet = true;
    const other = await analyzer.analyze(photo, { earlier });
    expect(other.evidence).toEqual([evidence(0.7)]);
    expect(other.differentPet).toBe(true);
  });

  it("loads the models ahead of a photo on warm-up", () => {
    createDeviceAnalyzer("/models/breed/").warmUp?.();
    expect(FakeWorker.instances[0]!.received).toEqual([{ type: "warm-up", breedModelUrl: "/models/breed/" }]);
  });

  it("turns an unusable photo into a plain-words error", async () => {
    FakeWorker.answer = ({ id }, worker) =>
      worker.send({ type: "problem", id, problem: "too-small", detail: "40×40" });
    const failure = createDeviceAnalyzer("/models/breed/").analyze(photo);
    await expect(failure).rejects.toBeInstanceOf(PhotoProblemError);
    await expect(failure).rejects.toThrow(PHOTO_PROBLEM_MESSAGES["too-small"]);
  });

  it("falls back to the labelled sample when the models cannot run", async () => {
    FakeWorker.answer = ({ id }, worker) =>
      worker.send({ type: "problem", id, problem: "models", detail: "no wasm" });
    await expect(createDeviceAnalyzer("/models/breed/").analyze(photo)).resolves.toEqual(
      sampleInstead(DEVICE_UNSUPPORTED_REASON),
    );
  });

  it("falls back to the sample when the worker itself fails", async () => {
    FakeWorker.answer = (_message, worker) => worker.onerror?.({ message: "script failed" } as ErrorEvent);
    await expect(createDeviceAnalyzer("/models/breed/").analyze(photo)).resolves.toMatchObject({
      source: "sample",
      fallbackReason: DEVICE_UNSUPPORTED_REASON,
    });
  });

  it("falls back to the sample, without a worker, where the browser cannot run one", async () => {
    vi.stubGlobal("OffscreenCanvas", undefined);
    await expect(createDeviceAnalyzer("/models/breed/").analyze(photo)).resolves.toMatchObject({
      source: "sample",
    });
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it("rejects with AbortError when the visitor moves on, and ignores the late answer", async () => {
    let answer: () => void = () => {};
    FakeWorker.answer = ({ id }, worker) => {
      answer = () =>
        worker.send({
          type: "result",
          id,
          findings: { kind: "no-pet" },
          evidence: null,
          differentPet: false,
          timings,
          startup,
          breedModelProblem: null,
        });
    };
    const controller = new AbortController();
    const pending = createDeviceAnalyzer("/models/breed/").analyze(photo, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(() => answer()).not.toThrow();
  });
});
