import type { Species } from "~/domain/pets";
import type { LifeStage } from "./life-stage";

/**
 * Resting energy requirement, kcal/day: RER = 70 x (body weight in kg)^0.75.
 * Source: WSAVA Global Nutrition Guidelines (Freeman et al., JSAP 2011;52:385) and the 2021 AAHA
 * Nutrition and Weight Management Guidelines for Dogs and Cats (Cline et al., JAAHA 57:153), both
 * after NRC, Nutrient Requirements of Dogs and Cats (2006).
 */
export function restingEnergyKcal(weightKg: number): number {
  if (!(weightKg > 0)) throw new RangeError("weightKg must be positive");
  return 70 * weightKg ** 0.75;
}

export type EnergyState =
  | "baby" // puppy/kitten under 4 months
  | "junior" // 4 months to end of growth
  | "neuteredAdult"
  | "intactAdult"
  | "inactiveAdult" // low activity or obesity-prone
  | "activeAdult" // high activity / light work
  | "senior"
  | "inactiveSenior"
  | "weightLoss";

/**
 * Life-stage factors applied to RER (maintenance energy = RER x factor). The one table of them.
 * Source: the factor tables in the WSAVA Global Nutrition Guidelines (2011) and the 2021 AAHA
 * Nutrition and Weight Management Guidelines (after NRC 2006). Where the guidelines give a
 * range we take one value: dogs, senior 1.2-1.4 -> 1.4 (1.2 if inactive), active/light work
 * 2.0; cats, active 1.6 (the intact-adult 1.4 plus a little for a very active cat).
 */
export const ENERGY_FACTORS: Readonly<Record<Species, Readonly<Record<EnergyState, number>>>> = {
  dog: {
    baby: 3.0,
    junior: 2.0,
    neuteredAdult: 1.6,
    intactAdult: 1.8,
    inactiveAdult: 1.2,
    activeAdult: 2.0,
    senior: 1.4,
    inactiveSenior: 1.2,
    weightLoss: 1.0,
  },
  cat: {
    baby: 2.5,
    junior: 2.5,
    neuteredAdult: 1.2,
    intactAdult: 1.4,
    inactiveAdult: 1.0,
    activeAdult: 1.6,
    senior: 1.1,
    inactiveSenior: 1.0,
    weightLoss: 0.8,
  },
};

export type Activity = "low" | "normal" | "high";

/** Which factor applies to a pet. */
export function energyState(stage: LifeStage, neutered: boolean, activity: Activity = "normal"): EnergyState {
  if (stage === "baby" || stage === "junior") return stage;
  if (stage === "senior") return activity === "low" ? "inactiveSenior" : "senior";
  if (activity === "low") return "inactiveAdult";
  if (activity === "high") return "activeAdult";
  return neutered ? "neuteredAdult" : "intactAdult";
}

/** Daily maintenance energy, kcal/day = RER x life-stage factor. */
export function dailyEnergyKcal(species: Species, weightKg: number, state: EnergyState): number {
  return restingEnergyKcal(weightKg) * ENERGY_FACTORS[species][state];
}
