import { suggestNextDue } from "./next-vaccination";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import { TEXT_ERRORS } from "./text";
import {
  certificateLines,
  ageInMonths,
  appointmentSchema,
  earliestAppointmentDate,
  kgToLb,
  latestPastDate,
  medicationSchema,
  noteSchema,
  RECORD_ERRORS,
  toRecordValues,
  vaccinationSchema,
  vetVisitSchema,
  weightSchema,
} from "./records";

// A fixed "now" so the future-date rules are exact.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const errorsOf = (result: ReturnType<typeof parseWithSchema>) => (result.success ? {} : result.errors);

describe("dates of things that happened", () => {
  const visit = { date: "2026-11-01", title: "Check-up" };

  it("takes a real date up to a day ahead (a later time zone's today)", () => {
    expect(latestPastDate()).toBe("2026-11-24");
    expect(parseWithSchema(vetVisitSchema, { ...visit, date: "2026-11-24" }).success).toBe(true);
    expect(errorsOf(parseWithSchema(vetVisitSchema, { ...visit, date: "2026-11-25" }))).toEqual({
      date: RECORD_ERRORS.dateFuture,
    });
  });

  it("refuses a missing date, a non-date and an impossible day", () => {
    for (const [date, message] of [
      ["", RECORD_ERRORS.dateRequired],
      [undefined, RECORD_ERRORS.dateRequired],
      ["yesterday", RECORD_ERRORS.dateInvalid],
      ["2026-02-30", RECORD_ERRORS.dateInvalid],
      ["1900-01-01", RECORD_ERRORS.dateTooOld],
    ] as const) {
      expect(errorsOf(parseWithSchema(vetVisitSchema, { ...visit, date })), String(date)).toEqual({
        date: message,
      });
    }
  });

  it("applies to the weighing and the note too", () => {
    expect(errorsOf(parseWithSchema(weightSchema, { date: "2027-01-01", weightKg: "5" }))).toEqual({
      date: RECORD_ERRORS.dateFuture,
    });
    expect(errorsOf(parseWithSchema(noteSchema, { date: "2027-01-01", notes: "Sneezing" }))).toEqual({
      date: RECORD_ERRORS.dateFuture,
    });
  });
});

describe("vaccinationSchema", () => {
  const rabies = { title: " Rabies ", date: "2026-03-03", nextDueDate: "", clinic: "", notes: "" };

  it("accepts a vaccination; blank optional fields become null", () => {
    expect(parseWithSchema(vaccinationSchema, rabies)).toEqual({
      success: true,
      data: {
        title: "Rabies",
        date: "2026-03-03",
        nextDueDate: null,
        clinic: null,
        notes: null,
        product: null,
        batch: null,
        validUntil: null,
        givenBy: null,
      },
    });
  });

  it("takes what a certificate names: product, batch, the vet, and a protection ending on or after the date given", () => {
    const certificate = {
      ...rabies,
      product: " Nobivac Rabies ",
      batch: "A123-45",
      givenBy: "Dr. Ruiz",
      validUntil: "2029-03-03",
    };
    expect(parseWithSchema(vaccinationSchema, certificate)).toMatchObject({
      success: true,
      data: { product: "Nobivac Rabies", batch: "A123-45", givenBy: "Dr. Ruiz", validUntil: "2029-03-03" },
    });
    expect(
      errorsOf(parseWithSchema(vaccinationSchema, { ...certificate, validUntil: "2026-03-02" })),
    ).toEqual({
      validUntil: RECORD_ERRORS.validUntilBeforeGiven,
    });
    expect(
      errorsOf(
        parseWithSchema(vaccinationSchema, {
          ...certificate,
          batch: "x".repeat(41),
          givenBy: "x".repeat(101),
        }),
      ),
    ).toEqual({ batch: RECORD_ERRORS.batchTooLong, givenBy: RECORD_ERRORS.givenByTooLong });
    expect(
      certificateLines({
        product: "Nobivac Rabies",
        batch: "A123",
        givenBy: "Dr. Ruiz",
        validUntil: "2029-03-03",
      }),
    ).toEqual([
      "Product Nobivac Rabies, batch A123",
      "Given by Dr. Ruiz",
      "Protection valid until Mar 3, 2029",
    ]);
    expect(certificateLines({ product: null, batch: "A123", givenBy: null, validUntil: null })).toEqual([
      "Batch A123",
    ]);
  });

  it("needs the vaccine", () => {
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, title: "  " }))).toEqual({
      title: RECORD_ERRORS.vaccineRequired,
    });
  });

  it("takes a next due date on or after the date given, up to ten years ahead", () => {
    expect(parseWithSchema(vaccinationSchema, { ...rabies, nextDueDate: "2026-03-03" }).success).toBe(true);
    expect(parseWithSchema(vaccinationSchema, { ...rabies, nextDueDate: "2029-03-03" }).success).toBe(true);
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, nextDueDate: "2026-03-02" }))).toEqual({
      nextDueDate: RECORD_ERRORS.nextDueBeforeGiven,
    });
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, nextDueDate: "2037-01-01" }))).toEqual({
      nextDueDate: RECORD_ERRORS.dateTooFar,
    });
  });

  it("limits the texts and refuses control characters", () => {
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, title: "x".repeat(101) }))).toEqual({
      title: RECORD_ERRORS.titleTooLong,
    });
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, clinic: "x".repeat(101) }))).toEqual({
      clinic: RECORD_ERRORS.clinicTooLong,
    });
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, notes: "x".repeat(2001) }))).toEqual({
      notes: RECORD_ERRORS.notesTooLong,
    });
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, title: "Rab\nies" }))).toEqual({
      title: TEXT_ERRORS.lineBreak,
    });
    expect(errorsOf(parseWithSchema(vaccinationSchema, { ...rabies, notes: "ok\u0000" }))).toEqual({
      notes: TEXT_ERRORS.control,
    });
    // Notes are multi-line.
    expect(parseWithSchema(vaccinationSchema, { ...rabies, notes: "Line one\nLine two" }).success).toBe(true);
  });
});

describe("vetVisitSchema", () => {
  it("needs the reason; clinic and notes are optional", () => {
    expect(parseWithSchema(vetVisitSchema, { date: "2026-10-01", title: "Limping" })).toEqual({
      success: true,
      data: { date: "2026-10-01", title: "Limping", clinic: null, notes: null },
    });
    expect(errorsOf(parseWithSchema(vetVisitSchema, { date: "2026-10-01", title: "" }))).toEqual({
      title: RECORD_ERRORS.reasonRequired,
    });
  });
});

describe("medicationSchema", () => {
  const flea = {
    title: "Flea drops",
    dose: "1 pipette",
    intervalDays: "30",
    date: "2026-12-01",
    endDate: "",
  };

  it("accepts a treatment, which may start in the future", () => {
    expect(parseWithSchema(medicationSchema, flea)).toEqual({
      success: true,
      data: { title: "Flea drops", dose: "1 pipette", intervalDays: 30, date: "2026-12-01", endDate: null },
    });
  });

  it("needs a name, a dose and how often, from 1 to 365 whole days", () => {
    expect(errorsOf(parseWithSchema(medicationSchema, { ...flea, title: "", dose: "" }))).toEqual({
      title: RECORD_ERRORS.medicationRequired,
      dose: RECORD_ERRORS.doseRequired,
    });
    for (const intervalDays of ["0", "366", "1.5", "-2", "weekly", ""]) {
      expect(errorsOf(parseWithSchema(medicationSchema, { ...flea, intervalDays })), intervalDays).toEqual({
        intervalDays: RECORD_ERRORS.intervalInvalid,
      });
    }
    expect(errorsOf(parseWithSchema(medicationSchema, { ...flea, dose: "x".repeat(101) }))).toEqual({
      dose: RECORD_ERRORS.doseTooLong,
    });
  });

  it("takes an end on or after the start", () => {
    expect(parseWithSchema(medicationSchema, { ...flea, endDate: "2026-12-01" }).success).toBe(true);
    expect(errorsOf(parseWithSchema(medicationSchema, { ...flea, endDate: "2026-11-30" }))).toEqual({
      endDate: RECORD_ERRORS.endBeforeStart,
    });
  });
});

describe("appointmentSchema", () => {
  const booked = {
    date: "2026-12-01",
    time: "14:30",
    title: " Booster ",
    clinic: " Strand Veterinary Clinic ",
    notes: "Phone: +44 20 7946 0101",
  };

  it("accepts an appointment from today on, at any minute; blank notes become null", () => {
    expect(parseWithSchema(appointmentSchema, booked)).toEqual({
      success: true,
      data: {
        date: "2026-12-01",
        time: "14:30",
        title: "Booster",
        clinic: "Strand Veterinary Clinic",
        notes: "Phone: +44 20 7946 0101",
      },
    });
    for (const time of ["00:00", "09:07", "23:59"]) {
      expect(parseWithSchema(appointmentSchema, { ...booked, time }).success, time).toBe(true);
    }
    expect(parseWithSchema(appointmentSchema, { ...booked, notes: " " })).toMatchObject({
      success: true,
      data: { notes: null },
    });
  });

  it("takes today where the day is youngest (UTC-12), and up to ten years ahead", () => {
    // 12:00 UTC on Nov 23: it is Nov 23 from UTC-12 to UTC+14.
    expect(earliestAppointmentDate()).toBe("2026-11-23");
    expect(parseWithSchema(appointmentSchema, { ...booked, date: "2026-11-23" }).success).toBe(true);
    expect(earliestAppointmentDate(new Date("2026-11-23T11:59:00Z"))).toBe("2026-11-22");
    expect(parseWithSchema(appointmentSchema, { ...booked, date: "2036-11-23" }).success).toBe(true);
  });

  it("writes the time as HH:MM, whatever a browser's time field adds", () => {
    for (const [time, written] of [
      ["09:05:00", "09:05"],
      ["9:05", "09:05"],
      [" 18:45 ", "18:45"],
    ] as const) {
      expect(parseWithSchema(appointmentSchema, { ...booked, time }), time).toMatchObject({
        success: true,
        data: { time: written },
      });
    }
  });

  it("says what is wrong with each field", () => {
    for (const [values, errors] of [
      [{ date: "" }, { date: RECORD_ERRORS.dateRequired }],
      [{ date: undefined }, { date: RECORD_ERRORS.dateRequired }],
      [{ date: "next Tuesday" }, { date: RECORD_ERRORS.dateInvalid }],
      [{ date: "2026-11-31" }, { date: RECORD_ERRORS.dateInvalid }],
      [{ date: "2026-11-22" }, { date: RECORD_ERRORS.appointmentPast }],
      [{ date: "1990-01-01" }, { date: RECORD_ERRORS.appointmentPast }],
      [{ date: "2036-11-24" }, { date: RECORD_ERRORS.dateTooFar }],
      [{ time: "" }, { time: RECORD_ERRORS.timeRequired }],
      [{ time: undefined }, { time: RECORD_ERRORS.timeRequired }],
      [{ time: "24:00" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ time: "12:60" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ time: "2pm" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ time: "14:30:15" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ time: "123:00" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ title: "  " }, { title: RECORD_ERRORS.reasonRequired }],
      [{ title: undefined }, { title: RECORD_ERRORS.reasonRequired }],
      [{ title: "x".repeat(101) }, { title: RECORD_ERRORS.titleTooLong }],
      [{ title: "Booster\nand more" }, { title: TEXT_ERRORS.lineBreak }],
      [{ clinic: "" }, { clinic: RECORD_ERRORS.clinicRequired }],
      [{ clinic: undefined }, { clinic: RECORD_ERRORS.clinicRequired }],
      [{ clinic: "x".repeat(101) }, { clinic: RECORD_ERRORS.clinicTooLong }],
      [{ notes: "x".repeat(2001) }, { notes: RECORD_ERRORS.notesTooLong }],
      [{ notes: "bell\u0007" }, { notes: TEXT_ERRORS.control }],
    ] as const) {
      expect(
        errorsOf(parseWithSchema(appointmentSchema, { ...booked, ...values })),
        JSON.stringify(values),
      ).toEqual(errors);
    }
  });
});

describe("weightSchema", () => {
  it("takes kilograms above 0 and up to 150, two decimals kept, a comma allowed", () => {
    expect(parseWithSchema(weightSchema, { date: "2026-11-01", weightKg: "12,345" })).toEqual({
      success: true,
      data: { date: "2026-11-01", weightKg: 12.35 },
    });
    expect(parseWithSchema(weightSchema, { date: "2026-11-01", weightKg: "150" }).success).toBe(true);
    for (const [weightKg, message] of [
      ["", RECORD_ERRORS.weightRequired],
      ["0", RECORD_ERRORS.weightRange],
      ["0.001", RECORD_ERRORS.weightRange],
      ["150.01", RECORD_ERRORS.weightRange],
      ["-3", RECORD_ERRORS.weightInvalid],
      ["12kg", RECORD_ERRORS.weightInvalid],
    ] as const) {
      expect(errorsOf(parseWithSchema(weightSchema, { date: "2026-11-01", weightKg })), weightKg).toEqual({
        weightKg: message,
      });
    }
  });
});

describe("noteSchema", () => {
  it("needs the text, up to 2000 characters, on several lines if need be", () => {
    expect(parseWithSchema(noteSchema, { date: "2026-11-01", notes: "Sneezing\ntwice" }).success).toBe(true);
    expect(errorsOf(parseWithSchema(noteSchema, { date: "2026-11-01", notes: "  " }))).toEqual({
      notes: RECORD_ERRORS.noteRequired,
    });
    expect(errorsOf(parseWithSchema(noteSchema, { date: "2026-11-01", notes: "x".repeat(2001) }))).toEqual({
      notes: RECORD_ERRORS.notesTooLong,
    });
  });
});

describe("helpers", () => {
  it("toRecordValues leaves the fields a kind does not use null", () => {
    expect(toRecordValues({ date: "2026-01-01", weightKg: 4 })).toEqual({
      title: null,
      date: "2026-01-01",
      time: null,
      nextDueDate: null,
      clinic: null,
      notes: null,
      dose: null,
      intervalDays: null,
      endDate: null,
      weightKg: 4,
      product: null,
      batch: null,
      validUntil: null,
      givenBy: null,
    });
  });

  it("ageInMonths counts whole months", () => {
    expect(ageInMonths(null, "2026-11-23")).toBeNull();
    expect(ageInMonths("2026-01-24", "2026-11-23")).toBe(9);
    expect(ageInMonths("2026-01-23", "2026-11-23")).toBe(10);
    expect(ageInMonths("2021-04-30", "2026-11-23")).toBe(66);
  });

  it("kgToLb keeps one decimal", () => {
    expect(kgToLb(12.5)).toBe(27.6);
    expect(kgToLb(1)).toBe(2.2);
  });

  it("suggestNextDue uses the vaccine schedule, counting the pet's earlier doses of the same vaccine", () => {
    const adult = { type: "dog" as const, birthDate: "2020-01-01" };
    expect(suggestNextDue(adult, [], { title: "Rabies", date: "2026-03-03" })?.date).toBe("2027-03-03");
    expect(suggestNextDue(adult, [], { title: "Vitamin shot", date: "2026-03-03" })).toBeNull();
    expect(suggestNextDue(adult, [], { title: "Rabies", date: "" })).toBeNull();
    expect(
      suggestNextDue({ type: "other", birthDate: null }, [], { title: "Rabies", date: "2026-03-03" }),
    ).toBeNull();
    // A young dog's first leptospirosis dose is followed by a second one 4 weeks later, not the next.
    const puppy = { type: "dog" as const, birthDate: "2026-01-01" };
    expect(suggestNextDue(puppy, [], { title: "Lepto", date: "2026-04-01" })?.date).toBe("2026-04-29");
    const earlier = [{ id: "a", title: "Leptospirosis", date: "2026-03-01" }];
    expect(suggestNextDue(puppy, earlier, { title: "Lepto", date: "2026-04-01" })?.date).toBe("2027-04-01");
    // Editing that earlier dose itself does not count it twice.
    expect(suggestNextDue(puppy, earlier, { title: "Lepto", date: "2026-03-01", recordId: "a" })?.date).toBe(
      "2026-03-29",
    );
  });
});
