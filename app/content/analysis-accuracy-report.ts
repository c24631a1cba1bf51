/**
 * What /accuracy shows of the committed evaluation run (analysis-accuracy.json) beyond the stated
 * figures of analysis-claims.ts: the model and browser, and where the model is weak, per breed,
 * with what each missed photo was taken for. Read by the page's loader only (at build time, the
 * page is prerendered): the per-photo rows never reach a browser's JavaScript.
 */
import { chromium, differentPets, model, perBreed, photos } from "./analysis-accuracy.json";
import { samePet } from "./analysis-out-of-fold.json";
import { ANALYSIS_CLAIMS } from "./analysis-claims";
import { OUT_OF_FOLD } from "./answer-reasons";

/** A breed with at least one photo whose first breed was not its own. */
export type WeakBreed = {
  name: string;
  species: "dog" | "cat";
  photos: number;
  top1: number;
  top3: number;
  /** The first breed given for each missed photo, with its confidence and the kind of answer. */
  takenFor: { name: string; percent: number; answer: string }[];
};

const ANSWER_WORDS: Record<string, string> = {
  identified: "named with confidence",
  mix: "said to look like a mix",
  unsure: "said not sure",
  unavailable: "no breed given",
  "no-pet": "no pet found",
};

export function accuracyReport() {
  const weakBreeds: WeakBreed[] = perBreed
    .filter((breed) => breed.top1 < breed.photos)
    .map((breed) => ({
      name: breed.name,
      species: breed.species as WeakBreed["species"],
      photos: breed.photos,
      top1: breed.top1,
      top3: breed.top3,
      takenFor: photos
        .filter((photo) => photo.breedId === breed.breedId && !photo.top1)
        .map((photo) => ({
          name: photo.answer.guesses[0]?.name ?? "no breed",
          percent: photo.answer.guesses[0]?.percent ?? 0,
          answer: ANSWER_WORDS[photo.answer.kind ?? ""] ?? "unknown answer",
        })),
    }));
  return {
    claims: ANALYSIS_CLAIMS,
    weakBreeds,
    /** Breeds whose every photo got its breed first. */
    strongBreeds: perBreed.length - weakBreeds.length,
    model: { backbone: model.backbone, petHead: model.petHead, classes: model.petHeadClasses },
    /** Chromium's major version. */
    browser: chromium.split(".")[0]!,
    /** The training photos' out-of-fold answers, each under thresholds fitted without it. */
    outOfFold: OUT_OF_FOLD,
    /** The same-pet rule: fitted on the training photos, and tried on held-out pairs of different pets. */
    samePet: {
      threshold: samePet.threshold,
      minOverlap: samePet.minOverlap,
      onePet: samePet.onePet,
      otherBreed: samePet.differentPets.otherBreed,
      sameBreed: samePet.differentPets.sameBreed,
      heldOut: { sameSpecies: differentPets.sameSpecies, otherSpecies: differentPets.otherSpecies },
    },
  };
}
