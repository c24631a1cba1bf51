import { describe, expect, it } from "vitest";
import empty from "../../../tests/fixtures/nominatim/empty.json";
import littleSnoring from "../../../tests/fixtures/nominatim/little-snoring.json";
import wc2n from "../../../tests/fixtures/nominatim/wc2n-5dn.json";
import { buildNominatimUrl, NominatimFormatError, parseNominatimResponse } from "./nominatim.server";

describe("buildNominatimUrl", () => {
  it("asks for the best match only, in Nominatim's JSON, on the configured address", () => {
    const url = buildNominatimUrl("https://nominatim.example/search", "SW1A 1AA");
    expect(url.origin + url.pathname).toBe("https://nominatim.example/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "SW1A 1AA", format: "jsonv2", limit: "1" });
  });

  it("sends the words as a value, never as more parameters", () => {
    const url = buildNominatimUrl("https://nominatim.example/search", "Bath&limit=50#x");
    expect(url.searchParams.get("q")).toBe("Bath&limit=50#x");
    expect(url.searchParams.get("limit")).toBe("1");
    expect(url.hash).toBe("");
  });
});

describe("parseNominatimResponse", () => {
  it("reads a postcode's full name, its position (sent as strings) and the time zone there", () => {
    expect(parseNominatimResponse(wc2n, "wc2n 5dn")).toEqual({
      name: "WC2N 5DN, City of Westminster, London, Greater London, England, United Kingdom",
      lat: 51.50888,
      lon: -0.12822,
      timeZone: "Europe/London",
    });
  });

  it("reads a town the same way, ignoring fields it does not use", () => {
    expect(parseNominatimResponse(littleSnoring, "little snoring")).toMatchObject({
      name: "Little Snoring, North Norfolk, Norfolk, England, NR21 0HS, United Kingdom",
      lat: 52.859227,
      lon: 0.9020127,
    });
  });

  it("answers null, not a guess, when Nominatim found nothing", () => {
    expect(parseNominatimResponse(empty, "atlantis")).toBeNull();
  });

  it("names the place by the words asked when Nominatim gives no name", () => {
    expect(parseNominatimResponse([{ lat: "33.75", lon: "-84.39" }], "Somewhere")).toEqual({
      name: "Somewhere",
      lat: 33.75,
      lon: -84.39,
      timeZone: "America/New_York",
    });
  });

  it.each([
    ["an object", { error: "Unable to geocode" }],
    ["an error page", "<html>busy</html>"],
    ["a result without a position", [{ display_name: "Nowhere" }]],
    ["a position that is not a number", [{ lat: "north", lon: "0" }]],
    ["a position off the globe", [{ lat: "91", lon: "0" }]],
    ["numbers where Nominatim sends strings", [{ lat: 51.5, lon: -0.1 }]],
  ])("refuses %s", (_, json) => {
    expect(() => parseNominatimResponse(json, "x")).toThrow(NominatimFormatError);
  });
});
