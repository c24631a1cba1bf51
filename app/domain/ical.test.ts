import { describe, expect, it } from "vitest";
import { parseCalendar } from "../../tests/support/ical-parse";
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
