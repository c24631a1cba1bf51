import { describe, expect, it } from "vitest";
import {
  consultationTimes,
  dayBoundsIn,
  dayHoursSchema,
  dayIn,
  dayOffSchema,
  formatInZone,
  isTimeZone,
  timeZoneSchema,
  zonedToUtc,
  type Availability,
} from "./availability";

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("zonedToUtc", () => {
  it("reads a wall-clock time in its zone, in winter and in summer", () => {
    expect(zonedToUtc("2026-12-07", "09:00", "America/New_York")?.toISOString()).toBe(
      "2026-12-07T14:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-06", "09:00", "America/New_York")?.toISOString()).toBe(
      "2026-07-06T13:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-06", "09:00", "Asia/Kolkata")?.toISOString()).toBe("2026-07-06T03:30:00.000Z");
    expect(zonedToUtc("2026-07-06", "09:00", "UTC")?.toISOString()).toBe("2026-07-06T09:00:00.000Z");
  });

  it("has no instant for a time skipped when clocks go forward, and the first of a time that happens twice", () => {
    // New York, 8 March 2026: 02:00 becomes 03:00; 1 November 2026: 02:00 becomes 01:00.
    expect(zonedToUtc("2026-03-08", "02:30", "America/New_York")).toBeNull();
    expect(zonedToUtc("2026-03-08", "03:00", "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    expect(zonedToUtc("2026-11-01", "01:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });
});

describe("dayBoundsIn", () => {
  it("is the calendar day in the zone, from its first instant to the next day's", () => {
    const { start, end } = dayBoundsIn("2027-03-10", "America/New_York");
    expect([start.toISOString(), end.toISOString()]).toEqual([
      "2027-03-10T05:00:00.000Z",
      "2027-03-11T05:00:00.000Z",
    ]);
  });

  it("starts at the first instant that exists where the clocks skip midnight, and is 23 hours long", () => {
    // Chile moves from -04 to -03 at midnight on 5 September 2027: that day begins at 01:00.
    const { start, end } = dayBoundsIn("2027-09-05", "America/Santiago");
    expect([start.toISOString(), end.toISOString()]).toEqual([
      "2027-09-05T04:00:00.000Z",
      "2027-09-06T03:00:00.000Z",
    ]);
  });
});

describe("consultationTimes", () => {
  const mondays: Availability = {
    timeZone: "America/New_York",
    weekly: [{ weekday: 1, start: "09:00", end: "10:00" }],
    daysOff: [],
  };

  it("cuts each day's hours into 15-minute consultations, in the vet's zone, for 14 days", () => {
    const times = consultationTimes(mondays, new Date("2026-12-06T12:00:00Z"));
    expect(iso(times)).toEqual([
      "2026-12-07T14:00:00.000Z",
      "2026-12-07T14:15:00.000Z",
      "2026-12-07T14:30:00.000Z",
      "2026-12-07T14:45:00.000Z",
      "2026-12-14T14:00:00.000Z",
      "2026-12-14T14:15:00.000Z",
      "2026-12-14T14:30:00.000Z",
      "2026-12-14T14:45:00.000Z",
    ]);
  });

  it("leaves out days off and times already begun", () => {
    const times = consultationTimes(
      { ...mondays, daysOff: ["2026-12-14"] },
      new Date("2026-12-07T14:20:00Z"),
    );
    // 14 days on from Monday 14:20 UTC reach into the Monday after next, until 14:20.
    expect(iso(times)).toEqual([
      "2026-12-07T14:30:00.000Z",
      "2026-12-07T14:45:00.000Z",
      "2026-12-21T14:00:00.000Z",
      "2026-12-21T14:15:00.000Z",
    ]);
  });

  it("keeps the vet's wall-clock hours across a daylight-saving change: 09:00 is 14:00 UTC before, 13:00 after", () => {
    const times = consultationTimes(
      { ...mondays, weekly: [{ weekday: 1, start: "09:00", end: "09:15" }] },
      new Date("2026-03-01T00:00:00Z"),
    );
    expect(iso(times)).toEqual(["2026-03-02T14:00:00.000Z", "2026-03-09T13:00:00.000Z"]);
  });

  it("skips the times a change of clocks removes", () => {
    const sundayNight: Availability = {
      timeZone: "America/New_York",
      weekly: [{ weekday: 0, start: "01:30", end: "03:30" }],
      daysOff: [],
    };
    const times = consultationTimes(sundayNight, new Date("2026-03-08T00:00:00Z"), 1);
    // 02:00–02:59 does not exist that night: 01:30, 01:45, then 03:00, 03:15.
    expect(iso(times)).toEqual([
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T06:45:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:15:00.000Z",
    ]);
  });
});

describe("the forms' values", () => {
  it("a day's hours: both empty, or a start before an end on the quarter hour", () => {
    expect(dayHoursSchema.safeParse({ start: "", end: "" }).success).toBe(true);
    expect(dayHoursSchema.safeParse({ start: "09:00", end: "17:30" }).success).toBe(true);
    expect(dayHoursSchema.safeParse({ start: "09:00", end: "" }).error?.issues[0]?.message).toMatch(
      /both a start and an end/,
    );
    expect(dayHoursSchema.safeParse({ start: "09:10", end: "10:00" }).error?.issues[0]?.message).toMatch(
      /quarter hour/,
    );
    expect(dayHoursSchema.safeParse({ start: "10:00", end: "09:00" }).error?.issues[0]?.message).toMatch(
      /after the start/,
    );
  });

  it("a time zone from the list, and real dates for days off", () => {
    expect(timeZoneSchema.safeParse("Europe/London").success).toBe(true);
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    expect(dayOffSchema.safeParse("2026-12-25").success).toBe(true);
    expect(dayOffSchema.safeParse("2026-02-30").success).toBe(false);
    expect(dayOffSchema.safeParse("soon").success).toBe(false);
    expect(dayOffSchema.safeParse("").success).toBe(false);
  });

  it("a time zone is any zone the browser's Intl knows, current names included (Firefox says Asia/Kolkata, Europe/Kyiv)", () => {
    for (const zone of [
      "UTC",
      "Asia/Kolkata",
      "Asia/Calcutta",
      "Europe/Kyiv",
      "Europe/Kiev",
      "America/New_York",
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
      expect(timeZoneSchema.safeParse(zone).success, zone).toBe(true);
    }
    for (const zone of ["", "Mars/Olympus", "Europe/", "Asia/Kolkata; drop table", " UTC"]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it("names the zone when it shows a time, and knows the day there", () => {
    const instant = new Date("2026-12-07T14:00:00Z");
    expect(formatInZone(instant, "America/New_York")).toBe("Mon, Dec 7, 9:00 AM EST");
    expect(formatInZone(instant, "Asia/Tokyo")).toBe("Mon, Dec 7, 11:00 PM GMT+9");
    expect(dayIn(new Date("2026-12-07T03:00:00Z"), "America/Los_Angeles")).toBe("2026-12-06");
  });
});
