import { buildCarePlan } from "./build-care-plan";
import { findBreed } from "~/engine/knowledge/breeds";
import { GENERIC_BREEDS } from "~/engine/knowledge/generic";
import type { Pet } from "~/domain/pets";
import { ageInMonths, type PetRecord } from "~/domain/records";

/**
 * What a pet's page (and the vet beside an emergency chat) shows from its profile and
 * records: its age, latest weight, breed's healthy range and care plan. Run in loaders: the
 * breed knowledge base stays out of the pages' JavaScript (tests/e2e/bundles.spec.ts).
 */
export function petHealth(pet: Pet, records: readonly PetRecord[], today: string) {
  // Newest first: the first weight entry is the latest weighing.
  const latestWeightKg = records.find((record) => record.kind === "weight")?.weightKg ?? pet.weightKg;
  const ageMonths = ageInMonths(pet.birthDate, today);
  const species = pet.type === "other" ? null : pet.type;
  const found = pet.breed ? findBreed(pet.breed) : undefined;
  const breed = found && found.species === species ? found : null;
  const carePlan = species
    ? buildCarePlan(breed ?? GENERIC_BREEDS[species], {
        ageMonths: ageMonths ?? undefined,
        weightKg: latestWeightKg === null ? undefined : Number(latestWeightKg),
        neutered: pet.neutered ?? undefined,
        activity: pet.activity ?? undefined,
      })
    : null;
  return {
    ageMonths,
    latestWeightKg,
    carePlan,
    carePlanBasis: { breedName: breed?.name ?? null, ageMonths, latestWeightKg },
    healthyRange: breed
      ? { breedName: breed.name, minKg: breed.weightKg.min, maxKg: breed.weightKg.max }
      : null,
  };
}
