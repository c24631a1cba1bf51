import { kgToLb } from "~/domain/records";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "2021-04-30" as "Apr 30, 2021", the same on the server and in every browser. */
export function formatDate(isoDate: string) {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

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
