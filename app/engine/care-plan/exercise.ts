import type { Species } from "~/domain/pets";
import type { LifeStage } from "./life-stage";

export type ExercisePlan = {
  /** Total active minutes per day (dogs) or play minutes per day (cats). */
  minMinutes: number;
  maxMinutes: number;
  /** How many sessions to split it into. */
  sessions: number;
};

/**
 * Adult daily exercise by the breed's energy level (1-5). These bands are our own reading of
 * common veterinary advice (roughly 30 minutes for low-energy breeds up to two hours for working
 * breeds; cats several short play sessions of 10-15 minutes, as in the AAFP/ISFM Feline
 * Environmental Needs Guidelines, 2013).
 */
const DOG_MINUTES: Record<number, [number, number]> = {
  1: [20, 30],
  2: [30, 45],
  3: [45, 60],
  4: [60, 90],
  5: [90, 120],
};
const CAT_SESSIONS: Record<number, { sessions: number; minutes: [number, number] }> = {
  1: { sessions: 2, minutes: [5, 10] },
  2: { sessions: 2, minutes: [10, 15] },
  3: { sessions: 3, minutes: [10, 15] },
  4: { sessions: 3, minutes: [15, 20] },
  5: { sessions: 4, minutes: [15, 20] },
};

/** Seniors keep moving but at a gentler pace: we plan 60 % of the adult amount. */
export const SENIOR_EXERCISE_FACTOR = 0.6;

/**
 * Puppies: the widely quoted rule of thumb of about 5 minutes of structured exercise per month
 * of age, up to twice a day (e.g. The Kennel Club, UK), capped at the adult amount. Free play
 * is extra. Kittens: more, shorter sessions.
 */
export function exercisePlan(
  species: Species,
  energy: number,
  stage: LifeStage,
  ageMonths: number,
): ExercisePlan {
  const level = Math.min(5, Math.max(1, Math.round(energy)));
  if (species === "cat") {
    const { sessions, minutes } = CAT_SESSIONS[level] ?? { sessions: 3, minutes: [10, 15] };
    if (stage === "baby" || stage === "junior") {
      return { sessions: sessions + 1, minMinutes: (sessions + 1) * 5, maxMinutes: (sessions + 1) * 10 };
    }
    const factor = stage === "senior" ? SENIOR_EXERCISE_FACTOR : 1;
    return {
      sessions,
      minMinutes: Math.round(sessions * minutes[0] * factor),
      maxMinutes: Math.round(sessions * minutes[1] * factor),
    };
  }
  const [min, max] = DOG_MINUTES[level] ?? [45, 60];
  if (stage === "baby" || stage === "junior") {
    const perSession = Math.max(5, 5 * Math.floor(ageMonths));
    return { sessions: 2, minMinutes: Math.min(min, perSession), maxMinutes: Math.min(max, 2 * perSession) };
  }
  if (stage === "senior") {
    return {
      sessions: 2,
      minMinutes: Math.round(min * SENIOR_EXERCISE_FACTOR),
      maxMinutes: Math.round(max * SENIOR_EXERCISE_FACTOR),
    };
  }
  return { sessions: 2, minMinutes: min, maxMinutes: max };
}

const DOG_IDEAS: Record<number, string> = {
  1: "Short, easy walks and gentle indoor play suit this breed",
  2: "Relaxed walks plus a little play; avoid hard exercise in hot weather",
  3: "Brisk walks plus fetch or tug, and a sniffing walk now and then",
  4: "Brisk walks plus running, fetch or swimming, and off-leash play in safe areas",
  5: "Needs a job: running, hiking, agility or herding games, not just walks",
};

/** Energy as one level, or the range of levels a pet may have (a mix, a size class). */
export type EnergyLevels = number | { readonly min: number; readonly max: number };

const ADJUST_LINES = {
  dog: "Start in the middle of this range and adjust: a dog still restless after its outings needs more, one that lags behind needs less",
  cat: "Start in the middle of this range and adjust to how long your cat stays keen to play",
} as const;

/**
 * Owner-facing lines for the care schedule. With a range of energy levels the minutes span both
 * ends (the low end's least to the high end's most) and the ideas are the middle level's.
 * `who` is what the lowest level's ideas say they suit ("this breed").
 */
export function exerciseLines(
  species: Species,
  energy: EnergyLevels,
  stage: LifeStage,
  ageMonths: number,
  who = "this breed",
): string[] {
  const levels = typeof energy === "number" ? { min: energy, max: energy } : energy;
  const low = exercisePlan(species, levels.min, stage, ageMonths);
  const high = exercisePlan(species, levels.max, stage, ageMonths);
  const spans = low.minMinutes !== high.minMinutes || low.maxMinutes !== high.maxMinutes;
  const middle = Math.min(5, Math.max(1, Math.round((levels.min + levels.max) / 2)));
  const young = stage === "baby" || stage === "junior";
  if (species === "cat") {
    const sessions = low.sessions === high.sessions ? `${low.sessions}` : `${low.sessions}-${high.sessions}`;
    const per = `${Math.round(low.minMinutes / low.sessions)}-${Math.round(high.maxMinutes / high.sessions)}`;
    const lines = [
      `${sessions} play sessions a day of about ${per} minutes (${low.minMinutes}-${high.maxMinutes} minutes in all)`,
      "Use wand toys and chase games that end with a 'catch', then a small treat or meal",
      stage === "senior"
        ? "Keep play gentle and low to the ground; add ramps or steps to favourite spots"
        : "Offer climbing spaces, scratching posts and window perches for everyday activity",
    ];
    if (spans) lines.splice(1, 0, ADJUST_LINES.cat);
    return lines;
  }
  const lines = [
    young
      ? `About ${low.minMinutes}-${high.maxMinutes} minutes of structured exercise a day, in ${low.sessions} sessions, plus free play`
      : `${low.minMinutes}-${high.maxMinutes} minutes of exercise a day, split into ${low.sessions} or more outings`,
    (DOG_IDEAS[middle] ?? DOG_IDEAS[3]!).replace("this breed", who),
  ];
  if (spans) lines.push(ADJUST_LINES.dog);
  if (young) lines.push("Avoid long runs, repeated jumping and stairs while the joints are still growing");
  else if (stage === "senior")
    lines.push("Prefer several shorter, low-impact walks; swimming is kind to older joints");
  else lines.push("Add puzzle feeders, scent games or short training sessions for mental exercise");
  return lines;
}
