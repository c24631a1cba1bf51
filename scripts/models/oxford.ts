import { findBreed, type Breed } from "../../app/engine/knowledge/breeds";

/** Oxford-IIIT Pet breed names ("german_shorthaired") that are not the knowledge base's. */
const OXFORD_TO_BREED: Record<string, string> = {
  english_cocker_spaniel: "English Cocker Spaniel",
  german_shorthaired: "German Shorthaired Pointer",
  wheaten_terrier: "Soft Coated Wheaten Terrier",
};

/** The knowledge base's breed for an Oxford-IIIT breed name. */
export function oxfordBreed(oxford: string): Breed {
  const breed = findBreed(OXFORD_TO_BREED[oxford] ?? oxford.replace(/_/g, " "));
  if (!breed) throw new Error(`No knowledge-base breed for Oxford-IIIT "${oxford}"`);
  return breed;
}
