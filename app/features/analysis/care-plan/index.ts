export { buildCarePlan, DEFAULT_AGE_MONTHS, type CarePlan, type PetProfile } from "./build-care-plan";
export { dailyEnergyKcal, ENERGY_FACTORS, energyState, restingEnergyKcal, type Activity } from "./energy";
export { exercisePlan, exerciseLines } from "./exercise";
export { cupsPerDay, DEFAULT_KCAL_PER_CUP, formatCups, mealsPerDay } from "./feeding";
export { brushingAdvice, groomingLines } from "./grooming";
export { healthLines } from "./health";
export { lifeStage, type LifeStage } from "./life-stage";
export { vaccinationLines } from "./vaccination";
