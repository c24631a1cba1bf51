/**
 * "Is this an emergency?": the answer to the signs an owner ticked (the most urgent level among
 * them), read from the page's query. The signs and their sources are emergency-signs.ts.
 */
import {
  LEVELS,
  SIGNS,
  SOURCES,
  SPECIES,
  type Level,
  type Sign,
  type Source,
  type SourceId,
  type Species,
} from "./emergency-signs";

const SIGNS_BY_ID = new Map(SIGNS.map((sign) => [sign.id, sign]));

export function signById(id: string): Sign | undefined {
  return SIGNS_BY_ID.get(id);
}

export function sourceOf(sign: Sign): Source {
  return { id: sign.source, ...SOURCES[sign.source] };
}

export function allSources(): Source[] {
  return (Object.keys(SOURCES) as SourceId[]).map((id) => ({ id, ...SOURCES[id] }));
}

export function signsFor(species: Species): Sign[] {
  return SIGNS.filter((sign) => sign.species.includes(species));
}

export const SPECIES_NAMES: Record<Species, { one: string; many: string }> = {
  dog: { one: "dog", many: "dogs" },
  cat: { one: "cat", many: "cats" },
};

/**
 * The answer. `level: "none"` when nothing was ticked: we cannot tell from nothing, so the page
 * never says "can wait" (or "not an emergency") without a sign that says so.
 */
export type Assessment = { level: Level; reasons: Sign[] } | { level: "none"; reasons: [] };

/**
 * The most urgent level among the ticked signs, and the signs at that level (the reasons).
 * An unknown id, or a sign of the other species, is refused (a RangeError), never skipped:
 * skipping a red flag ticked for the wrong species could turn "go now" into "can wait".
 * The page checks the query with `readChoices` first and says what is wrong.
 */
export function assess(species: Species, signIds: readonly string[]): Assessment {
  const signs = signIds.map((id) => {
    const sign = signById(id);
    if (!sign) throw new RangeError(`Unknown sign "${id}"`);
    if (!sign.species.includes(species)) throw new RangeError(`The sign "${id}" is not for ${species}s`);
    return sign;
  });
  for (const level of LEVELS) {
    const reasons = signs.filter((sign) => sign.level === level);
    // Each sign once, in the form's order.
    if (reasons.length > 0) return { level, reasons: SIGNS.filter((sign) => reasons.includes(sign)) };
  }
  return { level: "none", reasons: [] };
}

/** What the page's query asked (?species=dog&sign=a&sign=b), checked. */
export type Choices = {
  species: Species | null;
  /** The known sign ids asked for (kept ticked on the page), each once. */
  signIds: string[];
  /** Sentences saying what is wrong; when there is any, no answer is given. */
  problems: string[];
  /** True when the form was sent (any species or sign in the query). */
  asked: boolean;
};

export const CHOICE_PROBLEMS = {
  noSpecies: "Choose dog or cat first: some signs mean different things for each.",
  badSpecies: "This check is for dogs and cats only. Choose dog or cat.",
  unknownSign: "One of the ticked signs is not one we know (the link may be old). Please tick again below.",
  otherSpecies: (sign: Sign, species: Species) =>
    `“${sign.label}” is a sign we check for ${SPECIES_NAMES[sign.species[0]!].many} only, and you chose ${SPECIES_NAMES[species].one}. Untick it, or choose ${SPECIES_NAMES[sign.species[0]!].one}.`,
} as const;

export function readChoices(params: URLSearchParams): Choices {
  const rawSpecies = params.get("species");
  const rawSigns = params.getAll("sign");
  const asked = rawSpecies !== null || rawSigns.length > 0;
  const species = SPECIES.find((name) => name === rawSpecies) ?? null;
  const problems: string[] = [];
  if (rawSpecies === null || rawSpecies === "") {
    if (rawSigns.length > 0) problems.push(CHOICE_PROBLEMS.noSpecies);
  } else if (!species) problems.push(CHOICE_PROBLEMS.badSpecies);

  const signIds = [...new Set(rawSigns)].filter((id) => signById(id));
  if (signIds.length < new Set(rawSigns).size) problems.push(CHOICE_PROBLEMS.unknownSign);
  if (species) {
    for (const id of signIds) {
      const sign = signById(id)!;
      if (!sign.species.includes(species)) problems.push(CHOICE_PROBLEMS.otherSpecies(sign, species));
    }
  }
  return { species, signIds, problems, asked };
}

/**
 * The answer the page gives for the query, or null. A problem with the choices withholds the
 * answer, with one exception: "go now" is never held back. A red flag that holds for the pet
 * (for both species, when the species is missing or wrong) still gives "go now"; a milder
 * answer is never given while something ticked could not be read.
 */
export function answerFor(choices: Choices): Assessment | null {
  if (!choices.asked) return null;
  if (choices.species && choices.problems.length === 0) return assess(choices.species, choices.signIds);
  const possible = choices.species ? [choices.species] : SPECIES;
  const redFlags = choices.signIds.filter((id) => {
    const sign = signById(id)!;
    return sign.level === "emergency" && possible.every((species) => sign.species.includes(species));
  });
  return redFlags.length > 0 ? assess(possible[0]!, redFlags) : null;
}

/** What to do on the way to the vet, in order; `species` limits a step to one kind of pet. */
export const ON_THE_WAY: readonly { text: string; species?: Species }[] = [
  { text: "Stay as calm as you can: your pet reads your voice and moves." },
  { text: "Call the clinic as you leave so they are ready for you, and follow what they tell you." },
  {
    text: "A pet in pain may bite, even a gentle one. Keep your face away; wrap a cat or small dog in a towel. Use a muzzle only if they are not vomiting and breathe easily.",
  },
  {
    text: "If they may be hurt inside or in the back, move them as little as possible and carry them flat, on a board, a blanket or a coat used as a stretcher.",
    species: "dog",
  },
  { text: "Put a cat in a carrier or a box with a towel over it; keep it dark and quiet.", species: "cat" },
  { text: "Bleeding: keep pressing a clean cloth on the wound; add more on top rather than lifting it." },
  {
    text: "Poison: bring the packaging, the plant or a photo of it, and say how much and when. Do not make them sick unless a vet or poison line tells you to.",
  },
  {
    text: "Overheated: cool them with cool (not ice-cold) water and a draught on the way, and keep going to the vet even if they seem better.",
  },
];
