/**
 * A pet's care plan, as the analysis report builds it (engine/care-plan/) and a pet's
 * page shows it: shared by both, so it lives below them.
 */
export type CareSchedule = {
  vaccination: readonly string[];
  feeding: readonly string[];
  exercise: readonly string[];
  grooming: readonly string[];
};

/** What the report shows for a pet: the breed's traits, what to watch for, and its care schedule. */
export type CarePlan = {
  characteristics: readonly string[];
  healthRecommendations: readonly string[];
  careSchedule: CareSchedule;
};
