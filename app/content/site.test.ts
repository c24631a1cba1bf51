import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breedForImagenetLabel, findBreed } from "~/engine/knowledge/breeds";
import { STATS } from "./site";

const modelFile = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "public/models/breed", name), "utf8")) as {
    classes: string[];
  };

/**
 * The breeds the shipped analysis can name: the pet head's classes, and the breeds the knowledge
 * base gives ImageNet's classes (the fusion weighs both, so either can come first).
 */
function nameableBreeds() {
  const breeds = new Set<string>();
  for (const id of modelFile("pet-head.json").classes) {
    const breed = findBreed(id);
    expect(breed, `pet head class ${id}`).toBeDefined();
    breeds.add(breed!.id);
  }
  for (const label of modelFile("descriptor.json").classes) {
    const breed = breedForImagenetLabel(label);
    if (breed) breeds.add(breed.id);
  }
  return breeds;
}

describe("the site's stated figures", () => {
  it("claim no more breeds than the analysis can name", () => {
    const count = nameableBreeds().size;
    const stated = /^(\d+)\+?$/.exec(STATS.breeds);
    expect(stated, `STATS.breeds "${STATS.breeds}"`).not.toBeNull();
    expect(Number(stated![1])).toBeLessThanOrEqual(count);
    // And not far below it: "130+" says the hundreds and tens it reaches.
    expect(count - Number(stated![1])).toBeLessThan(10);
  });
});
