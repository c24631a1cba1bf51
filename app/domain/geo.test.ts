import { describe, expect, it } from "vitest";
import {
  distanceKm,
  distanceMiles,
  formatMiles,
  kmToMiles,
  pointKey,
  roundCoordinate,
  roundPoint,
  sortByDistance,
} from "./geo";

describe("rounding", () => {
  it("keeps two decimals (about a kilometre)", () => {
    expect(roundCoordinate(51.50735)).toBe(51.51);
    expect(roundCoordinate(-0.12776)).toBe(-0.13);
    expect(roundCoordinate(40.7128)).toBe(40.71);
    expect(roundCoordinate(-74.006)).toBe(-74.01);
    expect(roundPoint({ lat: 51.50735, lon: -0.12776 })).toEqual({ lat: 51.51, lon: -0.13 });
  });

  it("never gives -0, so both sides of the meridian near it share one key", () => {
    expect(Object.is(roundCoordinate(-0.004), 0)).toBe(true);
    expect(pointKey({ lat: 0.001, lon: -0.004 })).toBe("0.00,0.00");
  });

  it("keys a point by its rounded coordinates with two fixed decimals", () => {
    expect(pointKey({ lat: 51.50735, lon: -0.12776 })).toBe("51.51,-0.13");
    expect(pointKey({ lat: 51.5, lon: 7 })).toBe("51.50,7.00");
    expect(pointKey({ lat: 51.5051, lon: -0.1251 })).toBe(pointKey({ lat: 51.5149, lon: -0.1349 }));
  });
});

describe("distances (haversine, mean Earth radius 6371.0088 km)", () => {
  it("is zero from a point to itself", () => {
    expect(distanceKm({ lat: 51.5, lon: -0.1 }, { lat: 51.5, lon: -0.1 })).toBe(0);
  });

  it("one degree along a meridian is R·π/180 = 111.195 km = 69.093 miles", () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.195, 3);
    expect(distanceMiles({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(69.093, 3);
  });

  it("a quarter of the equator is R·π/2 = 10,007.557 km, whichever way round", () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo(10007.557, 3);
    expect(distanceKm({ lat: 0, lon: 90 }, { lat: 0, lon: 0 })).toBeCloseTo(10007.557, 3);
  });

  it("London to Paris is about 343.6 km (213.5 miles)", () => {
    const london = { lat: 51.5074, lon: -0.1278 };
    const paris = { lat: 48.8566, lon: 2.3522 };
    expect(distanceKm(london, paris)).toBeCloseTo(343.557, 2);
    expect(distanceMiles(london, paris)).toBeCloseTo(213.476, 2);
  });

  it("antipodes are half the circumference, R·π = 20,015.1 km", () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(20015.114, 2);
  });

  it("converts with the international mile (1.609344 km)", () => {
    expect(kmToMiles(1.609344)).toBe(1);
    expect(kmToMiles(5)).toBeCloseTo(3.107, 3);
  });
});

describe("formatMiles", () => {
  it("always shows one decimal", () => {
    expect(formatMiles(0.2341)).toBe("0.2 miles");
    expect(formatMiles(0.04)).toBe("0.0 miles");
    expect(formatMiles(2)).toBe("2.0 miles");
    expect(formatMiles(12.34)).toBe("12.3 miles");
  });

  it("says mile for exactly 1.0", () => {
    expect(formatMiles(1)).toBe("1.0 mile");
    expect(formatMiles(0.96)).toBe("1.0 mile");
  });
});

describe("sortByDistance", () => {
  it("adds distances and puts the nearest first, ties by name", () => {
    const from = { lat: 0, lon: 0 };
    const sorted = sortByDistance(
      [
        { name: "Far", lat: 1, lon: 0 },
        { name: "Near B", lat: 0, lon: 0.5 },
        { name: "Near A", lat: 0.5, lon: 0 },
      ],
      from,
    );
    expect(sorted.map((place) => place.name)).toEqual(["Near A", "Near B", "Far"]);
    expect(sorted[2]!.distanceMiles).toBeCloseTo(69.093, 3);
    expect(sorted[0]!.distanceMiles).toBeCloseTo(34.547, 3);
  });

  it("orders by the exact position, which can differ from the rounded one", () => {
    const exact = { lat: 51.50735, lon: -0.12776 };
    const places = [
      { name: "At the rounded point", lat: 51.51, lon: -0.13 },
      { name: "Next door", lat: 51.5074, lon: -0.1278 },
    ];
    expect(sortByDistance(places, roundPoint(exact)).map((p) => p.name)).toEqual([
      "At the rounded point",
      "Next door",
    ]);
    expect(sortByDistance(places, exact).map((p) => p.name)).toEqual(["Next door", "At the rounded point"]);
  });
});
