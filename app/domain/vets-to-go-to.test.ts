import { describe, expect, it } from "vitest";
import { localTimesAt, vetsToGoTo, type Place } from "./nearby";

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

describe("localTimesAt", () => {
  const clock = (dates: Date[]) =>
    dates.map((date) => `${date.getDay()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, "0")}`);

  it("gives the sun's hour at the longitude and an hour either side, in the local fields", () => {
    // London, 10:15 UTC on a Wednesday (3).
    expect(clock(localTimesAt(-0.13, new Date("2025-03-12T10:15:00Z")))).toEqual([
      "3 9:15",
      "3 10:15",
      "3 11:15",
    ]);
  });

  it("covers summer time and crosses midnight into the right day", () => {
    // Sydney (UTC+11 in March): 20:00 UTC on Wednesday is 07:00 on Thursday (4).
    expect(clock(localTimesAt(151.21, new Date("2025-03-12T20:00:00Z")))).toEqual([
      "4 5:00",
      "4 6:00",
      "4 7:00",
    ]);
    // New York (UTC-4 from 9 March 2025): 03:00 UTC on Wednesday is 23:00 on Tuesday (2).
    expect(clock(localTimesAt(-74.01, new Date("2025-03-12T03:00:00Z")))).toEqual([
      "2 21:00",
      "2 22:00",
      "2 23:00",
    ]);
  });
});
