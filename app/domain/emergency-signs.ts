/**
 * "Is this an emergency?": the signs an owner can tick, how urgent each is, and the public page
 * each rule rests on. Plain data, so every rule is tested one by one and the page only renders it
 * (emergency.ts reads it). Wording is ours; the sources are links, never fetched.
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
