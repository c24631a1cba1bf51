import { describe, expect, it } from "vitest";
import { parseCalendar } from "~tests/support/ical-parse";
import { consultationUid, writeInvitation, type Invitation } from "./consultation-invite";
import { utcStamp } from "./ical";

const invite: Invitation = {
  method: "REQUEST",
  consultationId: "3f0c2a4e-8a51-4c1e-9d0b-2f5b7a1c9e44",
  startsAt: new Date("2027-03-01T14:00:00Z"),
  sequence: 1_803_214_000,
  summary: "Video consultation about Bella with Dr. Ana Silva",
  description:
    "Reason: She limps; her paw, left front, is swollen\\sore.\nhttps://pawpal.example/consultations/3f0c",
  url: "https://pawpal.example/consultations/3f0c2a4e-8a51-4c1e-9d0b-2f5b7a1c9e44",
  organizerEmail: "hello@pawpal.example",
  attendeeEmail: "olivia@example.com",
  now: new Date("2027-02-20T08:30:15.250Z"),
};

describe("writeInvitation", () => {
  it("is an iTIP request with the consultation's UID, its UTC start and an end 15 minutes later", () => {
    const text = writeInvitation(invite);
    const calendar = parseCalendar(text);
    expect(calendar.properties).toMatchObject({ VERSION: "2.0", METHOD: "REQUEST", CALSCALE: "GREGORIAN" });
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      UID: "consultation-3f0c2a4e-8a51-4c1e-9d0b-2f5b7a1c9e44@pawpal",
      SEQUENCE: "1803214000",
      DTSTAMP: "20270220T083015Z",
      DTSTART: "20270301T140000Z",
      DTEND: "20270301T141500Z",
      SUMMARY: invite.summary,
      DESCRIPTION: invite.description,
      URL: invite.url,
      LOCATION: invite.url,
      ORGANIZER: "mailto:hello@pawpal.example",
      ATTENDEE: "mailto:olivia@example.com",
      STATUS: "CONFIRMED",
    });
    expect(consultationUid(invite.consultationId)).toBe(calendar.events[0]!.UID);
  });

  it("ends 15 minutes after the start across midnight and a month's end", () => {
    const event = parseCalendar(writeInvitation({ ...invite, startsAt: new Date("2027-02-28T23:45:00Z") }))
      .events[0]!;
    expect([event.DTSTART, event.DTEND]).toEqual(["20270228T234500Z", "20270301T000000Z"]);
  });

  it("a cancellation keeps the UID and says CANCEL and CANCELLED", () => {
    const cancelled = parseCalendar(
      writeInvitation({ ...invite, method: "CANCEL", sequence: invite.sequence + 60 }),
    );
    expect(cancelled.properties.METHOD).toBe("CANCEL");
    expect(cancelled.events[0]).toMatchObject({
      UID: parseCalendar(writeInvitation(invite)).events[0]!.UID,
      STATUS: "CANCELLED",
      SEQUENCE: String(invite.sequence + 60),
    });
  });

  it("ends every line with CRLF, folds long lines at 75 octets (also inside UTF-8) and escapes text", () => {
    const long = {
      ...invite,
      summary:
        "Video consultation about Bärbel-Zoë, the Ñandú-loving 🐕 pup, with Dr. Ana Silva; about her diet, and more",
      description: "Reason: a; b, c\\d\nline two\r\nline three " + "é".repeat(80),
    };
    const text = writeInvitation(long);
    expect(text.endsWith("\r\n")).toBe(true);
    const physical = text.slice(0, -2).split("\r\n");
    for (const line of physical) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    // Long lines were folded (continuations start with a space) and no character was cut in two.
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);
    expect(text).not.toContain("\uFFFD");
    expect(text).toContain("SUMMARY:Video consultation about Bärbel-Zoë");
    // Escapes as written: a backslash, a semicolon, a comma and a line break.
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("DESCRIPTION:Reason: a\\; b\\, c\\\\d\\nline two\\nline three é");
    expect(unfolded).toContain(
      "SUMMARY:Video consultation about Bärbel-Zoë\\, the Ñandú-loving 🐕 pup\\, with Dr. Ana Silva\\; about her diet\\, and more",
    );
    // Read back as a calendar app would: the same words.
    const event = parseCalendar(text).events[0]!;
    expect(event.SUMMARY).toBe(long.summary);
    expect(event.DESCRIPTION).toBe(long.description.replace("\r\n", "\n"));
  });

  it("utcStamp writes an instant in the basic UTC format, without milliseconds", () => {
    expect(utcStamp(new Date("2027-03-01T09:05:07.999Z"))).toBe("20270301T090507Z");
  });
});
