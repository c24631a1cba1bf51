import type { Species } from "~/domain/pets";
import type { LifeStage } from "./life-stage";

/**
 * Typical energy density of dry food when the owner has not read their label. Dry foods range
 * from about 300 to 500 kcal per 8-oz cup; these are mid-range round figures, not a source value.
 */
export const DEFAULT_KCAL_PER_CUP: Readonly<Record<Species, number>> = { dog: 350, cat: 400 };

/** Cups of food per day for a daily energy need. */
export function cupsPerDay(kcalPerDay: number, kcalPerCup: number): number {
  if (!(kcalPerCup > 0)) throw new RangeError("kcalPerCup must be positive");
  return kcalPerDay / kcalPerCup;
}

/**
 * Meals a day by age: under 4 months 4 meals, then 3 until growth ends, adults and seniors 2.
 * Follows the common guidance in the WSAVA Global Nutrition Guidelines (2011) that young
 * puppies and kittens need several small meals a day and adults do well on two.
 */
export function mealsPerDay(stage: LifeStage): number {
  if (stage === "baby") return 4;
  if (stage === "junior") return 3;
  return 2;
}

const FRACTIONS: Record<number, string> = { 0: "", 0.25: "¼", 0.5: "½", 0.75: "¾" };

/** 4.1 -> "4", 1.6 -> "1½", 0.1 -> "¼" (to the nearest quarter cup, at least a quarter). */
export function formatCups(cups: number): string {
  const quarters = Math.max(0.25, Math.round(cups * 4) / 4);
  const whole = Math.floor(quarters);
  const fraction = FRACTIONS[quarters - whole] ?? "";
  return whole === 0 ? fraction : `${whole}${fraction}`;
}
