import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import {
  DUE_ERRORS,
  dueItems,
  dueStatus,
  markDoneSchema,
  type DoneMark,
  type DuePet,
  type DueRecord,
} from "./due";

const adultDog: DuePet = { id: "pet-1", type: "dog", birthDate: "2020-05-01", addedOn: "2026-01-10" };
const puppy: DuePet = { id: "pet-2", type: "dog", birthDate: "2027-01-01", addedOn: "2027-01-20" };

let nextId = 0;
function record(values: Partial<DueRecord> & Pick<DueRecord, "kind" | "date">): DueRecord {
  nextId += 1;
  return {
    id: `record-${nextId}`,
    title: null,
    nextDueDate: null,
    dose: null,
    intervalDays: null,
    endDate: null,
    ...values,
  };
}
const visit = (date: string) => record({ kind: "vet_visit", date, title: "Check-up" });
const vaccination = (title: string, date: string, nextDueDate: string | null = null) =>
  record({ kind: "vaccination", title, date, nextDueDate });

/** The items as key -> due date, the way the tests compare them. */
function dueDates(pet: DuePet, records: DueRecord[], today: string, done: DoneMark[] = []) {
  return Object.fromEntries(dueItems({ pet, records, done, today }).map((item) => [item.key, item.dueDate]));
}

describe("dueStatus", () => {
  it("is overdue before today, soon within the window (today included), later after it", () => {
    expect(dueStatus("2027-02-28", "2027-03-01")).toBe("overdue");
    expect(dueStatus("2027-03-01", "2027-03-01")).toBe("soon");
    expect(dueStatus("2027-03-31", "2027-03-01")).toBe("soon");
    expect(dueStatus("2027-04-01", "2027-03-01")).toBe("later");
    expect(dueStatus("2027-03-08", "2027-03-01", 7)).toBe("soon");
    expect(dueStatus("2027-03-09", "2027-03-01", 7)).toBe("later");
  });
});

describe("vaccines", () => {
  it("a puppy without records is due the first series dose at 8 weeks old", () => {
    const [first] = dueItems({ pet: puppy, records: [visit("2027-01-25")], done: [], today: "2027-02-01" });
    expect(first).toEqual({
      key: "vaccine:core",
      kind: "vaccine",
      title: "Core vaccines (DHPP)",
      detail: expect.stringContaining("puppy core series"),
      dueDate: "2027-02-26",
      status: "soon",
    });
  });

  it("the puppy series follows the recorded doses, then the booster at 12 months", () => {
    expect(dueDates(puppy, [vaccination("DHPP", "2027-02-26")], "2027-03-01")["vaccine:core"]).toBe(
      "2027-03-26",
    );
    const series = [
      vaccination("DHPP", "2027-02-26"),
      vaccination("DHPP", "2027-03-26"),
      vaccination("DHPP", "2027-04-23"),
    ];
    expect(dueDates(puppy, series, "2027-05-01")["vaccine:core"]).toBe("2028-01-01");
  });

  it("marking the series dose done moves on to the next one, as if given on its due date", () => {
    const done = [{ itemKey: "vaccine:core", dueDate: "2027-02-26" }];
    expect(dueDates(puppy, [], "2027-03-01", done)["vaccine:core"]).toBe("2027-03-26");
    done.push(
      { itemKey: "vaccine:core", dueDate: "2027-03-26" },
      { itemKey: "vaccine:core", dueDate: "2027-04-23" },
    );
    expect(dueDates(puppy, [], "2027-05-01", done)["vaccine:core"]).toBe("2028-01-01");
  });

  it("per vaccine, the latest record counts, and its next due date wins over the schedule", () => {
    const records = [
      vaccination("Rabies", "2025-03-01"),
      vaccination("rabies", "2026-03-01"),
      vaccination("DHPP", "2026-03-01", "2029-06-01"),
    ];
    expect(dueDates(adultDog, records, "2027-01-01")).toMatchObject({
      "vaccine:rabies": "2027-03-01",
      "vaccine:core": "2029-06-01",
    });
  });

  it("a combination counts for each vaccine in it", () => {
    expect(dueDates(adultDog, [vaccination("DHLPP", "2026-03-01")], "2027-01-01")).toMatchObject({
      "vaccine:core": "2029-03-01",
      "vaccine:leptospirosis": "2027-03-01",
    });
  });

  it("an adult with no vaccination recorded gets no vaccine item (its history is unknown)", () => {
    expect(Object.keys(dueDates(adultDog, [], "2027-01-01"))).toEqual(["checkup"]);
  });

  it("a vaccine the schedule does not know counts only with its next due date, until marked done", () => {
    const records = [
      vaccination("Vitamin B shot", "2026-03-01", "2027-03-01"),
      vaccination("Mystery", "2026-03-01"),
    ];
    const items = dueItems({ pet: adultDog, records, done: [], today: "2027-01-01" });
    expect(items.find((item) => item.key === "vaccine:other:vitamin-b-shot")).toMatchObject({
      title: "Vitamin B shot",
      dueDate: "2027-03-01",
    });
    expect(items.some((item) => item.key.includes("mystery"))).toBe(false);
    const done = [{ itemKey: "vaccine:other:vitamin-b-shot", dueDate: "2027-03-01" }];
    expect(dueDates(adultDog, records, "2027-01-01", done)["vaccine:other:vitamin-b-shot"]).toBeUndefined();
  });

  it("a marked rabies booster is followed by the next one a year on", () => {
    const records = [vaccination("Rabies", "2026-03-01")];
    const done = [{ itemKey: "vaccine:rabies", dueDate: "2027-03-01" }];
    expect(dueDates(adultDog, records, "2027-03-05", done)["vaccine:rabies"]).toBe("2028-03-01");
  });
});

describe("treatments given at an interval", () => {
  const monthly = (values: Partial<DueRecord> = {}) =>
    record({
      kind: "medication",
      title: "Flea spot-on",
      dose: "1 pipette",
      date: "2027-01-01",
      intervalDays: 30,
      ...values,
    });

  it("the next dose is an interval after the start", () => {
    const treatment = monthly();
    const items = dueItems({ pet: adultDog, records: [treatment], done: [], today: "2027-01-10" });
    expect(items.find((item) => item.kind === "medication")).toEqual({
      key: `medication:${treatment.id}`,
      kind: "medication",
      title: "Flea spot-on",
      detail: "1 pipette, every 30 days",
      dueDate: "2027-01-31",
      status: "soon",
    });
  });

  it("a dose marked done is followed by the next; a missed dose gives way to the latest one reached", () => {
    const treatment = monthly();
    const key = `medication:${treatment.id}`;
    expect(dueDates(adultDog, [treatment], "2027-02-05")[key]).toBe("2027-01-31");
    expect(
      dueDates(adultDog, [treatment], "2027-02-05", [{ itemKey: key, dueDate: "2027-01-31" }])[key],
    ).toBe("2027-03-02");
    // Nothing marked for two months: the dose due is the latest one, not the first missed.
    expect(dueDates(adultDog, [treatment], "2027-03-05")[key]).toBe("2027-03-02");
  });

  it("no dose after the end date, and nothing once the course is over", () => {
    const treatment = monthly({ intervalDays: 7, endDate: "2027-01-20" });
    const key = `medication:${treatment.id}`;
    expect(dueItems({ pet: adultDog, records: [treatment], done: [], today: "2027-01-02" })).toContainEqual(
      expect.objectContaining({
        key,
        dueDate: "2027-01-08",
        detail: "1 pipette, every 7 days, until 2027-01-20",
      }),
    );
    const lastTwoDone = [
      { itemKey: key, dueDate: "2027-01-08" },
      { itemKey: key, dueDate: "2027-01-15" },
    ];
    expect(dueDates(adultDog, [treatment], "2027-01-16", lastTwoDone)[key]).toBeUndefined();
    expect(dueDates(adultDog, [treatment], "2027-01-21")[key]).toBeUndefined();
  });

  it("a treatment without an interval (a one-off) is never due", () => {
    expect(dueDates(adultDog, [monthly({ intervalDays: null })], "2027-01-10")).toEqual({
      checkup: "2026-01-10",
    });
  });

  it("names a daily treatment without a name", () => {
    const treatment = monthly({ title: null, dose: null, intervalDays: 1 });
    expect(dueItems({ pet: adultDog, records: [treatment], done: [], today: "2027-01-01" })).toContainEqual(
      expect.objectContaining({ title: "Treatment", detail: "every day", dueDate: "2027-01-02" }),
    );
  });
});

describe("yearly check-up", () => {
  it("is due a year after the latest vet visit", () => {
    const [checkup] = dueItems({
      pet: adultDog,
      records: [visit("2026-02-01"), visit("2025-02-01")],
      done: [],
      today: "2026-06-01",
    });
    expect(checkup).toEqual({
      key: "checkup",
      kind: "checkup",
      title: "Yearly check-up",
      detail: "A year after the last vet visit (2026-02-01)",
      dueDate: "2027-02-01",
      status: "later",
    });
  });

  it("is never reset by a remote consultation (a PawPal chat or video call): that is not a visit", () => {
    const chat = record({
      kind: "remote_consult",
      date: "2026-11-30",
      title: "Emergency chat with Dr. Ana Silva",
    });
    const [checkup] = dueItems({
      pet: adultDog,
      records: [visit("2026-02-01"), chat],
      done: [],
      today: "2026-12-01",
    });
    expect(checkup).toMatchObject({
      detail: "A year after the last vet visit (2026-02-01)",
      dueDate: "2027-02-01",
    });
  });

  it("without a recorded visit, is due from the day the pet was added, and overdue after", () => {
    expect(dueItems({ pet: adultDog, records: [], done: [], today: "2026-01-10" })).toEqual([
      expect.objectContaining({
        key: "checkup",
        dueDate: "2026-01-10",
        status: "soon",
        detail: "No vet visit recorded yet",
      }),
    ]);
    expect(dueItems({ pet: adultDog, records: [], done: [], today: "2026-03-01" })[0]?.status).toBe(
      "overdue",
    );
  });

  it("marked done, the next is a year later", () => {
    const done = [{ itemKey: "checkup", dueDate: "2026-01-10" }];
    expect(dueDates(adultDog, [], "2026-03-01", done).checkup).toBe("2027-01-10");
  });

  it("a mark for another date or another item changes nothing", () => {
    const done = [
      { itemKey: "checkup", dueDate: "2026-01-11" },
      { itemKey: "vaccine:rabies", dueDate: "2026-01-10" },
    ];
    expect(dueDates(adultDog, [], "2026-03-01", done).checkup).toBe("2026-01-10");
  });
});

describe("appointments", () => {
  const appointment = (date: string, time: string, values: Partial<DueRecord> = {}) =>
    record({
      kind: "appointment",
      date,
      time,
      title: "Booster",
      clinic: "Strand Veterinary Clinic",
      notes: "Phone: +44 20 7946 0101\nWebsite: https://strand-vets.example\nAddress: 12 Strand",
      ...values,
    });
  const appointmentsOf = (records: DueRecord[], today: string, done: DoneMark[] = []) =>
    dueItems({ pet: adultDog, records, done, today }).filter((item) => item.kind === "appointment");

  it("is due on its date, with its time, clinic, reason and the clinic's contacts", () => {
    const booked = appointment("2027-03-10", "14:30");
    expect(appointmentsOf([booked], "2027-03-01")).toEqual([
      {
        key: `appointment:${booked.id}`,
        kind: "appointment",
        title: "Appointment at Strand Veterinary Clinic, 14:30",
        detail:
          "Booster · Phone +44 20 7946 0101 · https://strand-vets.example · Confirm the time with the clinic",
        dueDate: "2027-03-10",
        time: "14:30",
        status: "soon",
      },
    ]);
    expect(appointmentsOf([appointment("2027-06-10", "09:00")], "2027-03-01")[0]!.status).toBe("later");
  });

  it("stays due on its day, and is gone once the day has passed: never overdue", () => {
    const booked = appointment("2027-03-10", "14:30");
    expect(appointmentsOf([booked], "2027-03-10")).toMatchObject([{ dueDate: "2027-03-10", status: "soon" }]);
    expect(appointmentsOf([booked], "2027-03-11")).toEqual([]);
  });

  it("is gone once marked done for its date", () => {
    const booked = appointment("2027-03-10", "14:30");
    const done = [{ itemKey: `appointment:${booked.id}`, dueDate: "2027-03-10" }];
    expect(appointmentsOf([booked], "2027-03-01", done)).toEqual([]);
    // A mark for another date (before the appointment was moved) does not count.
    const moved = [{ itemKey: `appointment:${booked.id}`, dueDate: "2027-03-03" }];
    expect(appointmentsOf([booked], "2027-03-01", moved)).toHaveLength(1);
  });

  it("says only what it knows, and two on one day come in the order of their times", () => {
    const late = appointment("2027-03-10", "16:00", { clinic: "A Clinic", notes: null, title: "Check-up" });
    const early = appointment("2027-03-10", "08:30", { clinic: "Z Clinic", notes: "Bring the card" });
    const items = appointmentsOf([late, early], "2027-03-01");
    expect(items.map((item) => item.title)).toEqual([
      "Appointment at Z Clinic, 08:30",
      "Appointment at A Clinic, 16:00",
    ]);
    expect(items[1]!.detail).toBe("Check-up · Confirm the time with the clinic");
    expect(items[0]!.detail).toBe("Booster · Confirm the time with the clinic");
  });

  it("does not count as a vet visit for the yearly check-up", () => {
    const items = dueItems({
      pet: adultDog,
      records: [visit("2026-06-01"), appointment("2027-03-10", "14:30")],
      done: [],
      today: "2027-03-01",
    });
    expect(items.find((item) => item.key === "checkup")?.dueDate).toBe("2027-06-01");
  });
});

describe("the list", () => {
  it("is sorted by due date, each item with its status", () => {
    const treatment = record({ kind: "medication", title: "Wormer", date: "2027-03-01", intervalDays: 10 });
    const records = [visit("2026-06-01"), vaccination("Rabies", "2026-03-01"), treatment];
    const items = dueItems({ pet: adultDog, records, done: [], today: "2027-03-05" });
    expect(items.map((item) => [item.key, item.dueDate, item.status])).toEqual([
      ["vaccine:rabies", "2027-03-01", "overdue"],
      [`medication:${treatment.id}`, "2027-03-11", "soon"],
      ["checkup", "2027-06-01", "later"],
    ]);
  });
});

describe("markDoneSchema", () => {
  it("takes an item key and a due date", () => {
    expect(parseWithSchema(markDoneSchema, { itemKey: " checkup ", dueDate: "2027-03-01" })).toEqual({
      success: true,
      data: { itemKey: "checkup", dueDate: "2027-03-01" },
    });
  });

  it("refuses a missing item, a bad date and control characters", () => {
    expect(parseWithSchema(markDoneSchema, { dueDate: "2027-03-01" })).toMatchObject({
      errors: { itemKey: DUE_ERRORS.itemRequired },
    });
    expect(parseWithSchema(markDoneSchema, { itemKey: "checkup", dueDate: "2027-02-30" })).toMatchObject({
      errors: { dueDate: DUE_ERRORS.dueDateInvalid },
    });
    expect(parseWithSchema(markDoneSchema, { itemKey: "check\nup", dueDate: "2027-03-01" }).success).toBe(
      false,
    );
  });
});
