import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  choosePhotoFile,
  isImageFile,
  MAX_PHOTO_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  TOO_LARGE_MESSAGE,
} from "./photo";
import { createSampleAnalyzer, DEMO_ANALYSIS_DELAY_MS } from "~tests/support/sample-analyzer";
import { BREEDS } from "~/engine/knowledge/breeds";
import { SAMPLE_CARE_PLAN, SAMPLE_NEARBY_SERVICES, SAMPLE_OUTCOME, sampleInstead } from "./sample-report";

const sampleAnalyzer = createSampleAnalyzer();

const photo = new File(["png"], "rex.png", { type: "image/png" });

describe("sampleAnalyzer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers with the fixed sample after exactly 3000 ms", async () => {
    expect(DEMO_ANALYSIS_DELAY_MS).toBe(3000);
    const onStage = vi.fn();
    const settled = vi.fn();
    const pending = sampleAnalyzer.analyze(photo, { onStage }).then(settled);
    expect(onStage).toHaveBeenCalledWith("analyzing");
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toHaveBeenCalledWith(SAMPLE_OUTCOME);
  });

  it("is the specification's sample: a Golden Retriever at 94% and the sample care advice", () => {
    expect(SAMPLE_OUTCOME).toMatchObject({ source: "sample", fallbackReason: null, timings: null });
    expect(SAMPLE_OUTCOME.findings).toMatchObject({
      kind: "pet",
      species: "dog",
      breed: { status: "identified", guesses: [{ confidence: 0.94 }] },
    });
    expect(SAMPLE_CARE_PLAN.careSchedule.feeding.join(" ")).toMatch(/2-3 cups .* a day.*2 meals/);
    expect(SAMPLE_CARE_PLAN.careSchedule.exercise.join(" ")).toContain("60-90 minutes of exercise a day");
    expect(SAMPLE_CARE_PLAN.careSchedule.grooming.join(" ")).toContain("2-3 times a week");
    expect(SAMPLE_CARE_PLAN.careSchedule.vaccination.length).toBeGreaterThan(0);
    expect(SAMPLE_NEARBY_SERVICES.every((service) => service.distanceMiles > 0)).toBe(true);
  });

  it("names the knowledge base's Golden Retriever, figures and all", () => {
    const findings = SAMPLE_OUTCOME.findings;
    const named =
      findings.kind === "pet" && findings.breed.status === "identified" ? findings.breed.guesses[0] : null;
    expect(named?.breed).toEqual(BREEDS.find((breed) => breed.id === "golden-retriever"));
  });

  it("says why when it stands in for an analysis, and is otherwise the same sample", () => {
    expect(sampleInstead("No WebAssembly here.")).toEqual({
      ...SAMPLE_OUTCOME,
      fallbackReason: "No WebAssembly here.",
    });
  });

  it("rejects with an AbortError when aborted, and never resolves", async () => {
    const controller = new AbortController();
    const pending = sampleAnalyzer.analyze(photo, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at once when the signal is already aborted", async () => {
    await expect(sampleAnalyzer.analyze(photo, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("photo validation", () => {
  it("accepts image types only", () => {
    expect(isImageFile(photo)).toBe(true);
    expect(isImageFile(new File(["x"], "cat.heic", { type: "image/heic" }))).toBe(true);
    expect(isImageFile(new File(["x"], "notes.txt", { type: "text/plain" }))).toBe(false);
    expect(isImageFile(new File(["x"], "cat.jpg", { type: "application/pdf" }))).toBe(false);
  });

  it("falls back to the extension when the system gives no type", () => {
    expect(isImageFile(new File(["x"], "cat.HEIC"))).toBe(true);
    expect(isImageFile(new File(["x"], "report.docx"))).toBe(false);
  });

  it("uses only the first file", () => {
    const text = new File(["x"], "notes.txt", { type: "text/plain" });
    expect(choosePhotoFile([photo, text])).toEqual({ ok: true, file: photo });
    expect(choosePhotoFile([text, photo])).toEqual({ ok: false, message: NOT_AN_IMAGE_MESSAGE });
    expect(choosePhotoFile([])).toBeNull();
    expect(choosePhotoFile(null)).toBeNull();
  });

  it("refuses photos over 25 MB", () => {
    const sized = (bytes: number) => {
      const file = new File(["x"], "huge.jpg", { type: "image/jpeg" });
      Object.defineProperty(file, "size", { value: bytes });
      return file;
    };
    expect(choosePhotoFile([sized(MAX_PHOTO_BYTES)])).toMatchObject({ ok: true });
    expect(choosePhotoFile([sized(MAX_PHOTO_BYTES + 1)])).toEqual({ ok: false, message: TOO_LARGE_MESSAGE });
  });
});
