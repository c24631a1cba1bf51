import { kgToLb } from "./records";

/** "12.50" as "12.5 kg". */
export function formatWeight(weightKg: string | number) {
  return `${Number(weightKg)} kg`;
}

/** "12.50" as "12.5 kg (27.6 lb)". */
export function formatWeightWithPounds(weightKg: string | number) {
  return `${Number(weightKg)} kg (${kgToLb(Number(weightKg))} lb)`;
}

/** An age in months as people say it: "7 months", "3 years", "2 years 5 months". */
export function formatAge(months: number) {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (years === 0) return plural(rest, "month");
  return rest === 0 ? plural(years, "year") : `${plural(years, "year")} ${plural(rest, "month")}`;
}
