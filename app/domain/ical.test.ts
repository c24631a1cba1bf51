import { describe, expect, it } from "vitest";
import { parseCalendar } from "~tests/support/ical-parse";
import { escapeText, foldLine, writeCalendar } from "./ical";

const now = new Date("2027-03-01T09:30:15.123Z");

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds a longer one with a leading space", () => {
    const exact = "X".repeat(75);
    expect(foldLine(exact)).toBe(exact);
    const folded = foldLine("Y".repeat(80));
    expect(folded).toBe(`${"Y".repeat(75)}\r\n ${"Y".repeat(5)}`);
  });

  it("counts octets, not characters, and never splits a UTF-8 character", () => {
    // "é" is 2 octets: 37 of them (74 octets) fit, the 38th would make 76.
    const folded = foldLine("é".repeat(40)).split("\r\n");
    expect(folded[0]).toBe("é".repeat(37));
    expect(folded[1]).toBe(` ${"é".repeat(3)}`);
    for (const line of foldLine("🐶".repeat(50)).split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
  });
});

describe("writeCalendar", () => {
  const text = writeCalendar({
    name: "PawPal: Ada's pets",
    now,
    events: [
      {
        uid: "pet-1:vaccine:rabies:2027-03-05@pawpal",
        date: "2027-03-05",
        summary: "Biscuit: Rabies",
        description:
          "Rabies booster one year after the last dose, or as local law requires — ask your vet\nSee https://pawpal.example/pets/pet-1",
        url: "https://pawpal.example/pets/pet-1",
      },
      {
        uid: "pet-1:checkup:2027-12-31@pawpal",
        date: "2027-12-31",
        summary: "Biscuit; Bella, and Tom: check-up",
      },
    ],
  });

  it("is a VCALENDAR with CRLF line endings, a version and a product id", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//PawPal//Due items//EN\r\n")).toBe(
      true,
    );
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("has one all-day event per item, with a stable UID, a DTSTAMP and the next day as its end", () => {
    const calendar = parseCalendar(text);
    expect(calendar.properties["X-WR-CALNAME"]).toBe("PawPal: Ada's pets");
    expect(calendar.events).toHaveLength(2);
    expect(calendar.events[0]).toMatchObject({
      UID: "pet-1:vaccine:rabies:2027-03-05@pawpal",
      DTSTAMP: "20270301T093015Z",
      DTSTART: "20270305",
      DTEND: "20270306",
      SUMMARY: "Biscuit: Rabies",
      URL: "https://pawpal.example/pets/pet-1",
    });
    expect(calendar.events[0]!.DESCRIPTION).toContain("local law requires — ask your vet\nSee https://");
    expect(text).toContain("DTSTART;VALUE=DATE:20270305\r\n");
    // The year's last day ends on the next year's first.
    expect(calendar.events[1]).toMatchObject({
      DTEND: "20280101",
      SUMMARY: "Biscuit; Bella, and Tom: check-up",
    });
    expect(text).toContain("SUMMARY:Biscuit\\; Bella\\, and Tom: check-up\r\n");
  });

  it("folds long descriptions (the parser refuses any line over 75 octets)", () => {
    expect(text).toMatch(/\r\n [^\r\n]/);
    expect(() => parseCalendar(text)).not.toThrow();
    expect(() => parseCalendar(`BEGIN:VCALENDAR\r\nX:${"a".repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow(
      /octets/,
    );
  });

  it("an empty calendar is still valid", () => {
    expect(parseCalendar(writeCalendar({ name: "None", now, events: [] })).events).toEqual([]);
  });
});

describe("timed events", () => {
  const text = writeCalendar({
    name: "PawPal: Ada's pets",
    now,
    events: [
      {
        uid: "pet-1/appointment:rec-1/2027-03-10@pawpal",
        localStart: "2027-03-10T14:30",
        durationMinutes: 30,
        summary: "Biscuit: Appointment at Strand Veterinary Clinic, 14:30",
        description: "Booster · Phone +44 20 7946 0101 · Confirm the time with the clinic; bring the card",
        url: "https://pawpal.example/pets/pet-1",
      },
      {
        uid: "consultation-1@pawpal",
        start: new Date("2027-03-11T23:45:00.000Z"),
        durationMinutes: 30,
        summary: "Biscuit: video consultation",
      },
      { uid: "pet-1/checkup/2027-03-12@pawpal", date: "2027-03-12", summary: "Biscuit: Yearly check-up" },
    ],
  });
  const events = parseCalendar(text).events;

  it("a floating local time is written without a zone, and ends 30 minutes later", () => {
    expect(text).toContain("DTSTART:20270310T143000\r\nDTEND:20270310T150000\r\n");
    expect(events[0]).toMatchObject({
      DTSTART: "20270310T143000",
      DTEND: "20270310T150000",
      TRANSP: "OPAQUE",
      SUMMARY: "Biscuit: Appointment at Strand Veterinary Clinic, 14:30",
      DESCRIPTION: "Booster · Phone +44 20 7946 0101 · Confirm the time with the clinic; bring the card",
    });
    expect(text).toContain("SUMMARY:Biscuit: Appointment at Strand Veterinary Clinic\\, 14:30\r\n");
  });

  it("an instant is written in UTC with Z, and its end may fall on the next day", () => {
    expect(text).toContain("DTSTART:20270311T234500Z\r\nDTEND:20270312T001500Z\r\n");
    expect(events[1]).toMatchObject({
      DTSTART: "20270311T234500Z",
      DTEND: "20270312T001500Z",
      TRANSP: "OPAQUE",
    });
  });

  it("keeps all-day events as they were, folded and escaped alike", () => {
    expect(text).toContain("DTSTART;VALUE=DATE:20270312\r\nDTEND;VALUE=DATE:20270313\r\n");
    expect(events[2]).toMatchObject({ DTSTART: "20270312", DTEND: "20270313", TRANSP: "TRANSPARENT" });
    // The appointment's long description is folded (the parser refuses any line over 75 octets).
    expect(text).toMatch(/DESCRIPTION:[^\r]*\r\n [^\r]/);
  });

  it("a local start crosses midnight and months by the clock, with no zone to change it", () => {
    const late = writeCalendar({
      name: "x",
      now,
      events: [{ uid: "u", localStart: "2027-03-31T23:50", durationMinutes: 30, summary: "Late" }],
    });
    expect(parseCalendar(late).events[0]).toMatchObject({
      DTSTART: "20270331T235000",
      DTEND: "20270401T002000",
    });
  });

  it("refuses a local start that is not a real date-time, or a duration that is not whole minutes", () => {
    const write = (event: Parameters<typeof writeCalendar>[0]["events"][number]) => () =>
      writeCalendar({ name: "x", now, events: [event] });
    for (const localStart of [
      "2027-02-30T10:00",
      "2027-03-10T24:00",
      "2027-03-10 10:00",
      "2027-03-10T9:00",
    ]) {
      expect(write({ uid: "u", localStart, durationMinutes: 30, summary: "x" }), localStart).toThrow(
        RangeError,
      );
    }
    expect(write({ uid: "u", localStart: "2027-03-10T10:00", durationMinutes: 0, summary: "x" })).toThrow(
      RangeError,
    );
    expect(
      write({ uid: "u", start: new Date("2027-03-10T10:00Z"), durationMinutes: 7.5, summary: "x" }),
    ).toThrow(RangeError);
  });
});
