import { SPECIES } from "~/domain/pets";
import { z } from "~/utils/zod";
import { COATS } from "./breed-additions";
import { BREED_ID } from "~/domain/breed-evidence";

export const SIZES = ["toy", "small", "medium", "large", "giant"] as const;

const range = (max: number) =>
  z
    .object({ min: z.number().positive().max(max), max: z.number().positive().max(max) })
    .strict()
    .refine((r) => r.min <= r.max, { message: "min must not exceed max" });

const level = z.number().int().min(1).max(5);

/** One entry of the breed knowledge base (breeds.generated.json). */
export const breedSchema = z
  .object({
    id: z.string().regex(BREED_ID),
    name: z.string().min(2),
    species: z.enum(SPECIES),
    size: z.enum(SIZES),
    weightKg: range(150),
    weightLb: range(330),
    lifeExpectancyYears: range(30),
    /** 1 (couch-loving) to 5 (tireless). */
    energy: level,
    /** 1 (wash and wear) to 5 (daily care or professional grooming). */
    grooming: level,
    coat: z.enum(COATS),
    temperament: z.array(z.string().min(2).max(24)).min(3).max(6),
    healthPredispositions: z.array(z.string().min(3).max(120)).min(2).max(5),
    imagenetLabels: z.array(z.string().min(2)),
    /** Where the figures came from, e.g. ["AKC", "DogTime"]. */
    sources: z.array(z.string()).min(1),
  })
  .strict();

export type Breed = z.infer<typeof breedSchema>;
export type BreedSize = (typeof SIZES)[number];
