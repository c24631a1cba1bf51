import type { Species } from "./pets";
import { z } from "~/utils/zod";

/**
 * What one photo says about a pet (engine/scores/evidence.ts makes and combines it):
 * kept so that several photos of the same pet can be combined, in the analysis worker and from
 * the analyses saved to a pet's profile. Scores only, never the photo: photos stay on the device.
 */
export type PhotoEvidence = {
  /** Probability of each species, the pet head and ImageNet fused. */
  species: Record<Species, number>;
  /** Calibrated probability of each breed given its species, by knowledge-base id. */
  breeds: Record<Species, Record<string, number>>;
  /**
   * What the pet looks like, as APPEARANCE_DIMENSIONS numbers (the backbone's features projected
   * by the pet head, unit length): compared to tell whether two photos show the same animal
   * (engine/scores/same-pet.ts). Not the photo, nor enough to draw it. Absent in evidence saved
   * before it existed: such photos are compared by species alone.
   */
  appearance?: number[];
};

/** How many numbers a photo's appearance has. */
export const APPEARANCE_DIMENSIONS = 64;

/** Breeds below this are left out of a photo's evidence (and count as this much when combined). */
export const EVIDENCE_FLOOR = 1e-3;

/**
 * A breed's id in the knowledge base: lower-case words joined by hyphens. Evidence names breeds
 * by it alone, so "Affenpinscher" and "AFFENPINSCHER" are refused rather than shown as three breeds.
 */
export const BREED_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const breedId = z.string().max(60).regex(BREED_ID);

/** The evidence as a form or the database carries it: checked, since a browser sends it. */
export const photoEvidenceSchema = z
  .object({
    species: z.object({ dog: z.number().min(0).max(1), cat: z.number().min(0).max(1) }).strict(),
    breeds: z
      .object({
        dog: z.record(breedId, z.number().min(0).max(1)),
        cat: z.record(breedId, z.number().min(0).max(1)),
      })
      .strict(),
    appearance: z.array(z.number().min(-1).max(1)).length(APPEARANCE_DIMENSIONS).optional(),
  })
  .strict()
  .refine((e) => Object.keys(e.breeds.dog).length + Object.keys(e.breeds.cat).length <= 200, {
    message: "Too many breeds in the evidence",
  });
