import type { AnalysisOutcome } from "./analyzer";
import type { CarePlan } from "~/domain/care-plan";
import type { Breed } from "~/engine/knowledge/breeds";

/**
 * The specification's sample report (sections 3 and 9): a Golden Retriever at 94% confidence,
 * the same whatever the photo shows. It is an analysis answer like any other, so the page reads
 * it the same way; only its care plan and places are fixed texts instead of being built.
 */

/** The knowledge base's Golden Retriever (a test keeps the two equal), so the page need not load it. */
const GOLDEN_RETRIEVER: Breed = {
  id: "golden-retriever",
  name: "Golden Retriever",
  species: "dog",
  size: "large",
  weightKg: { min: 24.9, max: 34 },
  weightLb: { min: 55, max: 75 },
  lifeExpectancyYears: { min: 10, max: 12 },
  energy: 5,
  grooming: 2,
  coat: "double",
  temperament: ["friendly", "intelligent", "devoted", "gentle"],
  healthPredispositions: [
    "hip dysplasia",
    "elbow dysplasia",
    "cancer (hemangiosarcoma and lymphoma)",
    "cataracts",
    "skin allergies",
  ],
  imagenetLabels: ["golden retriever"],
  sources: ["AKC"],
};

export const SAMPLE_OUTCOME: AnalysisOutcome = {
  source: "sample",
  findings: {
    kind: "pet",
    species: "dog",
    speciesConfidence: 1,
    petCount: 1,
    box: null,
    breed: { status: "identified", guesses: [{ breed: GOLDEN_RETRIEVER, confidence: 0.94 }] },
    photoCount: 1,
  },
  fallbackReason: null,
  breedModelProblem: null,
  timings: null,
  evidence: [],
};

/** The sample where the device cannot analyse the photo, saying why. */
export function sampleInstead(reason: string): AnalysisOutcome {
  return { ...SAMPLE_OUTCOME, fallbackReason: reason };
}

/** The sample's care plan, written out (the specification's sample care advice). */
export const SAMPLE_CARE_PLAN: CarePlan = {
  characteristics: [
    "Friendly, gentle and eager to please",
    "Intelligent and quick to learn commands",
    "Patient with children and other pets",
    "Energetic; loves fetching and swimming",
    "Dense water-repellent double coat that sheds seasonally",
  ],
  healthRecommendations: [
    "Ask your vet to check hips and elbows for dysplasia at each yearly exam",
    "Keep them lean: goldens gain weight easily, and extra pounds strain their joints",
    "Book an eye exam once a year to catch cataracts early",
    "Check and clean the ears weekly to prevent infections",
    "Brush their teeth several times a week",
  ],
  careSchedule: {
    vaccination: [
      "Rabies booster every 1-3 years, as local law and your vet advise",
      "DHPP (distemper, hepatitis, parvovirus, parainfluenza) booster every 3 years",
      "Leptospirosis booster every year",
      "Bordetella (kennel cough) every 6-12 months if they board or attend daycare",
    ],
    feeding: [
      "2-3 cups of high-quality dry food a day, split into 2 meals",
      "Measure portions and adjust to keep a visible waist",
      "Fresh water available at all times",
    ],
    exercise: [
      "60-90 minutes of exercise a day",
      "Mix brisk walks with fetch, swimming or off-leash play",
      "Add puzzle toys or short training games for mental exercise",
    ],
    grooming: [
      "Brush the coat 2-3 times a week, daily while shedding",
      "Bath every 6-8 weeks with a dog shampoo",
      "Trim nails every 3-4 weeks",
    ],
  },
};

export type NearbyService = { name: string; distanceMiles: number };

/** Example places: the real report lists services near the visitor. */
export const SAMPLE_NEARBY_SERVICES: readonly NearbyService[] = [
  { name: "Happy Paws Veterinary Clinic", distanceMiles: 0.8 },
  { name: "Golden Gate Pet Hospital (24/7 emergency)", distanceMiles: 1.5 },
  { name: "Fluffy Tails Grooming Studio", distanceMiles: 2.1 },
  { name: "Bayside Dog Park", distanceMiles: 2.6 },
];
