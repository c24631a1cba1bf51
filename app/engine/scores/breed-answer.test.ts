import { describe, expect, it } from "vitest";
import { findBreed, type Breed } from "~/engine/knowledge/breeds";
import { BREED_GUESSES, MIX_SECOND_MIN, breedAnswer } from "./breed-answer";
import type { BreedIdentification } from "./outcome";

function breed(id: string): Breed {
  const found = findBreed(id);
  if (!found) throw new Error(`no breed ${id}`);
  return found;
}

const DOGS = ["beagle", "basset-hound", "chihuahua", "pug", "boxer"].map(breed);
/** The dogs above with these confidences, in this order. */
const ranked = (...confidences: number[]) =>
  confidences.map((confidence, i) => ({ breed: DOGS[i]!, confidence }));
const DOG_MIN = 0.574;
/** A dog's thresholds: named from DOG_MIN, a mix when the first two hold 0.7. */
const DOG = { confidentMin: DOG_MIN, mixPairMin: 0.7 };

const status = (answer: BreedIdentification) => answer.status;
const names = (answer: BreedIdentification) =>
  answer.status === "unavailable" ? [] : answer.guesses.map((guess) => guess.breed.name);

describe("breedAnswer", () => {
  it("keeps the constants it is documented with", () => {
    expect({ MIX_SECOND_MIN, BREED_GUESSES }).toEqual({
      MIX_SECOND_MIN: 0.25,
      BREED_GUESSES: 3,
    });
  });

  it("names the breed when the first reaches the species' threshold, with the best three", () => {
    const answer = breedAnswer(ranked(0.8, 0.1, 0.05, 0.03, 0.02), DOG);
    expect(answer).toEqual({
      status: "identified",
      guesses: [
        { breed: DOGS[0], confidence: 0.8 },
        { breed: DOGS[1], confidence: 0.1 },
        { breed: DOGS[2], confidence: 0.05 },
      ],
    });
  });

  it("names it at exactly the threshold, and not just below", () => {
    expect(status(breedAnswer(ranked(DOG_MIN, 0.3, 0.1), DOG))).toBe("identified");
    // Just below, the same split is a mix (0.573 + 0.3 >= 0.7, 0.3 >= 0.25).
    expect(status(breedAnswer(ranked(0.573, 0.3, 0.1), DOG))).toBe("mix");
  });

  it("prefers naming the breed to a mix when both would hold", () => {
    // Cats need 0.957: 0.6 and 0.35 is a mix for a cat, a named breed for a dog.
    expect(status(breedAnswer(ranked(0.6, 0.35), DOG))).toBe("identified");
    expect(status(breedAnswer(ranked(0.6, 0.35), { ...DOG, confidentMin: 0.957 }))).toBe("mix");
  });

  it("says mix when two breeds hold most of the probability and the second is substantial", () => {
    const answer = breedAnswer(ranked(0.45, 0.4, 0.1, 0.05), DOG);
    expect(status(answer)).toBe("mix");
    expect(names(answer)).toEqual(["Beagle", "Basset Hound", "Chihuahua"]);
  });

  it("holds the mix's boundaries inclusively", () => {
    // The pair at exactly 0.7, the second at exactly 0.25.
    expect(status(breedAnswer(ranked(0.45, 0.25, 0.2), DOG))).toBe("mix");
    expect(status(breedAnswer(ranked(0.35, 0.35, 0.2), DOG))).toBe("mix");
    // The pair just short of 0.7.
    expect(status(breedAnswer(ranked(0.449, 0.25, 0.2), DOG))).toBe("unsure");
    // The second just short of 0.25, though the pair holds 0.79.
    expect(status(breedAnswer(ranked(0.55, 0.249, 0.1), DOG))).toBe("unsure");
  });

  it("calls a mix only from the species' own pair threshold", () => {
    expect(status(breedAnswer(ranked(0.45, 0.3, 0.2), DOG))).toBe("mix");
    expect(status(breedAnswer(ranked(0.45, 0.3, 0.2), { ...DOG, mixPairMin: 0.7716 }))).toBe("unsure");
  });

  it("is unsure when the probability is spread out or the runner-up is minor", () => {
    expect(status(breedAnswer(ranked(0.3, 0.25, 0.2, 0.15), DOG))).toBe("unsure");
    expect(status(breedAnswer(ranked(0.5, 0.1, 0.08), DOG))).toBe("unsure");
    expect(names(breedAnswer(ranked(0.3, 0.25, 0.2, 0.15), DOG))).toEqual([
      "Beagle",
      "Basset Hound",
      "Chihuahua",
    ]);
  });

  it("is unsure with one breed below the threshold or none at all", () => {
    expect(breedAnswer(ranked(0.5), DOG)).toEqual({
      status: "unsure",
      guesses: [{ breed: DOGS[0], confidence: 0.5 }],
    });
    expect(breedAnswer([], DOG)).toEqual({ status: "unsure", guesses: [] });
  });

  it("ranks the guesses itself and leaves the caller's list alone", () => {
    const list = [
      { breed: DOGS[2]!, confidence: 0.1 },
      { breed: DOGS[0]!, confidence: 0.5 },
      { breed: DOGS[1]!, confidence: 0.3 },
    ];
    const answer = breedAnswer(list, DOG);
    expect(status(answer)).toBe("mix");
    expect(names(answer)).toEqual(["Beagle", "Basset Hound", "Chihuahua"]);
    expect(list[0]!.breed).toBe(DOGS[2]);
  });
});
