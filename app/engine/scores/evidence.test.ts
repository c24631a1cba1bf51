import { describe, expect, it } from "vitest";
import { findBreed } from "~/engine/knowledge/breeds";
import { EVIDENCE_FLOOR, photoEvidenceSchema, type PhotoEvidence } from "~/domain/breed-evidence";
import { combineEvidence, photoEvidence } from "./evidence";
import type { FusedScores } from "./pet-head";

const dogPhoto = (breeds: Record<string, number>, dog = 0.95): PhotoEvidence => ({
  species: { dog, cat: 1 - dog },
  breeds: { dog: breeds, cat: { bengal: 0.6, siamese: 0.4 } },
});
const named = (scores: FusedScores, species: "dog" | "cat" = "dog") =>
  scores.breeds[species].map((entry) => [entry.breed.id, Number(entry.confidence.toFixed(3))]);

describe("a photo's evidence", () => {
  it("keeps the breeds that matter, rounded, and never the photo", () => {
    const beagle = findBreed("beagle")!;
    const basset = findBreed("basset-hound")!;
    const pug = findBreed("pug")!;
    const bengal = findBreed("bengal")!;
    const evidence = photoEvidence({
      species: { dog: 0.912345, cat: 0.087655 },
      breeds: {
        dog: [
          { breed: beagle, confidence: 0.7000049 },
          { breed: basset, confidence: 0.2995 },
          { breed: pug, confidence: EVIDENCE_FLOOR / 2 },
        ],
        cat: [{ breed: bengal, confidence: 1 }],
      },
    });
    expect(evidence).toEqual({
      species: { dog: 0.9123, cat: 0.0877 },
      breeds: { dog: { beagle: 0.7, "basset-hound": 0.2995 }, cat: { bengal: 1 } },
    });
    expect(photoEvidenceSchema.safeParse(evidence).success).toBe(true);
  });

  it("is checked when a browser sends it", () => {
    const bad = [
      null,
      { species: { dog: 2, cat: 0 }, breeds: { dog: {}, cat: {} } },
      { species: { dog: 1, cat: 0 }, breeds: { dog: { beagle: "a lot" }, cat: {} } },
      { species: { dog: 1, cat: 0 }, breeds: { dog: {} } },
      { species: { dog: 1, cat: 0 }, breeds: { dog: {}, cat: {} }, photo: "data:image/jpeg;base64,…" },
      {
        species: { dog: 1, cat: 0 },
        breeds: { dog: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`b${i}`, 0.001])), cat: {} },
      },
    ];
    for (const value of bad) expect(photoEvidenceSchema.safeParse(value).success).toBe(false);
  });
});

describe("several photos of one pet", () => {
  it("gives one photo's answer back as it was", () => {
    const combined = combineEvidence([dogPhoto({ beagle: 0.7, "basset-hound": 0.3 }, 0.9)], 0.6);
    expect(combined.species.dog).toBeCloseTo(0.9);
    expect(named(combined)).toEqual([
      ["beagle", 0.7],
      ["basset-hound", 0.3],
    ]);
  });

  it("grows surer when the photos agree, by more the more they count as independent", () => {
    const photos = [
      dogPhoto({ beagle: 0.6, "basset-hound": 0.4 }),
      dogPhoto({ beagle: 0.6, "basset-hound": 0.4 }),
    ];
    // Averaging (0) changes nothing; multiplying (1): 0.36 / (0.36 + 0.16) = 0.692.
    expect(combineEvidence(photos, 0).breeds.dog[0]!.confidence).toBeCloseTo(0.6);
    expect(combineEvidence(photos, 1).breeds.dog[0]!.confidence).toBeCloseTo(0.692, 3);
    const half = combineEvidence(photos, 0.5).breeds.dog[0]!.confidence;
    expect(half).toBeGreaterThan(0.6);
    expect(half).toBeLessThan(0.692);
  });

  it("lets a clear second photo settle what the first left open", () => {
    const unsure = dogPhoto({ beagle: 0.45, "basset-hound": 0.4, pug: 0.15 });
    const clear = dogPhoto({ "basset-hound": 0.9, beagle: 0.08, pug: 0.02 });
    const combined = combineEvidence([unsure, clear], 0.5);
    expect(combined.breeds.dog[0]!.breed.id).toBe("basset-hound");
    expect(combined.breeds.dog[0]!.confidence).toBeGreaterThan(0.8);
  });

  it("counts a breed one photo left out as barely possible there, not impossible", () => {
    const combined = combineEvidence(
      [dogPhoto({ beagle: 0.9, pug: 0.1 }), dogPhoto({ beagle: 0.5, "basset-hound": 0.5 })],
      1,
    );
    const ids = combined.breeds.dog.map((entry) => entry.breed.id);
    expect(ids).toEqual(["beagle", "basset-hound", "pug"]);
    expect(combined.breeds.dog[2]!.confidence).toBeGreaterThan(0);
  });

  it("pools the species the same way, and ignores breed ids it does not know", () => {
    const combined = combineEvidence(
      [dogPhoto({ beagle: 0.5, "no-such-breed": 0.5 }, 0.3), dogPhoto({ beagle: 1 }, 0.3)],
      1,
    );
    // 0.09 / (0.09 + 0.49)
    expect(combined.species.dog).toBeCloseTo(0.155, 3);
    expect(named(combined)).toEqual([["beagle", 1]]);
    expect(named(combined, "cat")[0]).toEqual(["bengal", expect.closeTo(0.692, 3)]);
  });

  it("needs at least one photo", () => {
    expect(() => combineEvidence([], 0.5)).toThrow();
  });
});
