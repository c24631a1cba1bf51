/**
 * "Is this an emergency?": the signs an owner can tick, how urgent each is, and the public page
 * each rule rests on. Plain data, so every rule is tested one by one and the page only renders it.
 * Wording is ours; the sources are links, never fetched.
 */

export const SPECIES = ["dog", "cat"] as const;
export type Species = (typeof SPECIES)[number];

/** From most to least urgent: the answer is the most urgent level among the ticked signs. */
export const LEVELS = ["emergency", "today", "can-wait"] as const;
export type Level = (typeof LEVELS)[number];

export const SOURCES = {
  "avma-emergencies": {
    title: "13 animal emergencies that require immediate veterinary consultation and/or care",
    publisher: "American Veterinary Medical Association (AVMA)",
    url: "https://www.avma.org/resources/pet-owners/emergencycare/13-animal-emergencies-require-immediate-veterinary-consultation-andor-care",
  },
  "avma-first-aid": {
    title: "First aid tips for pet owners",
    publisher: "American Veterinary Medical Association (AVMA)",
    url: "https://www.avma.org/resources-tools/pet-owners/emergencycare/first-aid-tips-pet-owners",
  },
  "red-cross": {
    title: "Cat and dog first aid",
    publisher: "American Red Cross",
    url: "https://www.redcross.org/take-a-class/first-aid/cat-dog-first-aid",
  },
  "aspca-poison": {
    title: "Animal Poison Control Center",
    publisher: "ASPCA",
    url: "https://www.aspca.org/pet-care/aspca-poison-control",
  },
  "aspca-foods": {
    title: "People foods to avoid feeding your pets",
    publisher: "ASPCA Animal Poison Control",
    url: "https://www.aspca.org/pet-care/aspca-poison-control/people-foods-avoid-feeding-your-pets",
  },
  "fda-lilies": {
    title: "Lovely lilies and curious cats: a dangerous combination",
    publisher: "U.S. Food and Drug Administration (FDA)",
    url: "https://www.fda.gov/animal-veterinary/animal-health-literacy/lovely-lilies-and-curious-cats-dangerous-combination",
  },
  "acvs-gdv": {
    title: "Gastric dilatation-volvulus (bloat)",
    publisher: "American College of Veterinary Surgeons (ACVS)",
    url: "https://www.acvs.org/small-animal/gastric-dilatation-volvulus/",
  },
  "cornell-flutd": {
    title: "Feline lower urinary tract disease (including urethral obstruction)",
    publisher: "Cornell Feline Health Center",
    url: "https://www.vet.cornell.edu/departments-centers-and-institutes/cornell-feline-health-center/health-information/feline-health-topics/feline-lower-urinary-tract-disease",
  },
  "cornell-lipidosis": {
    title: "Hepatic lipidosis (fatty liver after a cat stops eating)",
    publisher: "Cornell Feline Health Center",
    url: "https://www.vet.cornell.edu/departments-centers-and-institutes/cornell-feline-health-center/health-information/feline-health-topics/hepatic-lipidosis",
  },
  "vca-heatstroke": {
    title: "Heat stroke in dogs",
    publisher: "VCA Animal Hospitals",
    url: "https://vcahospitals.com/know-your-pet/heat-stroke-in-dogs",
  },
  "vca-seizures": {
    title: "Seizures in dogs",
    publisher: "VCA Animal Hospitals",
    url: "https://vcahospitals.com/know-your-pet/seizures-in-dogs",
  },
  "vca-conjunctivitis": {
    title: "Conjunctivitis in dogs",
    publisher: "VCA Animal Hospitals",
    url: "https://vcahospitals.com/know-your-pet/conjunctivitis-in-dogs",
  },
  "merck-birth-dogs": {
    title: "Breeding and reproduction of dogs (giving birth and its problems)",
    publisher: "Merck Veterinary Manual",
    url: "https://www.merckvetmanual.com/dog-owners/reproductive-disorders-of-dogs/breeding-and-reproduction-of-dogs",
  },
  "merck-birth-cats": {
    title: "Breeding and reproduction of cats (giving birth and its problems)",
    publisher: "Merck Veterinary Manual",
    url: "https://www.merckvetmanual.com/cat-owners/reproductive-diseases-of-cats/breeding-and-reproduction-of-cats",
  },
} as const satisfies Record<string, { title: string; publisher: string; url: string }>;

export type SourceId = keyof typeof SOURCES;
export type Source = (typeof SOURCES)[SourceId] & { id: SourceId };

/** Groups in the order the form shows them. */
export const GROUPS = {
  breathing: "Breathing, collapse and fits",
  injury: "Bleeding and injuries",
  poison: "Ate or licked something poisonous",
  belly: "Belly, bladder and eating",
  heat: "Heat",
  birth: "Giving birth",
  mild: "Milder signs",
} as const;
export type GroupId = keyof typeof GROUPS;

export type Sign = {
  /** Short kebab-case: the value in the page's query (?sign=…). */
  id: string;
  /** What the owner sees, in plain words. */
  label: string;
  group: GroupId;
  species: readonly Species[];
  level: Level;
  source: SourceId;
};

const BOTH = SPECIES;
const DOGS = ["dog"] as const;
const CATS = ["cat"] as const;

export const SIGNS: readonly Sign[] = [
  // Breathing, collapse and fits
  {
    id: "breathing",
    label: "Struggling to breathe, breathing with the mouth open, or gums that look blue, grey or very pale",
    group: "breathing",
    species: BOTH,
    level: "emergency",
    source: "avma-emergencies",
  },
  {
    id: "collapse",
    label: "Collapsed, cannot stand up, or is hard to wake",
    group: "breathing",
    species: BOTH,
    level: "emergency",
    source: "avma-emergencies",
  },
  {
    id: "seizure-long",
    label: "A fit (seizure) lasting longer than 3 to 5 minutes, or several fits in a row",
    group: "breathing",
    species: BOTH,
    level: "emergency",
    source: "vca-seizures",
  },
  {
    id: "seizure-short",
    label: "One short fit (under 3 minutes), and now awake and coming round",
    group: "breathing",
    species: BOTH,
    level: "today",
    source: "vca-seizures",
  },
  // Bleeding and injuries
  {
    id: "bleeding",
    label: "Bleeding that has not stopped after 5 minutes of firm pressure",
    group: "injury",
    species: BOTH,
    level: "emergency",
    source: "red-cross",
  },
  {
    id: "hit-or-fall",
    label: "Hit by a car, or fell from a height (a window, balcony or stairs), even if they seem fine",
    group: "injury",
    species: BOTH,
    level: "emergency",
    source: "avma-emergencies",
  },
  {
    id: "eye-injury",
    label: "An injured eye: a cut, something stuck in it, or the eye bulging out",
    group: "injury",
    species: BOTH,
    level: "emergency",
    source: "avma-emergencies",
  },
  {
    id: "limp-no-weight",
    label: "Limping and will not put any weight on a leg",
    group: "injury",
    species: BOTH,
    level: "today",
    source: "avma-emergencies",
  },
  {
    id: "bite-wound",
    label: "A bite from another animal, even a small puncture",
    group: "injury",
    species: BOTH,
    level: "today",
    source: "avma-first-aid",
  },
  {
    id: "eye-sore",
    label: "An eye that is red, runny, cloudy or kept shut (squinting)",
    group: "injury",
    species: BOTH,
    level: "today",
    source: "vca-conjunctivitis",
  },
  // Poisoning: every one of these is "go now", before signs show.
  {
    id: "xylitol",
    label: "Xylitol (birch sugar): sugar-free gum or sweets, some peanut butters and baked goods",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-foods",
  },
  {
    id: "grapes",
    label: "Grapes, raisins, sultanas or currants (also in cakes and cereal bars)",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-foods",
  },
  {
    id: "chocolate",
    label: "Chocolate or cocoa",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-foods",
  },
  {
    id: "rodent-bait",
    label: "Rat or mouse poison (bait blocks, pellets or a poisoned rodent)",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-poison",
  },
  {
    id: "antifreeze",
    label: "Antifreeze or screen wash (tastes sweet; a lick is enough)",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-poison",
  },
  {
    id: "human-medicine",
    label:
      "A human medicine: painkillers such as ibuprofen or paracetamol, antidepressants, ADHD or heart pills",
    group: "poison",
    species: BOTH,
    level: "emergency",
    source: "aspca-poison",
  },
  {
    id: "lilies",
    label: "Any part of a lily (leaf, flower, pollen licked off the fur) or water from a lily vase",
    group: "poison",
    species: CATS,
    level: "emergency",
    source: "fda-lilies",
  },
  // Belly, bladder and eating
  {
    id: "bloat",
    label: "Trying to be sick but nothing comes up, with a swollen or tight belly",
    group: "belly",
    species: DOGS,
    level: "emergency",
    source: "acvs-gdv",
  },
  {
    id: "litter-box-straining",
    label:
      "Straining in the litter box with little or no pee, going back again and again, or crying while trying (a blocked bladder, most often in male cats)",
    group: "belly",
    species: CATS,
    level: "emergency",
    source: "cornell-flutd",
  },
  {
    id: "cannot-pee",
    label: "Straining to pee with little or nothing coming out",
    group: "belly",
    species: DOGS,
    level: "emergency",
    source: "avma-emergencies",
  },
  {
    id: "vomiting-repeated",
    label: "Vomiting or diarrhoea several times in a day, or with blood in it",
    group: "belly",
    species: BOTH,
    level: "today",
    source: "avma-emergencies",
  },
  {
    id: "cat-not-eating",
    label: "Has not eaten anything for more than a day",
    group: "belly",
    species: CATS,
    level: "today",
    source: "cornell-lipidosis",
  },
  // Heat
  {
    id: "heatstroke",
    label:
      "Overheated: heavy panting, drooling, wobbly or collapsing after heat, a warm car or hard exercise",
    group: "heat",
    species: BOTH,
    level: "emergency",
    source: "vca-heatstroke",
  },
  // Giving birth: one sign per species, each with the manual's own page.
  {
    id: "birth-trouble-dog",
    label: "Trouble giving birth: strong straining for half an hour with no puppy, or a puppy stuck halfway",
    group: "birth",
    species: DOGS,
    level: "emergency",
    source: "merck-birth-dogs",
  },
  {
    id: "birth-trouble-cat",
    label:
      "Trouble giving birth: strong straining for half an hour with no kitten, or a kitten stuck halfway",
    group: "birth",
    species: CATS,
    level: "emergency",
    source: "merck-birth-cats",
  },
  // Milder signs: none is on the AVMA's list of signs that need a vet at once.
  {
    id: "vomit-once",
    label: "Vomited or had diarrhoea once, and otherwise bright, eating and drinking",
    group: "mild",
    species: BOTH,
    level: "can-wait",
    source: "avma-emergencies",
  },
  {
    id: "limp-mild",
    label: "A slight limp, still using the leg",
    group: "mild",
    species: BOTH,
    level: "can-wait",
    source: "avma-emergencies",
  },
  {
    id: "dog-off-food",
    label: "Skipped a meal or ate little for a day, otherwise bright",
    group: "mild",
    species: DOGS,
    level: "can-wait",
    source: "avma-emergencies",
  },
  {
    id: "small-scratch",
    label: "A small scratch or graze that has stopped bleeding",
    group: "mild",
    species: BOTH,
    level: "can-wait",
    source: "avma-first-aid",
  },
  {
    id: "itching",
    label: "Itching or scratching more than usual",
    group: "mild",
    species: BOTH,
    level: "can-wait",
    source: "avma-emergencies",
  },
];

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
