import { describe, expect, it } from "vitest";
import { LOCATION_ERRORS, locationQuerySchema, nearbyResponseSchema } from "./nearby";
import { osmUrl } from "./nearby-places";

describe("locationQuerySchema", () => {
  it("accepts decimal degrees and gives numbers", () => {
    expect(locationQuerySchema.parse({ lat: "51.50735", lon: "-0.12776" })).toEqual({
      lat: 51.50735,
      lon: -0.12776,
    });
    expect(locationQuerySchema.parse({ lat: " -90 ", lon: "180" })).toEqual({ lat: -90, lon: 180 });
  });

  it.each([
    [{ lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "", lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "abc", lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "1e2", lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "Infinity", lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "90.0001", lon: "0" }, LOCATION_ERRORS.lat],
    [{ lat: "0", lon: "-180.5" }, LOCATION_ERRORS.lon],
    [{ lat: "0", lon: "0x10" }, LOCATION_ERRORS.lon],
  ])("refuses %j", (input, message) => {
    const result = locationQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("nearbyResponseSchema", () => {
  const place = { id: "node/1", kind: "veterinary", name: "Vet", lat: 1, lon: 2 };

  it("accepts the server's answer", () => {
    const answer = { places: [{ ...place, emergency: true }], radiusKm: 5, searchedFrom: { lat: 1, lon: 2 } };
    expect(nearbyResponseSchema.parse(answer)).toEqual(answer);
  });

  it("reads a place without the emergency mark as not an emergency clinic", () => {
    const answer = { places: [place], radiusKm: 5, searchedFrom: { lat: 1, lon: 2 } };
    expect(nearbyResponseSchema.parse(answer).places[0]!.emergency).toBe(false);
  });

  it("refuses ids that would not make an openstreetmap.org link, and unknown kinds", () => {
    const with_ = (change: object) => ({
      places: [{ ...place, ...change }],
      radiusKm: 5,
      searchedFrom: { lat: 1, lon: 2 },
    });
    expect(nearbyResponseSchema.safeParse(with_({ id: "javascript:alert(1)" })).success).toBe(false);
    expect(nearbyResponseSchema.safeParse(with_({ id: "node/1/../../x" })).success).toBe(false);
    expect(nearbyResponseSchema.safeParse(with_({ kind: "bakery" })).success).toBe(false);
  });

  it("links a place to openstreetmap.org", () => {
    expect(osmUrl("way/2002")).toBe("https://www.openstreetmap.org/way/2002");
  });
});
