/**
 * Writes app/engine/knowledge/breeds.generated.json from the public breed tables in
 * ../shared/data/breeds (figures only) and our own additions in
 * app/engine/knowledge/breed-additions.ts. Run: `npx tsx scripts/build-breed-knowledge.ts`.
 *
 * Dogs: AKC figures first (kg, years, levels 0.2-1.0 -> 1-5); DogTime's free text (pounds, years,
 * ratings 1-5) only fills what the AKC row lacks. Cats: cats.csv gives one male weight in kg; we
 * take the female as about 75 % of the male (a common rule of thumb for domestic cats, females
 * weigh roughly 75-80 % of males) and store the range female..male.
 */
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import {
  CAT_RENAMES,
  CAT_ROWS,
  COATS,
  type Coat,
  DOG_OVERRIDES,
  DOG_RENAMES,
  DOG_ROWS,
  IMAGENET_TO_BREED,
} from "../app/engine/knowledge/breed-additions";
import { type Breed, type BreedSize, breedSchema } from "../app/engine/knowledge/breed-schema";

const SOURCE_DIR = path.resolve("../shared/data/breeds");
const OUT_FILE = "app/engine/knowledge/breeds.generated.json";
const KG_PER_LB = 0.45359237;
const FEMALE_CAT_WEIGHT_RATIO = 0.75;

/** Minimal RFC 4180 CSV reader (quoted fields, doubled quotes). */
function readCsv(file: string): Record<string, string>[] {
  const text = fs.readFileSync(path.join(SOURCE_DIR, file), "utf8");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows.filter((r) => r.some((f) => f.trim()));
  if (!header) throw new Error(`${file} is empty`);
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

const normalize = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const slug = (s: string) => normalize(s).replace(/ /g, "-");
const round1 = (n: number) => Math.round(n * 10) / 10;
const num = (s: string | undefined) => {
  const n = Number.parseFloat(s ?? "");
  return Number.isFinite(n) && n > 0 ? n : undefined;
};
const level = (v: number) => Math.min(5, Math.max(1, Math.round(v)));

/** "50 to 75 pounds" / "35 - 60 pounds" -> [50, 75]; anything vaguer -> undefined. */
function parseRange(text: string | undefined): [number, number] | undefined {
  const nums = (text ?? "").match(/\d+(\.\d+)?/g)?.map(Number);
  if (!nums || nums.length < 2 || !/\bto\b|-/.test(text ?? "")) return undefined;
  const [a, b] = nums as [number, number];
  return a > 0 && a <= b ? [a, b] : undefined;
}

/**
 * A figure range from the AKC row, else DogTime's. An AKC row with min = max is a standard's single
 * figure ("up to 7 pounds"), not a range: it is widened by DogTime's range when there is one.
 */
function akcRange(
  min: number | undefined,
  max: number | undefined,
  dogtime: [number, number] | undefined,
): [number, number, ...string[]] | undefined {
  if (min && max && min < max) return [min, max, "AKC"];
  if (min && max && min === max) {
    return dogtime && [Math.min(min, dogtime[0]), Math.max(max, dogtime[1]), "AKC", "DogTime"];
  }
  return dogtime && [dogtime[0], dogtime[1], "DogTime"];
}

function sizeFor(species: "dog" | "cat", meanKg: number): BreedSize {
  if (species === "cat") return meanKg <= 3 ? "small" : meanKg <= 6 ? "medium" : "large";
  if (meanKg < 5) return "toy";
  if (meanKg < 13) return "small";
  if (meanKg < 27) return "medium";
  if (meanKg < 50) return "large";
  return "giant";
}

type Row = { source: string; coat: Coat; temperament: string[]; health: string[]; extra: string[] };
function parseRow(line: string): Row {
  const [source, coat, temperament, health, ...extra] = line.split("|").map((f) => f.trim());
  if (!source || !coat || !temperament || !health) throw new Error(`Bad row: ${line}`);
  if (!(COATS as readonly string[]).includes(coat)) throw new Error(`Bad coat in: ${line}`);
  const list = (s: string) => s.split(",").map((w) => w.trim());
  return { source, coat: coat as Coat, temperament: list(temperament), health: list(health), extra };
}

const weights = (kg: [number, number]) => ({
  weightKg: { min: round1(kg[0]), max: round1(kg[1]) },
  weightLb: { min: Math.round(kg[0] / KG_PER_LB), max: Math.round(kg[1] / KG_PER_LB) },
});

const akc = new Map(readCsv("akc-dogs.csv").map((r) => [normalize(r.breed ?? ""), r]));
const dogtime = new Map(
  readCsv("dogtime-dogs.csv")
    .filter((r) => !/Mixed|Hybrid/.test(r.breed_group ?? ""))
    .map((r) => [normalize(r.breed ?? ""), r]),
);
const cats = new Map(readCsv("cats.csv").map((r) => [normalize(r.BreedName ?? ""), r]));

const breeds: Omit<Breed, "imagenetLabels">[] = [];

for (const line of DOG_ROWS) {
  const row = parseRow(line);
  const a = akc.get(normalize(row.source));
  const d = dogtime.get(normalize(row.source));
  if (!a && !d) throw new Error(`No source row for dog ${row.source}`);
  const override = DOG_OVERRIDES[row.source] ?? {};
  const sources = new Set<string>();
  const fromSource = <T>(value: T | undefined, source: string): T | undefined => {
    if (value !== undefined) sources.add(source);
    return value;
  };

  const dtLb = parseRange(d?.weight);
  const kg =
    override.weightKg ??
    akcRange(num(a?.min_weight), num(a?.max_weight), dtLb && [dtLb[0] * KG_PER_LB, dtLb[1] * KG_PER_LB]);
  const life = akcRange(num(a?.min_expectancy), num(a?.max_expectancy), parseRange(d?.life_span));
  const akcEnergy = num(a?.energy_level_value);
  const energy =
    override.energy ??
    fromSource(akcEnergy && level(akcEnergy * 5), "AKC") ??
    fromSource(num(d?.e1_energy_level) && level(Number(d?.e1_energy_level)), "DogTime");
  const akcGrooming = num(a?.grooming_frequency_value);
  const easyToGroom = num(d?.c3_easy_to_groom);
  const grooming =
    override.grooming ??
    fromSource(akcGrooming && level(akcGrooming * 5), "AKC") ??
    fromSource(easyToGroom && level(6 - easyToGroom), "DogTime");
  for (const source of [...(override.weightKg ? [] : (kg?.slice(2) ?? [])), ...(life?.slice(2) ?? [])]) {
    sources.add(String(source));
  }
  if (!kg || !life || !energy || !grooming) {
    throw new Error(`Missing figures for ${row.source}: ${JSON.stringify({ kg, life, energy, grooming })}`);
  }
  if (override.weightKg || override.energy || override.grooming) sources.add("PawPal override");
  const name = DOG_RENAMES[row.source] ?? row.source.replace(/’/g, "'");
  breeds.push({
    id: slug(name),
    name,
    species: "dog",
    size: sizeFor("dog", (kg[0] + kg[1]) / 2),
    ...weights([kg[0], kg[1]]),
    lifeExpectancyYears: { min: life[0], max: life[1] },
    energy,
    grooming,
    coat: row.coat,
    temperament: row.temperament,
    healthPredispositions: row.health,
    sources: [...sources],
  });
}

for (const line of CAT_ROWS) {
  const row = parseRow(line);
  const c = cats.get(normalize(row.source));
  const maleKg = num(c?.MaleWtKg);
  if (!c || !maleKg) throw new Error(`No cats.csv row with a weight for ${row.source}`);
  const [lifeText, energyText, groomingText] = row.extra;
  const life = parseRange(lifeText);
  if (!life || !energyText || !groomingText) throw new Error(`Cat row needs life, energy, grooming: ${line}`);
  const name = CAT_RENAMES[row.source] ?? row.source;
  const kg: [number, number] = [maleKg * FEMALE_CAT_WEIGHT_RATIO, maleKg];
  breeds.push({
    id: slug(name),
    name,
    species: "cat",
    size: sizeFor("cat", maleKg), // cats are sized by the male weight: <=3 kg small, <=6 medium, else large
    ...weights(kg),
    lifeExpectancyYears: { min: life[0], max: life[1] },
    energy: level(Number(energyText)),
    grooming: level(Number(groomingText)),
    coat: row.coat,
    temperament: row.temperament,
    healthPredispositions: row.health,
    sources: ["cats.csv", "PawPal (life span, levels)"],
  });
}

const labelsByName = new Map<string, string[]>();
for (const [label, name] of Object.entries(IMAGENET_TO_BREED)) {
  if (!breeds.some((b) => b.name === name)) throw new Error(`ImageNet "${label}" -> unknown breed ${name}`);
  labelsByName.set(name, [...(labelsByName.get(name) ?? []), label]);
}

const out: Breed[] = breeds
  .map((b) => ({ ...b, imagenetLabels: labelsByName.get(b.name) ?? [] }))
  .sort((x, y) => (x.species === y.species ? x.name.localeCompare(y.name) : x.species === "dog" ? -1 : 1))
  .map((b) => breedSchema.parse(b));

const ids = new Set(out.map((b) => b.id));
if (ids.size !== out.length) throw new Error("Duplicate breed ids");

const prettierOptions = (await prettier.resolveConfig(OUT_FILE)) ?? {};
fs.writeFileSync(
  OUT_FILE,
  await prettier.format(JSON.stringify(out), { ...prettierOptions, filepath: OUT_FILE }),
);
const dogs = out.filter((b) => b.species === "dog").length;
console.log(`wrote ${OUT_FILE}: ${dogs} dogs, ${out.length - dogs} cats`);
