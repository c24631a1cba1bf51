import type { AnalysisOutcome, AnalysisResult } from "./analyzer";

/** The specification's fixed sample: the same report whatever the photo shows. */
export const SAMPLE_RESULT: AnalysisResult = {
  breed: "Golden Retriever",
  confidence: 94,
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
  nearbyServices: [
    { name: "Happy Paws Veterinary Clinic", distanceMiles: 0.8 },
    { name: "Golden Gate Pet Hospital (24/7 emergency)", distanceMiles: 1.5 },
    { name: "Fluffy Tails Grooming Studio", distanceMiles: 2.1 },
    { name: "Bayside Dog Park", distanceMiles: 2.6 },
  ],
};

export const SAMPLE_OUTCOME: AnalysisOutcome = {
  source: "sample",
  result: SAMPLE_RESULT,
  fallbackReason: null,
};
