import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  daysBetween,
  firstVaccineDue,
  nextDoseDue,
  recognizeVaccines,
  suggestNextVaccineDue,
} from "./vaccine-schedule";

describe("date arithmetic in UTC", () => {
  it("adds days across months, years and a leap day", () => {
    expect(addDays("2027-01-31", 1)).toBe("2027-02-01");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("adds years; 29 February falls back to 28 February in a common year", () => {
    expect(addYears("2027-03-15", 1)).toBe("2028-03-15");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
  });

  it("counts whole days between two dates, whatever the machine's time zone", () => {
    expect(daysBetween("2027-03-01", "2027-03-29")).toBe(28);
    expect(daysBetween("2027-03-29", "2027-03-01")).toBe(-28);
    expect(daysBetween("2027-01-01", "2028-01-01")).toBe(365);
  });
});

describe("recognizeVaccines", () => {
  it("recognises dog vaccines as owners type them", () => {
    for (const name of [
      "DHPP",
      "DA2PP",
      "dapp",
      "DHPPi",
      "Distemper",
      "parvo",
      "Parvovirus booster",
      "5-in-1 (DHPP)",
    ]) {
      expect(recognizeVaccines("dog", name), name).toEqual(["core"]);
    }
    expect(recognizeVaccines("dog", "Rabies")).toEqual(["rabies"]);
    expect(recognizeVaccines("dog", "lepto")).toEqual(["leptospirosis"]);
    expect(recognizeVaccines("dog", "Leptospirosis L4")).toEqual(["leptospirosis"]);
    expect(recognizeVaccines("dog", "Kennel cough")).toEqual(["bordetella"]);
    expect(recognizeVaccines("dog", "Bordetella (intranasal)")).toEqual(["bordetella"]);
    expect(recognizeVaccines("dog", "Lyme")).toEqual(["lyme"]);
  });

  it("splits combinations into the vaccines they cover", () => {
    expect(recognizeVaccines("dog", "DHLPP")).toEqual(["core", "leptospirosis"]);
    expect(recognizeVaccines("dog", "DA2PPL")).toEqual(["core", "leptospirosis"]);
    expect(recognizeVaccines("dog", "DHPP + Rabies")).toEqual(["core", "rabies"]);
    expect(recognizeVaccines("cat", "FVRCP / FeLV")).toEqual(["core", "felv"]);
  });

  it("recognises cat vaccines, 'distemper' and 'parvo' meaning panleukopenia for a cat", () => {
    for (const name of ["FVRCP", "fvrcp booster", "Feline distemper", "panleukopenia", "Cat flu"]) {
      expect(recognizeVaccines("cat", name), name).toEqual(["core"]);
    }
    expect(recognizeVaccines("cat", "FeLV")).toEqual(["felv"]);
    expect(recognizeVaccines("cat", "Feline leukemia")).toEqual(["felv"]);
    expect(recognizeVaccines("cat", "rabies")).toEqual(["rabies"]);
  });

  it("answers nothing for unknown names, the other species' vaccines and other animals", () => {
    expect(recognizeVaccines("dog", "Myxomatosis")).toEqual([]);
    expect(recognizeVaccines("dog", "")).toEqual([]);
    expect(recognizeVaccines("dog", "FVRCP")).toEqual([]);
    expect(recognizeVaccines("dog", "FeLV")).toEqual([]);
    expect(recognizeVaccines("cat", "DHPP")).toEqual([]);
    expect(recognizeVaccines("cat", "lepto")).toEqual([]);
    expect(recognizeVaccines("other", "rabies")).toEqual([]);
  });
});

describe("nextDoseDue: core vaccines", () => {
  const birthDate = "2027-01-01";

  it("follows the puppy series every 4 weeks while the puppy is under 16 weeks", () => {
    // 8 weeks old -> 12 weeks -> 16 weeks.
    expect(nextDoseDue({ species: "dog", birthDate, vaccine: "core", givenDate: "2027-02-26" })).toEqual({
      date: "2027-03-26",
      reason: expect.stringContaining("puppy series"),
    });
    expect(nextDoseDue({ species: "dog", birthDate, vaccine: "core", givenDate: "2027-03-26" }).date).toBe(
      "2027-04-23",
    );
  });

  it("after the dose at 16 weeks or older, the booster is due at 12 months of age", () => {
    const due = nextDoseDue({ species: "cat", birthDate, vaccine: "core", givenDate: "2027-04-23" });
    expect(due).toEqual({ date: "2028-01-01", reason: expect.stringContaining("12 months") });
    expect(due.reason).toContain("kitten series");
  });

  it("after the booster (26 weeks or older), adults are due every 3 years", () => {
    expect(nextDoseDue({ species: "dog", birthDate, vaccine: "core", givenDate: "2028-01-01" })).toEqual({
      date: "2031-01-01",
      reason: expect.stringContaining("every 3 years"),
    });
    expect(nextDoseDue({ species: "dog", birthDate, vaccine: "core", givenDate: "2027-07-02" }).date).toBe(
      "2030-07-02",
    );
  });

  it("takes a pet without a birth date for an adult", () => {
    expect(
      nextDoseDue({ species: "dog", birthDate: null, vaccine: "core", givenDate: "2027-02-26" }).date,
    ).toBe("2030-02-26");
  });
});

describe("nextDoseDue: other vaccines", () => {
  it("rabies: a year after every dose, as local law requires", () => {
    const due = nextDoseDue({
      species: "dog",
      birthDate: "2027-01-01",
      vaccine: "rabies",
      givenDate: "2027-04-09",
    });
    expect(due).toEqual({ date: "2028-04-09", reason: expect.stringContaining("local law") });
    expect(
      nextDoseDue({ species: "cat", birthDate: null, vaccine: "rabies", givenDate: "2028-02-29" }).date,
    ).toBe("2029-02-28");
  });

  it("leptospirosis, Lyme, FeLV: a second dose 4 weeks after a young pet's first one, then yearly", () => {
    const puppy = { species: "dog" as const, birthDate: "2027-01-01", vaccine: "leptospirosis" as const };
    expect(nextDoseDue({ ...puppy, givenDate: "2027-03-26" })).toEqual({
      date: "2027-04-23",
      reason: expect.stringContaining("second starting dose"),
    });
    expect(
      nextDoseDue({ ...puppy, givenDate: "2027-04-23", earlierDoses: ["2027-03-26", "2027-04-23"] }),
    ).toEqual({
      date: "2028-04-23",
      reason: expect.stringContaining("yearly"),
    });
    const kitten = { species: "cat" as const, birthDate: "2027-01-01", vaccine: "felv" as const };
    expect(nextDoseDue({ ...kitten, givenDate: "2027-02-26" }).date).toBe("2027-03-26");
    // An adult's first recorded dose is taken for a booster: its history is unknown.
    expect(nextDoseDue({ ...puppy, birthDate: "2020-01-01", givenDate: "2027-03-26" }).date).toBe(
      "2028-03-26",
    );
    expect(nextDoseDue({ ...puppy, birthDate: null, givenDate: "2027-03-26" }).date).toBe("2028-03-26");
  });

  it("kennel cough: yearly, even for a puppy's first dose", () => {
    expect(
      nextDoseDue({ species: "dog", birthDate: "2027-01-01", vaccine: "bordetella", givenDate: "2027-03-26" })
        .date,
    ).toBe("2028-03-26");
  });
});

describe("suggestNextVaccineDue", () => {
  it("answers from the vaccine's name as the owner typed it", () => {
    expect(
      suggestNextVaccineDue({
        species: "dog",
        birthDate: "2020-05-01",
        vaccine: "Rabies",
        givenDate: "2027-03-01",
      }),
    ).toEqual({ date: "2028-03-01", reason: expect.stringContaining("Rabies") });
  });

  it("a combination is due again when its first part is", () => {
    // Core every 3 years, leptospirosis yearly: the lepto booster comes first.
    expect(
      suggestNextVaccineDue({
        species: "dog",
        birthDate: "2020-05-01",
        vaccine: "DHLPP",
        givenDate: "2027-03-01",
      }),
    ).toEqual({ date: "2028-03-01", reason: expect.stringContaining("Leptospirosis") });
  });

  it("answers null for a name it does not know", () => {
    expect(
      suggestNextVaccineDue({
        species: "dog",
        birthDate: null,
        vaccine: "Vitamin shot",
        givenDate: "2027-03-01",
      }),
    ).toBeNull();
    expect(
      suggestNextVaccineDue({
        species: "other",
        birthDate: null,
        vaccine: "rabies",
        givenDate: "2027-03-01",
      }),
    ).toBeNull();
  });
});

describe("firstVaccineDue", () => {
  it("a young pet without records: the first series dose at 8 weeks old", () => {
    expect(firstVaccineDue({ species: "dog", birthDate: "2027-01-01", today: "2027-01-20" })).toEqual({
      date: "2027-02-26",
      reason: expect.stringContaining("puppy core series"),
    });
    // Still owed, and overdue, later in the first year.
    expect(firstVaccineDue({ species: "cat", birthDate: "2027-01-01", today: "2027-06-01" })).toEqual({
      date: "2027-02-26",
      reason: expect.stringContaining("kitten core series"),
    });
  });

  it("nothing for a pet a year old or older, without a birth date, or of another species", () => {
    expect(firstVaccineDue({ species: "dog", birthDate: "2026-01-01", today: "2027-01-01" })).toBeNull();
    expect(firstVaccineDue({ species: "dog", birthDate: null, today: "2027-01-01" })).toBeNull();
    expect(firstVaccineDue({ species: "other", birthDate: "2027-01-01", today: "2027-01-20" })).toBeNull();
  });
});
