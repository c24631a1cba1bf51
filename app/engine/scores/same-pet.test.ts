import { describe, expect, it } from "vitest";
import { APPEARANCE_DIMENSIONS, photoEvidenceSchema, type PhotoEvidence } from "~/domain/breed-evidence";
import { appearanceSimilarity, breedOverlap, onePetsEvidence, samePetAs } from "./same-pet";

const rule = { minSimilarity: 0.33, minOverlap: 0.5 };
/** A unit appearance at `angle` radians from the first axis, in the plane of the first two. */
const looks = (angle: number) => [
  Math.cos(angle),
  Math.sin(angle),
  ...Array<number>(APPEARANCE_DIMENSIONS - 2).fill(0),
];
const dog = (appearance?: number[], p = 0.95): PhotoEvidence => ({
  species: { dog: p, cat: 1 - p },
  breeds: { dog: { beagle: 0.9 }, cat: { bengal: 1 } },
  ...(appearance ? { appearance } : {}),
});
const cat = (appearance?: number[]): PhotoEvidence => ({ ...dog(appearance, 0.1) });

describe("the same-pet rule", () => {
  it("measures appearance by cosine, whatever the rounding did to the lengths", () => {
    expect(appearanceSimilarity(looks(0), looks(0))).toBeCloseTo(1);
    expect(appearanceSimilarity(looks(0), looks(Math.PI / 2))).toBeCloseTo(0);
    expect(appearanceSimilarity([2, 0], [0.5, 0.5])).toBeCloseTo(Math.SQRT1_2);
    expect(appearanceSimilarity([0, 0], [1, 0])).toBe(0);
  });

  it("pools a photo that looks like one of the earlier ones, at the threshold and above", () => {
    expect(samePetAs([], dog(looks(0)), rule)).toEqual({ same: true });
    expect(samePetAs([dog(looks(0))], dog(looks(0.3)), rule)).toEqual({ same: true });
    // cos(acos(0.33)) is the threshold itself; a little further is another pet.
    expect(samePetAs([dog(looks(0))], dog(looks(Math.acos(0.33) - 1e-6)), rule)).toEqual({ same: true });
    expect(samePetAs([dog(looks(0))], dog(looks(Math.acos(0.33) + 0.01)), rule)).toEqual({
      same: false,
      reason: "appearance",
    });
    // Close to any one of the earlier photos is enough (a pet seen from two sides).
    expect(samePetAs([dog(looks(0)), dog(looks(2))], dog(looks(2.2)), rule).same).toBe(true);
  });

  it("never pools another species, however alike the photos look", () => {
    expect(samePetAs([dog(looks(0))], cat(looks(0)), rule)).toEqual({ same: false, reason: "species" });
    // The earlier photos' species is their pooled one: two sure dog photos outweigh a doubtful one.
    expect(samePetAs([dog(looks(0)), dog(looks(0), 0.45)], dog(looks(0)), rule).same).toBe(true);
  });

  it("needs the photos to agree on the breeds they may show, however alike they look", () => {
    const birman: PhotoEvidence = {
      ...cat(looks(0)),
      breeds: { dog: {}, cat: { birman: 0.7, ragdoll: 0.3 } },
    };
    const ragdoll: PhotoEvidence = {
      ...cat(looks(0.1)),
      breeds: { dog: {}, cat: { ragdoll: 0.6, birman: 0.4 } },
    };
    const bombay: PhotoEvidence = {
      ...cat(looks(0.1)),
      breeds: { dog: {}, cat: { bombay: 0.9, "british-shorthair": 0.1 } },
    };
    expect(breedOverlap(birman, ragdoll, "cat")).toBeCloseTo(Math.sqrt(0.28) + Math.sqrt(0.18));
    expect(breedOverlap(birman, bombay, "cat")).toBe(0);
    expect(samePetAs([birman], ragdoll, rule)).toEqual({ same: true });
    expect(samePetAs([birman], bombay, rule)).toEqual({ same: false, reason: "breeds" });
    // One earlier photo must pass both tests, not one each.
    const farBirman = { ...birman, appearance: looks(Math.PI / 2) };
    expect(samePetAs([farBirman, bombay], ragdoll, rule)).toEqual({ same: false, reason: "appearance" });
    expect(samePetAs([farBirman, birman], ragdoll, rule)).toEqual({ same: true });
  });

  it("compares evidence saved before appearances existed by species and breeds", () => {
    expect(samePetAs([dog()], dog(looks(0)), rule)).toEqual({ same: true });
    expect(samePetAs([dog(looks(0))], dog(), rule)).toEqual({ same: true });
    expect(samePetAs([dog()], cat(), rule).same).toBe(false);
  });

  it("narrows a pet's saved photos to the newest one's animal", () => {
    const newest = dog(looks(0));
    const again = dog(looks(0.2));
    const neighbours = dog(looks(Math.PI / 2));
    expect(onePetsEvidence([newest, neighbours, cat(looks(0)), again], rule)).toEqual({
      kept: [newest, again],
      leftOut: 2,
    });
    expect(onePetsEvidence([], rule)).toEqual({ kept: [], leftOut: 0 });
  });

  it("is checked as part of the evidence a browser sends", () => {
    expect(photoEvidenceSchema.safeParse(dog(looks(1))).success).toBe(true);
    expect(photoEvidenceSchema.safeParse(dog([0.5, 0.5])).success).toBe(false);
    expect(photoEvidenceSchema.safeParse(dog(looks(1).map((x) => x * 3))).success).toBe(false);
  });
});
