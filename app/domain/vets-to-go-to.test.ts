import { describe, expect, it } from "vitest";
import type { Place } from "./nearby";
import { vetsToGoTo, wallClockIn } from "./nearby-places";

const vet = (id: number, name: string, lat: number, extra: Partial<Place> = {}): Place => ({
  id: `node/${id}`,
  kind: "veterinary",
  name,
  lat,
  lon: -0.1278,
  emergency: false,
  ...extra,
});
const HERE = { lat: 51.50735, lon: -0.12776 };
const places = [
  vet(1, "Emergency Vets", 51.53, { emergency: true }),
  vet(2, "Day Vets", 51.51, { openingHours: "Mo-Fr 08:00-19:00" }),
  vet(3, "Vets Without Hours", 51.508),
];
/** Wednesday 12 March 2025, local time. */
const wednesday = (hours: number, minutes = 0) => new Date(2025, 2, 12, hours, minutes);

describe("vetsToGoTo", () => {
  it("takes emergency clinics and vets open now, nearest first, and counts the others", () => {
    const { vets, others } = vetsToGoTo(places, HERE, wednesday(10));
    expect(vets.map(({ name, openNow }) => [name, openNow])).toEqual([
      ["Day Vets", true],
      ["Emergency Vets", false],
    ]);
    expect(others).toBe(1);
  });

  it("given several possible times, counts a vet as open only when it is open at every one", () => {
    const unsure = [wednesday(17, 30), wednesday(18, 30), wednesday(19, 30)];
    expect(vetsToGoTo(places, HERE, unsure).vets.map(({ name }) => name)).toEqual(["Emergency Vets"]);
    const sure = [wednesday(9), wednesday(10), wednesday(11)];
    expect(vetsToGoTo(places, HERE, sure).vets.map(({ name }) => name)).toEqual([
      "Day Vets",
      "Emergency Vets",
    ]);
    expect(vetsToGoTo(places, HERE, []).vets.map(({ name }) => name)).toEqual(["Emergency Vets"]);
  });
});

describe("wallClockIn", () => {
  const clock = (date: Date) =>
    `${date.getDay()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, "0")}`;

  it("reads the place's own clock, summer time and the day included", () => {
    // London, 10:15 UTC on Wednesday 12 March 2025 (no summer time yet): 10:15 on a Wednesday (3).
    expect(clock(wallClockIn("Europe/London", new Date("2025-03-12T10:15:00Z")))).toBe("3 10:15");
    // Sydney (UTC+11 in March): 20:00 UTC on Wednesday is 07:00 on Thursday (4).
    expect(clock(wallClockIn("Australia/Sydney", new Date("2025-03-12T20:00:00Z")))).toBe("4 7:00");
    // New York (UTC-4 from 9 March 2025): 03:00 UTC on Wednesday is 23:00 on Tuesday (2).
    expect(clock(wallClockIn("America/New_York", new Date("2025-03-12T03:00:00Z")))).toBe("2 23:00");
    // Midnight is 0, not 24.
    expect(clock(wallClockIn("UTC", new Date("2025-03-12T00:05:00Z")))).toBe("3 0:05");
  });

  it("does not call a vet open that closed two hours ago by the sun's time (Atlanta in summer)", () => {
    // 18:30 in Atlanta (UTC-4 in July) is 16:30 by its longitude's sun time: a vet closing at 18:00.
    const atlanta = { lat: 33.75, lon: -84.39 };
    const closesAtSix = vet(9, "Peachtree Vet", atlanta.lat, {
      lon: atlanta.lon,
      openingHours: "Mo-Su 08:00-18:00",
    });
    const now = wallClockIn("America/New_York", new Date("2025-07-09T22:30:00Z"));
    expect(vetsToGoTo([closesAtSix], atlanta, now)).toEqual({ vets: [], others: 1 });
  });
});
