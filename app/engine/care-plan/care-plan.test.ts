import { describe, expect, it } from "vitest";
import { BREEDS, findBreed, type Breed } from "~/engine/knowledge/breeds";
import { buildCarePlan } from "./build-care-plan";
import { dailyEnergyKcal, ENERGY_FACTORS, energyState, restingEnergyKcal } from "./energy";
import { exercisePlan } from "./exercise";
import { cupsPerDay, formatCups, mealsPerDay } from "./feeding";
import { brushingAdvice } from "./grooming";
import { lifeStage } from "./life-stage";
import {
  commonGroundSubject,
  SIZE_CLASS_MIN,
  SIZE_GUESS_MIN,
  sizeClassSubject,
  speciesSubject,
  uncertainSubject,
} from "./plan-subject";
import { vaccinationLines } from "./vaccination";

function breed(name: string): Breed {
  const found = findBreed(name);
  if (!found) throw new Error(`no breed ${name}`);
  return found;
}

describe("energy", () => {
  it("computes RER = 70 x kg^0.75", () => {
    // 10^0.75 = 5.6234 -> 70 x 5.6234 = 393.64
    expect(restingEnergyKcal(10)).toBeCloseTo(393.6, 1);
    // 30^0.75 = 12.819 -> 897.3
    expect(restingEnergyKcal(30)).toBeCloseTo(897.3, 1);
    expect(restingEnergyKcal(1)).toBe(70);
    expect(() => restingEnergyKcal(0)).toThrow(RangeError);
  });

  it("keeps the life-stage factors of the guidelines", () => {
    expect(ENERGY_FACTORS.dog).toMatchObject({
      baby: 3,
      junior: 2,
      neuteredAdult: 1.6,
      intactAdult: 1.8,
      weightLoss: 1,
    });
    expect(ENERGY_FACTORS.cat).toMatchObject({
      baby: 2.5,
      neuteredAdult: 1.2,
      intactAdult: 1.4,
      senior: 1.1,
      weightLoss: 0.8,
    });
  });

  it("gives a neutered adult 30 kg dog about 1,436 kcal, about 4.1 cups at 350 kcal/cup", () => {
    const kcal = dailyEnergyKcal("dog", 30, energyState("adult", true));
    expect(kcal).toBeCloseTo(1435.7, 0); // 897.33 x 1.6
    expect(cupsPerDay(kcal, 350)).toBeCloseTo(4.1, 1); // 1435.7 / 350 = 4.10
    expect(formatCups(cupsPerDay(kcal, 350))).toBe("4");
    expect(dailyEnergyKcal("dog", 30, energyState("adult", false))).toBeCloseTo(1615.2, 0); // x 1.8
  });

  it("picks the factor from stage, neutering and activity", () => {
    expect(energyState("baby", true)).toBe("baby");
    expect(energyState("junior", false)).toBe("junior");
    expect(energyState("adult", true, "low")).toBe("inactiveAdult");
    expect(energyState("adult", true, "high")).toBe("activeAdult");
    expect(energyState("senior", true)).toBe("senior");
  });

  it("lowers energy for a senior", () => {
    // 897.33 x 1.4 = 1256.3 vs 1435.7 for a neutered adult
    expect(dailyEnergyKcal("dog", 30, energyState("senior", true))).toBeCloseTo(1256.3, 0);
    // cat 4 kg: 70 x 4^0.75 = 197.99; x 1.1 = 217.8
    expect(dailyEnergyKcal("cat", 4, "senior")).toBeCloseTo(217.8, 0);
  });
});

describe("feeding", () => {
  it("splits into more meals for the young", () => {
    expect(mealsPerDay("baby")).toBe(4);
    expect(mealsPerDay("junior")).toBe(3);
    expect(mealsPerDay("adult")).toBe(2);
    expect(mealsPerDay("senior")).toBe(2);
  });

  it("gives a 3-month-old kitten 4 meals of kitten food", () => {
    const plan = buildCarePlan(breed("Siamese"), { ageMonths: 3, weightKg: 1.5 });
    // 70 x 1.5^0.75 = 94.87; x 2.5 = 237.2 kcal -> 240; / 400 = 0.59 cup -> 1/2
    expect(plan.careSchedule.feeding[0]).toBe(
      "About 240 kcal a day for a 1.5 kg young kitten: roughly ½ cup of dry food (at 400 kcal per cup), split into 4 meals",
    );
  });

  it("formats cups to the nearest quarter", () => {
    expect(formatCups(1.6)).toBe("1½");
    expect(formatCups(2.3)).toBe("2¼");
    expect(formatCups(0.05)).toBe("¼");
    expect(formatCups(0.74)).toBe("¾");
  });
});

describe("life stage", () => {
  it("uses 75 % of the life span for senior dogs and 10 years for cats", () => {
    // Golden Retriever 10-12 years -> mid 11 -> senior from 99 months
    const golden = breed("Golden Retriever");
    expect(lifeStage("dog", 98, golden.lifeExpectancyYears, golden.size)).toBe("adult");
    expect(lifeStage("dog", 99, golden.lifeExpectancyYears, golden.size)).toBe("senior");
    expect(lifeStage("dog", 2)).toBe("baby");
    expect(lifeStage("dog", 14, undefined, "giant")).toBe("junior");
    expect(lifeStage("dog", 14, undefined, "small")).toBe("adult");
    expect(lifeStage("cat", 119)).toBe("adult");
    expect(lifeStage("cat", 120)).toBe("senior");
  });
});

describe("exercise", () => {
  it("scales with the breed's energy level", () => {
    expect(exercisePlan("dog", 5, "adult", 36)).toEqual({ sessions: 2, minMinutes: 90, maxMinutes: 120 });
    expect(exercisePlan("dog", 1, "adult", 36)).toEqual({ sessions: 2, minMinutes: 20, maxMinutes: 30 });
    expect(exercisePlan("cat", 5, "adult", 36)).toEqual({ sessions: 4, minMinutes: 60, maxMinutes: 80 });
    expect(exercisePlan("cat", 1, "adult", 36)).toEqual({ sessions: 2, minMinutes: 10, maxMinutes: 20 });
  });

  it("reduces it for puppies and seniors", () => {
    // 3-month puppy: 5 min per month of age = 15 per session, twice a day
    expect(exercisePlan("dog", 5, "baby", 3)).toEqual({ sessions: 2, minMinutes: 15, maxMinutes: 30 });
    // senior: 60 % of 90-120
    expect(exercisePlan("dog", 5, "senior", 120)).toEqual({ sessions: 2, minMinutes: 54, maxMinutes: 72 });
  });
});

describe("grooming", () => {
  it("asks more of long coats than short ones", () => {
    expect(brushingAdvice("long", 4)).toBe("Brush daily to prevent mats and tangles");
    expect(brushingAdvice("short", 1)).toBe("Brush once a week");
    expect(brushingAdvice("double", 3)).toMatch(/2-3 times a week/);
    expect(brushingAdvice("hairless", 3)).toMatch(/No brushing/);
  });
});

describe("vaccination", () => {
  it("lists a puppy series for puppies and boosters for adults, all to discuss with the vet", () => {
    const puppy = vaccinationLines("dog", "baby");
    const adult = vaccinationLines("dog", "adult");
    expect(puppy.join(" ")).toMatch(/distemper.*adenovirus.*parvovirus/);
    expect(puppy.join(" ")).toMatch(/every 2-4 weeks until at least 16 weeks/);
    expect(puppy.join(" ")).toMatch(/Rabies/);
    expect(adult.join(" ")).toMatch(/every 3 years/);
    expect(adult.join(" ")).not.toMatch(/16 weeks/);
    const kitten = vaccinationLines("cat", "junior");
    expect(kitten.join(" ")).toMatch(/panleukopenia, herpesvirus, calicivirus/);
    for (const line of [...puppy, ...adult, ...kitten, ...vaccinationLines("cat", "senior")]) {
      expect(line).toMatch(/to discuss with your vet$/);
    }
  });
});

describe("buildCarePlan", () => {
  it("gives a sensible default plan for a Golden Retriever", () => {
    const plan = buildCarePlan(breed("Golden Retriever"));
    // defaults: adult (36 months), neutered, mid weight (24.9 + 34) / 2 = 29.45 kg
    // 70 x 29.45^0.75 = 885.0; x 1.6 = 1416 -> 1,420 kcal; / 350 = 4.05 cups -> 4
    expect(plan.careSchedule.feeding[0]).toBe(
      "About 1,420 kcal a day for a 29.5 kg adult: roughly 4 cups of dry food (at 350 kcal per cup), split into 2 meals",
    );
    expect(plan.characteristics[0]).toBe("Friendly, intelligent, devoted and gentle");
    expect(plan.characteristics.join(" ")).toMatch(/Large dog: usually 24.9-34 kg \(55-75 lb\)/);
    expect(plan.healthRecommendations.join(" ")).toMatch(/hip and elbow/);
    expect(plan.careSchedule.exercise[0]).toBe(
      "90-120 minutes of exercise a day, split into 2 or more outings",
    );
    expect(plan.careSchedule.grooming[0]).toMatch(/Brush 2-3 times a week/);
    expect(plan.careSchedule.vaccination.every((l) => l.endsWith("to discuss with your vet"))).toBe(true);
    for (const list of [
      plan.characteristics,
      plan.healthRecommendations,
      ...Object.values(plan.careSchedule),
    ]) {
      expect(list.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives a sensible plan for a Siamese", () => {
    const plan = buildCarePlan(breed("Siamese"), { weightKg: 4 });
    // 70 x 4^0.75 = 197.99; x 1.2 = 237.6 -> 240 kcal; / 400 = 0.59 -> 1/2 cup
    expect(plan.careSchedule.feeding[0]).toBe(
      "About 240 kcal a day for a 4 kg adult: roughly ½ cup of dry food (at 400 kcal per cup), split into 2 meals",
    );
    expect(plan.characteristics.join(" ")).toMatch(/cat/);
    expect(plan.careSchedule.exercise[0]).toMatch(/^3 play sessions a day/);
    expect(plan.careSchedule.grooming[0]).toBe("Brush once a week");
    expect(plan.careSchedule.vaccination.join(" ")).toMatch(/panleukopenia/);
    expect(plan.healthRecommendations.join(" ")).toMatch(/eyes|Dental/);
  });

  it("adapts to a senior, a puppy and a stated food", () => {
    const senior = buildCarePlan(breed("Golden Retriever"), { ageMonths: 120, weightKg: 30 });
    expect(senior.careSchedule.feeding[0]).toMatch(/^About 1,260 kcal a day for a 30 kg senior/);
    expect(senior.careSchedule.exercise[0]).toBe(
      "54-72 minutes of exercise a day, split into 2 or more outings",
    );
    expect(senior.healthRecommendations.join(" ")).toMatch(/every 6 months/);

    const puppy = buildCarePlan(breed("Golden Retriever"), { ageMonths: 3, weightKg: 8 });
    expect(puppy.careSchedule.feeding[0]).toMatch(/young puppy.*4 meals$/);
    expect(puppy.careSchedule.feeding[2]).toMatch(/large-breed puppy food/);
    expect(puppy.careSchedule.vaccination[0]).toMatch(/puppy series/);

    const label = buildCarePlan(breed("Golden Retriever"), { weightKg: 30, kcalPerCup: 450 });
    // 1435.7 / 450 = 3.19 -> 3¼
    expect(label.careSchedule.feeding[0]).toMatch(/roughly 3¼ cups of dry food \(at 450 kcal per cup\)/);
  });

  it("builds a plan for every breed without throwing", () => {
    for (const b of BREEDS) {
      for (const ageMonths of [2, 6, 36, 150]) {
        const plan = buildCarePlan(b, { ageMonths });
        expect(plan.careSchedule.feeding[0], b.id).toMatch(/^About [\d,]+ kcal a day/);
        expect(plan.healthRecommendations.length, b.id).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe("the common ground of two breeds (a mix, or one of them)", () => {
  const plan = (a: string, b: string, profile = {}) =>
    buildCarePlan(commonGroundSubject(breed(a), breed(b)), profile);

  it("gives the exercise range spanning both breeds, and says how to find the pet's place in it", () => {
    // Basset Hound: energy 1, 20-30 minutes; Beagle: energy 4, 60-90 minutes.
    const { exercise } = plan("Beagle", "Basset Hound").careSchedule;
    expect(exercise[0]).toBe("20-90 minutes of exercise a day, split into 2 or more outings");
    expect(exercise).toContain(
      "Start in the middle of this range and adjust: a dog still restless after its outings needs more, one that lags behind needs less",
    );
    // Cats: Siamese (energy 4: 3 sessions of 15-20) and Birman (energy 3: 3 of 10-15).
    expect(plan("Siamese", "Birman").careSchedule.exercise[0]).toBe(
      "3 play sessions a day of about 10-20 minutes (30-60 minutes in all)",
    );
  });

  it("states what the breeds agree on once and spans where they differ", () => {
    const { characteristics, careSchedule } = plan("Beagle", "Basset Hound");
    expect(characteristics).toEqual([
      "Merry, gentle, curious and patient",
      "Small to medium dog: usually 5.9-29.5 kg (13-65 lb) as an adult",
      "Low energy to energetic, depending on which breed it takes after",
      // Both short-coated, grooming 3: one coat, one brushing line.
      "Short coat that is easy to care for",
      "Typical life expectancy 10-15 years",
    ]);
    expect(careSchedule.grooming[0]).toBe("Brush 2-3 times a week with a rubber brush or mitt");
    expect(careSchedule.grooming[1]).toBe("Bath every 4-8 weeks, or when dirty, with a dog shampoo");
  });

  it("gives each coat its grooming, saying whose it is, when the coats differ", () => {
    const { characteristics, careSchedule } = plan("Siamese", "Birman");
    expect(characteristics).toContain(
      "Short coat that is easy to care for, like a Siamese's, or a long coat that tangles without frequent brushing, like a Birman's, depending on which breed it takes after",
    );
    expect(careSchedule.grooming.slice(0, 3)).toEqual([
      "Short coat, like a Siamese's: brush once a week",
      "Long coat, like a Birman's: brush daily to prevent mats and tangles",
      "Baths are rarely needed; most cats keep themselves clean",
    ]);
  });

  it("watches for what either breed is prone to", () => {
    const health = plan("Beagle", "Basset Hound").healthRecommendations;
    expect(health).toContain(
      "Known predispositions of either breed: epilepsy; hypothyroidism; obesity; intervertebral disc disease; ear infections; glaucoma — none is certain for your pet",
    );
    expect(health).toContain("Ask your vet about screening for epilepsy, which either breed can be prone to");
  });

  it("feeds the middle of the span and grows a puppy as the larger breed", () => {
    // (5.9 + 29.5) / 2 = 17.7 kg; 70 x 17.7^0.75 = 605.9; x 1.6 = 969 -> 970 kcal
    expect(plan("Beagle", "Basset Hound").careSchedule.feeding[0]).toMatch(
      /^About 970 kcal a day for a 17.5 kg adult/,
    );
    expect(plan("Beagle", "Golden Retriever", { ageMonths: 5 }).careSchedule.feeding[2]).toBe(
      "Feed a large-breed puppy food to support steady, not fast, growth",
    );
  });

  it("says what it is built for", () => {
    expect(commonGroundSubject(breed("Beagle"), breed("Akita")).builtFor).toBe(
      "the common ground of a Beagle and an Akita",
    );
  });
});

describe("the plan of a size class, when the breed is uncertain", () => {
  it("states the size's weights, the middle half of its energy levels and no coat", () => {
    const subject = sizeClassSubject("dog", "medium")!;
    expect(subject.builtFor).toBe("a medium-sized dog");
    const { characteristics, careSchedule, healthRecommendations } = buildCarePlan(subject);
    expect(characteristics).toEqual([
      "Loyal, sociable and playful",
      "Medium dog: usually 16-25 kg (35-55 lb) as an adult",
      "Moderately active to energetic, like most medium-sized dogs",
      "Typical life expectancy 12-14 years",
    ]);
    expect(careSchedule.exercise[0]).toBe("45-90 minutes of exercise a day, split into 2 or more outings");
    // The coat is not known: how often for each kind of coat.
    expect(careSchedule.grooming[0]).toMatch(
      /^Brush to suit the coat: once a week if short, .* daily if long/,
    );
    expect(healthRecommendations).toContain(
      "Common among medium-sized dog breeds: hip dysplasia; hypothyroidism; progressive retinal atrophy; dental disease; obesity — none is certain for your pet",
    );
    // (16 + 25) / 2 = 20.5 kg; 70 x 20.5^0.75 = 672.6; x 1.6 = 1076 -> 1,080 kcal
    expect(careSchedule.feeding[0]).toMatch(/^About 1,080 kcal a day for a 20.5 kg adult/);
  });

  it("names cats' sizes and has none the knowledge base lacks", () => {
    expect(sizeClassSubject("cat", "large")?.builtFor).toBe("a large cat");
    expect(sizeClassSubject("dog", "giant")?.builtFor).toBe("a giant-breed dog");
    expect(sizeClassSubject("cat", "giant")).toBeNull();
  });

  it("follows the size the weighty guesses agree on, else the species", () => {
    const guess = (name: string, confidence: number) => ({ breed: breed(name), confidence });
    // Golden and Labrador Retriever: both large, 0.6 together; the Chihuahua is under SIZE_GUESS_MIN.
    expect(SIZE_GUESS_MIN).toBe(0.1);
    expect(SIZE_CLASS_MIN).toBe(0.5);
    expect(
      uncertainSubject("dog", [
        guess("Golden Retriever", 0.4),
        guess("Labrador Retriever", 0.2),
        guess("Chihuahua", 0.05),
      ]).builtFor,
    ).toBe("a large dog");
    // A large and a toy dog: no size is certain.
    expect(uncertainSubject("dog", [guess("Golden Retriever", 0.3), guess("Chihuahua", 0.25)]).builtFor).toBe(
      "a typical dog",
    );
    // Agreeing, but holding under half the probability together.
    expect(
      uncertainSubject("dog", [guess("Golden Retriever", 0.3), guess("Labrador Retriever", 0.15)]).kind,
    ).toBe("species");
    expect(uncertainSubject("cat", []).builtFor).toBe("a typical cat");
  });

  it("keeps the species' plan for the species in general", () => {
    const plan = buildCarePlan(speciesSubject("dog"));
    expect(plan.characteristics[1]).toBe("Medium dog: usually 10-25 kg (22-55 lb) as an adult");
    expect(plan.healthRecommendations).toContain(
      "Common in dogs: dental disease; obesity; ear infections — none is certain for your pet",
    );
  });
});
