import { describe, expect, it } from "vitest";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { combineEvidence } from "~/engine/scores/evidence";
import shipped from "../../public/models/breed/pet-head.json";
import { fusionFrom, photoVerdict, PET_HEAD_SOURCE, shippedFusion } from "./photo-verdict.server";

/*
 * "What its photos say" (decision 18): the saved photos' evidence combined as the analysis combines
 * photos of one pet, with the shipped pet head's fusion, and a file without it refused loudly.
 */

const fusion = {
  pooling: 0.6,
  confidentMin: { dog: 0.574, cat: 0.957 },
  mixPairMin: { dog: 0.7, cat: 0.7 },
  samePet: { minSimilarity: 0.5, minOverlap: 0.5 },
};

const dog = (breeds: Record<string, number>, p = 0.97): PhotoEvidence => ({
  species: { dog: p, cat: 1 - p },
  breeds: { dog: breeds, cat: { bengal: 0.7, siamese: 0.3 } },
});

describe("photoVerdict", () => {
  it("says nothing without evidence", () => {
    expect(photoVerdict([], fusion)).toBeNull();
  });

  it("names a breed the photos agree on, with its probability and how many photos", () => {
    expect(photoVerdict([dog({ beagle: 0.88, "basset-hound": 0.1, harrier: 0.02 })], fusion)).toEqual({
      status: "identified",
      species: "dog",
      guesses: [
        { breed: "Beagle", percent: 88 },
        { breed: "Basset Hound", percent: 10 },
        { breed: "Harrier", percent: 2 },
      ],
      photoCount: 1,
      photosLeftOut: 0,
    });
  });

  it("combines photos the way the analysis does (log-linear pooling)", () => {
    const photos = [
      dog({ beagle: 0.5, "basset-hound": 0.4, harrier: 0.1 }),
      dog({ beagle: 0.6, "basset-hound": 0.3, harrier: 0.1 }),
    ];
    const combined = combineEvidence(photos, fusion.pooling).breeds.dog;
    const verdict = photoVerdict(photos, fusion)!;
    expect(verdict.photoCount).toBe(2);
    expect(verdict.guesses).toEqual(
      combined
        .slice(0, 3)
        .map((entry) => ({ breed: entry.breed.name, percent: Math.round(entry.confidence * 100) })),
    );
  });

  it("combines only the photos that look like the newest one's pet, and says how many it left out", () => {
    const looks = (x: number) => [x, Math.sqrt(1 - x * x), ...Array<number>(62).fill(0)];
    const rex = { ...dog({ beagle: 0.9, "basset-hound": 0.1 }), appearance: looks(1) };
    const rexAgain = { ...dog({ beagle: 0.8, "basset-hound": 0.2 }), appearance: looks(0.9) };
    const neighboursPug = { ...dog({ pug: 0.95, beagle: 0.05 }), appearance: looks(0) };
    const aCat: PhotoEvidence = {
      species: { dog: 0.05, cat: 0.95 },
      breeds: { dog: { pug: 1 }, cat: { bengal: 1 } },
    };
    // Oldest first, as the pet's saved evidence comes: the newest is Rex.
    const verdict = photoVerdict([neighboursPug, aCat, rexAgain, rex], fusion)!;
    expect(verdict).toMatchObject({ species: "dog", photoCount: 2, photosLeftOut: 2 });
    expect(verdict.guesses[0]).toEqual({ breed: "Beagle", percent: expect.any(Number) });
    expect(verdict.guesses.map((guess) => guess.breed)).not.toContain("Pug");
  });

  it("says a mix when two breeds share most of it, and not sure otherwise", () => {
    expect(photoVerdict([dog({ beagle: 0.45, "basset-hound": 0.35, harrier: 0.2 })], fusion)).toMatchObject({
      status: "mix",
      guesses: [{ breed: "Beagle" }, { breed: "Basset Hound" }, { breed: "Harrier" }],
    });
    expect(
      photoVerdict([dog({ beagle: 0.4, "basset-hound": 0.2, harrier: 0.2, pug: 0.2 })], fusion),
    ).toMatchObject({ status: "unsure", guesses: [{ breed: "Beagle", percent: 40 }, {}, {}] });
  });

  it("answers for the species the photos settle on, with that species' threshold", () => {
    const cat: PhotoEvidence = {
      species: { dog: 0.1, cat: 0.9 },
      breeds: { dog: { beagle: 1 }, cat: { bengal: 0.9, siamese: 0.1 } },
    };
    // 0.9 is confident for a dog, not for a cat (0.957).
    expect(photoVerdict([cat], fusion)).toMatchObject({
      species: "cat",
      status: "unsure",
      guesses: [
        { breed: "Bengal", percent: 90 },
        { breed: "Siamese", percent: 10 },
      ],
    });
  });

  it("says nothing when no breed of that species is known", () => {
    expect(photoVerdict([dog({ "no-such-breed": 1 })], fusion)).toBeNull();
  });
});

describe("the pet head's fusion", () => {
  it("is read with the analysis's own schema", () => {
    const file = { ...shipped, fusion: { ...shipped.fusion, pooling: 0.42 } };
    expect(fusionFrom(file)).toEqual({
      pooling: 0.42,
      confidentMin: shipped.fusion.confidentMin,
      mixPairMin: shipped.fusion.mixPairMin,
      samePet: shipped.fusion.samePet,
    });
  });

  it("is refused loudly when a file cannot say how photos are pooled", () => {
    const { pooling: _pooling, ...withoutPooling } = shipped.fusion;
    expect(() => fusionFrom({ ...shipped, fusion: withoutPooling })).toThrow(
      new RegExp(`^${PET_HEAD_SOURCE} is not a pet head this server can read \\(fusion\\.pooling: `),
    );
    expect(() => fusionFrom({ ...shipped, fusion: { ...shipped.fusion, pooling: 2 } })).toThrow(
      /fusion\.pooling/,
    );
    expect(() => fusionFrom(null)).toThrow(PET_HEAD_SOURCE);
  });

  it("of the shipped breed model is what the pet page uses", () => {
    expect(shippedFusion()).toEqual(fusionFrom(shipped));
  });
});
