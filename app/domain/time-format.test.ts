import { describe, expect, it } from "vitest";
import { formatClock, formatDateTime, formatWhen, zoneName } from "./time-format";

/* One instant, as a New York owner, a Tokyo vet and a visitor without a zone (UTC) read it. */
const winter = "2027-01-15T03:15:00.000Z";
const summer = new Date("2027-07-15T02:15:00.000Z");

describe("times in the viewer's zone, named", () => {
  it("gives a message's time with its zone", () => {
    expect(formatClock(winter, "America/New_York")).toBe("10:15 PM EST");
    expect(formatClock(winter, "Asia/Tokyo")).toBe("12:15 PM GMT+9");
    expect(formatClock(winter, "UTC")).toBe("3:15 AM UTC");
    // Summer time is named as such.
    expect(formatClock(summer, "America/New_York")).toBe("10:15 PM EDT");
  });

  it("gives a list's date and time in the viewer's day", () => {
    // Already the 15th in UTC and in Tokyo; still the evening of the 14th in New York.
    expect(formatDateTime(winter, "America/New_York")).toBe("Jan 14, 2027, 10:15 PM EST");
    expect(formatDateTime(winter, "Asia/Tokyo")).toBe("Jan 15, 2027, 12:15 PM GMT+9");
    expect(formatDateTime(new Date(winter), "UTC")).toBe("Jan 15, 2027, 3:15 AM UTC");
  });

  it("gives a consultation's day and time, and the zone's short name", () => {
    expect(formatWhen(winter, "America/New_York")).toBe("Thursday, January 14, 10:15 PM EST");
    expect(zoneName(summer, "Europe/Paris")).toBe("GMT+2");
  });
});
