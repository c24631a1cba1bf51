import { describe, expect, it } from "vitest";
import { openingState } from "./opening-hours";

/** A local time in the week of Monday 10 March 2025 (day 10 is a Monday). */
const at = (day: "Mo" | "Tu" | "We" | "Th" | "Fr" | "Sa" | "Su", time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  const date = 10 + ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].indexOf(day);
  return new Date(2025, 2, date, hours, minutes);
};

describe("openingState", () => {
  it("reads 24/7 as always open", () => {
    expect(openingState("24/7", at("Su", "03:00"))).toBe("open");
    expect(openingState(" 24/7 ", at("We", "12:00"))).toBe("open");
  });

  it("reads day ranges and times; days not named are closed", () => {
    const hours = "Mo-Fr 08:00-19:00; Sa 09:00-13:00";
    expect(openingState(hours, at("Mo", "08:00"))).toBe("open");
    expect(openingState(hours, at("We", "18:59"))).toBe("open");
    expect(openingState(hours, at("We", "19:00"))).toBe("closed");
    expect(openingState(hours, at("Tu", "07:59"))).toBe("closed");
    expect(openingState(hours, at("Sa", "10:30"))).toBe("open");
    expect(openingState(hours, at("Sa", "13:30"))).toBe("closed");
    expect(openingState(hours, at("Su", "10:30"))).toBe("closed");
  });

  it("reads day lists and several times in a day", () => {
    const hours = "Mo,We 09:00-12:00,14:00-18:00";
    expect(openingState(hours, at("Mo", "10:00"))).toBe("open");
    expect(openingState(hours, at("Mo", "13:00"))).toBe("closed");
    expect(openingState(hours, at("We", "15:00"))).toBe("open");
    expect(openingState(hours, at("Tu", "10:00"))).toBe("closed");
    expect(openingState("Mo-We,Fr 09:00-12:00, 14:00-18:00", at("Fr", "17:00"))).toBe("open");
  });

  it("reads times alone as every day", () => {
    expect(openingState("08:00-20:00", at("Su", "08:00"))).toBe("open");
    expect(openingState("08:00-20:00", at("Su", "20:00"))).toBe("closed");
    expect(openingState("00:00-24:00", at("Th", "23:59"))).toBe("open");
  });

  it("reads times past midnight into the next day", () => {
    const hours = "Fr 18:00-02:00";
    expect(openingState(hours, at("Fr", "23:00"))).toBe("open");
    expect(openingState(hours, at("Sa", "01:59"))).toBe("open");
    expect(openingState(hours, at("Sa", "02:00"))).toBe("closed");
    expect(openingState(hours, at("Fr", "01:00"))).toBe("closed");
    // Sunday night into Monday morning: the week wraps.
    expect(openingState("Su 20:00-03:00", at("Mo", "02:00"))).toBe("open");
  });

  it("reads day ranges that wrap over the weekend", () => {
    expect(openingState("Fr-Mo 10:00-16:00", at("Su", "12:00"))).toBe("open");
    expect(openingState("Fr-Mo 10:00-16:00", at("Tu", "12:00"))).toBe("closed");
  });

  it("reads off and closed, and lets a later rule replace an earlier one for its days", () => {
    expect(openingState("off", at("Mo", "12:00"))).toBe("closed");
    const hours = "Mo-Sa 09:00-18:00; We off";
    expect(openingState(hours, at("We", "12:00"))).toBe("closed");
    expect(openingState(hours, at("Th", "12:00"))).toBe("open");
    expect(openingState("Mo-Su 08:00-20:00; Su closed", at("Su", "12:00"))).toBe("closed");
    expect(openingState("Mo-Fr 08:00-18:00; Fr 08:00-12:00", at("Fr", "15:00"))).toBe("closed");
  });

  it("answers unknown, never open, for what it does not read", () => {
    for (const hours of [
      undefined,
      "",
      "Mo-Fr 08:00-18:00; PH off",
      "Jan-Mar Mo-Fr 08:00-18:00",
      "sunrise-sunset",
      "Mo-Fr 08:00+",
      '"by appointment"',
      'Mo-Fr 08:00-18:00 || "call first"',
      "Mo-Fr 08:00-18:00, Sa 09:00-12:00",
      "Mo-Fr 25:00-26:00",
      "Mo-Fr 8am-6pm",
      "Xx 08:00-18:00",
      "24/7; PH off",
    ]) {
      expect(openingState(hours, at("We", "12:00")), String(hours)).toBe("unknown");
    }
  });
});
