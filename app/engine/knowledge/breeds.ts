/**
 * The breed knowledge base: public breed figures (AKC, DogTime, a cat-breed table) merged with
 * our own additions by scripts/build-breed-knowledge.ts into breeds.generated.json.
 */
import data from "./breeds.generated.json";
import type { Breed } from "./breed-schema";

export type { Breed, BreedSize } from "./breed-schema";

/** Every breed, dogs first, each sorted by name. Validated by knowledge.test.ts. */
export const BREEDS: readonly Breed[] = data as Breed[];

const normalize = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const byKey = new Map<string, Breed>();
for (const breed of BREEDS) {
  byKey.set(normalize(breed.id), breed);
  byKey.set(normalize(breed.name), breed);
}

const byLabel = new Map<string, Breed>();
for (const breed of BREEDS) {
  for (const label of breed.imagenetLabels) byLabel.set(label.toLowerCase(), breed);
}

/** A breed by id ("golden-retriever") or name ("Golden Retriever"), ignoring case and accents. */
export function findBreed(idOrName: string): Breed | undefined {
  return byKey.get(normalize(idOrName));
}

/** The breed an ImageNet class name (as in classes.json, e.g. "golden retriever") maps to. */
export function breedForImagenetLabel(label: string): Breed | undefined {
  return byLabel.get(label.trim().toLowerCase());
}
