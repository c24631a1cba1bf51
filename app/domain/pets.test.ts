import { describe, expect, it } from "vitest";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { MAX_PHOTOS_PER_PET } from "~/engine/scores/outcome";
import { parseWithSchema } from "~/domain/forms";
import {
  isIsoDate,
  latestBirthDate,
  PET_ERRORS,
  petSchema,
  SAVE_ANALYSIS_ERRORS,
  SAVED_EVIDENCE_MAX_PHOTOS,
  saveAnalysisSchema,
} from "./pets";
import { idSchema } from "./ids";

const valid = { name: "Biscuit", type: "dog", breed: "Beagle", birthDate: "2021-04-30", weightKg: "12.5" };

describe("petSchema", () => {
  it("accepts a complete pet and trims and converts its values", () => {
    const parsed = parseWithSchema(petSchema, { ...valid, name: "  Biscuit ", breed: " Beagle " });
    expect(parsed).toEqual({
      success: true,
      data: {
        name: "Biscuit",
        type: "dog",
        breed: "Beagle",
        birthDate: "2021-04-30",
        weightKg: 12.5,
        neutered: null,
        activity: null,
        sex: null,
        microchip: null,
      },
    });
  });

  it("needs only a name and a type; blank optional fields become null", () => {
    for (const input of [
      { name: "Tom", type: "cat" },
      {
        name: "Tom",
        type: "cat",
        breed: "  ",
        birthDate: "",
        weightKg: "",
        neutered: "unsure",
        activity: "",
      },
    ]) {
      expect(parseWithSchema(petSchema, input)).toEqual({
        success: true,
        data: {
          name: "Tom",
          type: "cat",
          breed: null,
          birthDate: null,
          weightKg: null,
          neutered: null,
          activity: null,
          sex: null,
          microchip: null,
        },
      });
    }
  });

  it("takes an optional sex, and a microchip as ISO 11784's 15 digits with a country or maker code", () => {
    const parse = (extra: Record<string, string>) => parseWithSchema(petSchema, { ...valid, ...extra });
    // As certificates print them: spaced, dotted or dashed.
    for (const written of [
      "981000012345678",
      "981 000 012 345 678",
      "276.098.100.111.917",
      "040-098100111917",
    ])
      expect(parse({ microchip: written, sex: "female" }), written).toMatchObject({
        success: true,
        data: { microchip: written.replace(/\D/g, ""), sex: "female" },
      });
    for (const wrong of [
      "98100001234567",
      "9810000123456789",
      "000123456789012",
      "999123456789012",
      "98100001234567x",
    ])
      expect(parse({ microchip: wrong }), wrong).toEqual({
        success: false,
        errors: { microchip: PET_ERRORS.microchipInvalid },
      });
    expect(parse({ sex: "unknown" })).toEqual({ success: false, errors: { sex: PET_ERRORS.sexInvalid } });
  });

  it("takes neutered as yes, no or not sure, and an optional activity level", () => {
    const parse = (extra: Record<string, string>) => parseWithSchema(petSchema, { ...valid, ...extra });
    expect(parse({ neutered: "yes", activity: "high" })).toMatchObject({
      success: true,
      data: { neutered: true, activity: "high" },
    });
    expect(parse({ neutered: "no", activity: "low" })).toMatchObject({
      success: true,
      data: { neutered: false, activity: "low" },
    });
    expect(parse({ neutered: "maybe" })).toEqual({
      success: false,
      errors: { neutered: PET_ERRORS.neuteredInvalid },
    });
    expect(parse({ activity: "frantic" })).toEqual({
      success: false,
      errors: { activity: PET_ERRORS.activityInvalid },
    });
  });

  it("requires a name of 1 to 50 characters", () => {
    expect(parseWithSchema(petSchema, { ...valid, name: "   " })).toMatchObject({
      errors: { name: PET_ERRORS.nameRequired },
    });
    expect(parseWithSchema(petSchema, { type: "dog" })).toMatchObject({
      errors: { name: PET_ERRORS.nameRequired },
    });
    expect(parseWithSchema(petSchema, { ...valid, name: "x".repeat(50) }).success).toBe(true);
    expect(parseWithSchema(petSchema, { ...valid, name: "x".repeat(51) })).toMatchObject({
      errors: { name: PET_ERRORS.nameTooLong },
    });
  });

  it("takes only dog, cat or other as the type", () => {
    for (const type of ["dog", "cat", "other"]) {
      expect(parseWithSchema(petSchema, { ...valid, type }).success).toBe(true);
    }
    for (const type of ["", "both", "hamster", undefined]) {
      expect(parseWithSchema(petSchema, { ...valid, type })).toMatchObject({
        errors: { type: PET_ERRORS.typeInvalid },
      });
    }
  });

  it("limits the breed to 100 characters", () => {
    expect(parseWithSchema(petSchema, { ...valid, breed: "b".repeat(100) }).success).toBe(true);
    expect(parseWithSchema(petSchema, { ...valid, breed: "b".repeat(101) })).toMatchObject({
      errors: { breed: PET_ERRORS.breedTooLong },
    });
  });

  it("takes a real ISO date that is not in the future as the birth date", () => {
    for (const birthDate of ["30/04/2021", "2021-4-30", "2023-02-30", "yesterday"]) {
      expect(parseWithSchema(petSchema, { ...valid, birthDate })).toMatchObject({
        errors: { birthDate: PET_ERRORS.birthDateInvalid },
      });
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(parseWithSchema(petSchema, { ...valid, birthDate: today }).success).toBe(true);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(parseWithSchema(petSchema, { ...valid, birthDate: nextYear })).toMatchObject({
      errors: { birthDate: PET_ERRORS.birthDateFuture },
    });
  });

  it("takes a weight from 0.1 to 150 kg, kept to two decimals", () => {
    for (const [weightKg, kg] of [
      ["0.1", 0.1],
      ["150", 150],
      ["4,25", 4.25],
      ["3.456", 3.46],
    ] as const) {
      expect(parseWithSchema(petSchema, { ...valid, weightKg })).toMatchObject({ data: { weightKg: kg } });
    }
    for (const weightKg of ["0.09", "0", "150.01", "1000"]) {
      expect(parseWithSchema(petSchema, { ...valid, weightKg })).toMatchObject({
        errors: { weightKg: PET_ERRORS.weightRange },
      });
    }
    for (const weightKg of ["heavy", "-3", "1e2", "12kg"]) {
      expect(parseWithSchema(petSchema, { ...valid, weightKg })).toMatchObject({
        errors: { weightKg: PET_ERRORS.weightInvalid },
      });
    }
  });

  it("reports every field's problem at once", () => {
    const parsed = parseWithSchema(petSchema, {
      name: "",
      type: "fish",
      breed: "b".repeat(101),
      birthDate: "2999-01-01",
      weightKg: "200",
    });
    expect(parsed.success).toBe(false);
    expect(Object.keys(parsed.success ? {} : parsed.errors).sort()).toEqual(
      ["birthDate", "breed", "name", "type", "weightKg"].sort(),
    );
  });
});

describe("dates and ids", () => {
  it("latestBirthDate is today in the earliest time zone", () => {
    expect(latestBirthDate(new Date("2024-06-01T09:59:00Z"))).toBe("2024-06-01");
    expect(latestBirthDate(new Date("2024-06-01T10:00:00Z"))).toBe("2024-06-02");
  });

  it("isIsoDate knows the calendar", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
  });

  it("a pet id must be a UUID", () => {
    expect(idSchema.safeParse("0b5f8a3e-4a7c-4f5e-9c1d-2a3b4c5d6e7f").success).toBe(true);
    expect(idSchema.safeParse("1 or 1=1").success).toBe(false);
  });
});

describe("saveAnalysisSchema", () => {
  const PET_ID = "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e";

  it("accepts a result for an existing pet or a named new one", () => {
    expect(
      saveAnalysisSchema.parse({ petId: PET_ID, type: "dog", breed: "Keeshond", weightKg: "18.5" }),
    ).toEqual({ petId: PET_ID, type: "dog", breed: "Keeshond", weightKg: 18.5, evidence: [] });
    expect(
      saveAnalysisSchema.parse({ petId: "new", name: " Tom ", type: "cat", breed: "", weightKg: "" }),
    ).toEqual({ petId: "new", name: "Tom", type: "cat", breed: null, weightKg: null, evidence: [] });
  });

  const photo: PhotoEvidence = {
    species: { dog: 0.97, cat: 0.03 },
    breeds: { dog: { beagle: 0.88, "basset-hound": 0.1 }, cat: { bengal: 1 } },
  };
  const result = { petId: PET_ID, type: "dog", breed: "Beagle" };

  it("takes the photos' evidence as JSON: none, or one to five photos' scores", () => {
    expect(SAVED_EVIDENCE_MAX_PHOTOS).toBe(MAX_PHOTOS_PER_PET);
    expect(saveAnalysisSchema.parse({ ...result, evidence: "" }).evidence).toEqual([]);
    expect(saveAnalysisSchema.parse({ ...result, evidence: "[]" }).evidence).toEqual([]);
    const five = Array.from({ length: 5 }, () => photo);
    expect(saveAnalysisSchema.parse({ ...result, evidence: JSON.stringify(five) }).evidence).toEqual(five);
  });

  const withPhoto = (change: Record<string, unknown>) => JSON.stringify([{ ...photo, ...change }]);
  it.each([
    ["not JSON", "{not json", SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    [
      "six photos",
      JSON.stringify(Array.from({ length: 6 }, () => photo)),
      SAVE_ANALYSIS_ERRORS.evidenceTooMany,
    ],
    ["a probability of 2", withPhoto({ species: { dog: 2, cat: 0 } }), SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    ["an extra key", withPhoto({ notes: "hi" }), SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    [
      "the photo itself",
      withPhoto({ photo: "data:image/jpeg;base64,/9j/4AAQ" }),
      SAVE_ANALYSIS_ERRORS.evidenceInvalid,
    ],
    ["an object, not a list", JSON.stringify(photo), SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    [
      "one breed named in other cases",
      withPhoto({ breeds: { dog: { affenpinscher: 0.3, Affenpinscher: 0.3, AFFENPINSCHER: 0.3 }, cat: {} } }),
      SAVE_ANALYSIS_ERRORS.evidenceInvalid,
    ],
    [
      "a breed's score as text",
      withPhoto({ breeds: { dog: { beagle: "most" }, cat: {} } }),
      SAVE_ANALYSIS_ERRORS.evidenceInvalid,
    ],
  ])("refuses evidence with %s, as a message on the field", (_what, evidence, message) => {
    const parsed = parseWithSchema(saveAnalysisSchema, { ...result, evidence });
    expect(parsed).toEqual({ success: false, errors: { evidence: message } });
  });

  it.each([
    [{ type: "dog" }, "petId", SAVE_ANALYSIS_ERRORS.petRequired],
    [{ petId: "not-a-pet", type: "dog" }, "petId", SAVE_ANALYSIS_ERRORS.petRequired],
    [{ petId: "new", type: "dog" }, "name", PET_ERRORS.nameRequired],
    [{ petId: "new", name: "x".repeat(51), type: "dog" }, "name", PET_ERRORS.nameTooLong],
    [{ petId: "new", name: "Rex", type: "other" }, "type", SAVE_ANALYSIS_ERRORS.speciesInvalid],
    [{ petId: "new", name: "Rex", type: "dog", weightKg: "heavy" }, "weightKg", PET_ERRORS.weightInvalid],
    [{ petId: "new", name: "Rex", type: "dog", breed: "b".repeat(101) }, "breed", PET_ERRORS.breedTooLong],
  ])("refuses %j with a message at %s", (input, field, message) => {
    const result = saveAnalysisSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});
