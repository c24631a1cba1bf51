import shippedPetHead from "../../public/models/breed/pet-head.json";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { PhotoVerdict } from "~/domain/pets";
import { breedAnswer } from "~/engine/scores/breed-answer";
import { combineEvidence } from "~/engine/scores/evidence";
import { onePetsEvidence } from "~/engine/scores/same-pet";
import { petHeadFileSchema, type PetHeadFile } from "~/engine/scores/pet-head";

/*
 * "What its photos say" on a pet's page (decision 18): the evidence of the photos saved to the pet
 * (backend/breed-evidence.server.ts) combined the way the analysis combines photos of one pet,
 * with the fusion the shipped breed model was fitted with, by the analysis' pure logic
 * (app/engine). Server-only: the breed knowledge base must stay out of the page's JavaScript
 * (decision 9).
 */

/** Where the fusion comes from: the pet head the site ships (bundled with the server at build). */
export const PET_HEAD_SOURCE = "public/models/breed/pet-head.json";

type Fusion = Pick<PetHeadFile["fusion"], "pooling" | "confidentMin" | "mixPairMin" | "samePet">;

/**
 * The fusion of a pet head file, checked with the analysis's own schema. A file it cannot read
 * (say, one trained before photos were pooled) throws, naming the file and what is wrong: the
 * page must not guess how photos are combined.
 */
export function fusionFrom(file: unknown, source = PET_HEAD_SOURCE): Fusion {
  const parsed = petHeadFileSchema.safeParse(file);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`)
      .join("; ");
    throw new Error(`${source} is not a pet head this server can read (${problems}).`);
  }
  const { pooling, confidentMin, mixPairMin, samePet } = parsed.data.fusion;
  return { pooling, confidentMin, mixPairMin, samePet };
}

let shipped: Fusion | undefined;

/** The shipped pet head's fusion, read once (on the first page with evidence to combine). */
export function shippedFusion(): Fusion {
  shipped ??= fusionFrom(shippedPetHead);
  return shipped;
}

/**
 * The photos' answer (`evidence` oldest first): the newest photo and the older ones that show
 * the same pet (engine/scores/same-pet.ts) combined (engine/scores/evidence.ts), then for the
 * species the combination settles on, the breed answer the report would give (identified, a mix,
 * or not sure) with its best three guesses. Names and whole percentages only travel to the page.
 * Null without evidence, or when no breed of that species is known.
 */
export function photoVerdict(evidence: readonly PhotoEvidence[], fusion?: Fusion): PhotoVerdict | null {
  if (evidence.length === 0) return null;
  const { pooling, confidentMin, mixPairMin, samePet } = fusion ?? shippedFusion();
  const { kept, leftOut } = onePetsEvidence([...evidence].reverse(), samePet);
  const combined = combineEvidence(kept.reverse(), pooling);
  const species = combined.species.cat > combined.species.dog ? "cat" : "dog";
  const answer = breedAnswer(combined.breeds[species], {
    confidentMin: confidentMin[species],
    mixPairMin: mixPairMin[species],
  });
  if (answer.status === "unavailable" || answer.guesses.length === 0) return null;
  return {
    status: answer.status,
    species,
    guesses: answer.guesses.map((guess) => ({
      breed: guess.breed.name,
      percent: Math.round(guess.confidence * 100),
    })),
    photoCount: kept.length,
    photosLeftOut: leftOut,
  };
}
