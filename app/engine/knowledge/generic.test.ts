import { describe, expect, it } from "vitest";
import { SPECIES } from "~/domain/pets";
import { BREEDS } from "./breeds";
import { SIZES } from "./breed-schema";
import { GENERIC_BREEDS, SIZE_CLASSES, type SizeClass } from "./generic";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
};
/** Nearest-rank quantile. */
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1]!;
const toHalf = (n: number) => Math.round(n * 2) / 2;
const KG_TO_LB = 2.20462;

/** SIZE_CLASSES as its documentation says it is derived from the knowledge base. */
function derived() {
  return Object.fromEntries(
    SPECIES.map((species) => {
      const classes: Record<string, SizeClass> = {};
      for (const size of SIZES) {
        const breeds = BREEDS.filter((breed) => breed.species === species && breed.size === size);
        if (breeds.length < 3) continue;
        const weightKg = {
          min: toHalf(median(breeds.map((breed) => breed.weightKg.min))),
          max: toHalf(median(breeds.map((breed) => breed.weightKg.max))),
        };
        const counts = new Map<string, number>();
        for (const breed of breeds) {
          for (const condition of breed.healthPredispositions) {
            counts.set(condition, (counts.get(condition) ?? 0) + 1);
          }
        }
        const common = [...counts]
          .filter(([, count]) => count >= Math.max(3, 0.25 * breeds.length))
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 4)
          .map(([condition]) => condition);
        const health = [...common];
        for (const condition of GENERIC_BREEDS[species].healthPredispositions) {
          if (health.length < 5 && !health.includes(condition)) health.push(condition);
        }
        classes[size] = {
          breedCount: breeds.length,
          weightKg,
          weightLb: { min: Math.round(weightKg.min * KG_TO_LB), max: Math.round(weightKg.max * KG_TO_LB) },
          lifeExpectancyYears: {
            min: Math.round(median(breeds.map((breed) => breed.lifeExpectancyYears.min))),
            max: Math.round(median(breeds.map((breed) => breed.lifeExpectancyYears.max))),
          },
          energy: {
            min: quantile(
              breeds.map((breed) => breed.energy),
              0.25,
            ),
            max: quantile(
              breeds.map((breed) => breed.energy),
              0.75,
            ),
          },
          healthPredispositions: health,
        };
      }
      return [species, classes];
    }),
  );
}

describe("the size classes", () => {
  it("are what the knowledge base says of its breeds of each size", () => {
    expect(SIZE_CLASSES).toEqual(derived());
  });

  it("cover every dog size, and cats' small, medium and large", () => {
    expect(Object.keys(SIZE_CLASSES.dog)).toEqual(["toy", "small", "medium", "large", "giant"]);
    expect(Object.keys(SIZE_CLASSES.cat)).toEqual(["small", "medium", "large"]);
    expect(SIZE_CLASSES.dog.medium).toMatchObject({
      weightKg: { min: 16, max: 25 },
      energy: { min: 3, max: 4 },
    });
  });
});
