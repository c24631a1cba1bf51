import { describe, expect, it } from "vitest";
// A recorded-format Overpass answer around Trafalgar Square (51.51, -0.13).
import london from "../../../tests/fixtures/overpass/london.json";
import { buildOverpassQuery, OverpassFormatError, parseOverpassResponse } from "./overpass.server";

describe("buildOverpassQuery", () => {
  it("asks for every kind of pet place around the rounded point, with centres and a time limit", () => {
    expect(buildOverpassQuery({ lat: 51.51, lon: -0.13 }, 5000, 8)).toBe(
      [
        "[out:json][timeout:8];",
        "(",
        '  nwr["amenity"="veterinary"](around:5000,51.51,-0.13);',
        '  nwr["shop"="pet"](around:5000,51.51,-0.13);',
        '  nwr["shop"="pet_grooming"](around:5000,51.51,-0.13);',
        '  nwr["amenity"="animal_shelter"](around:5000,51.51,-0.13);',
        ");",
        "out tags center 200;",
      ].join("\n"),
    );
  });

  it("writes coordinates with two decimals", () => {
    expect(buildOverpassQuery({ lat: 51.5, lon: 7 }, 15000, 8)).toContain("(around:15000,51.50,7.00)");
  });
});

describe("parseOverpassResponse", () => {
  it("reads nodes, ways and relations (by their centre) with their details", () => {
    const { places, remark } = parseOverpassResponse(london);
    expect(remark).toBeUndefined();
    expect(places).toEqual([
      {
        id: "node/1001",
        kind: "veterinary",
        name: "Strand Veterinary Clinic",
        lat: 51.5098,
        lon: -0.124,
        address: "12 Strand, London, WC2N 5HR",
        openingHours: "Mo-Fr 08:00-19:00; Sa 09:00-13:00",
        phone: "+44 20 7946 0101",
        emergency: false,
      },
      {
        id: "node/1003",
        kind: "pet_grooming",
        name: "Soho Dog Grooming",
        lat: 51.5136,
        lon: -0.1337,
        address: undefined,
        openingHours: undefined,
        phone: "+44 20 7946 0303",
        emergency: false,
      },
      expect.objectContaining({ id: "node/1006", kind: "pet_shop", name: "Pets Corner" }),
      expect.objectContaining({
        id: "way/2002",
        kind: "pet_shop",
        lat: 51.5117,
        lon: -0.124,
        address: "Floral Street, Covent Garden, London",
      }),
      expect.objectContaining({ id: "relation/3004", kind: "animal_shelter", name: "Thames Animal Rescue" }),
    ]);
  });

  it("marks clinics that take emergencies (emergency=yes) or are open 24/7", () => {
    const vet = (id: number, tags: Record<string, string>) => ({
      type: "node",
      id,
      lat: 1,
      lon: 1,
      tags: { amenity: "veterinary", name: `Vet ${id}`, ...tags },
    });
    const { places } = parseOverpassResponse({
      elements: [
        vet(1, { emergency: "yes" }),
        vet(2, { opening_hours: " 24/7 " }),
        vet(3, { opening_hours: "Mo-Fr 08:00-19:00" }),
        vet(4, { emergency: "no", opening_hours: "Mo-Su 00:00-24:00" }),
      ],
    });
    expect(places.map(({ name, emergency }) => [name, emergency])).toEqual([
      ["Vet 1", true],
      ["Vet 2", true],
      ["Vet 3", false],
      ["Vet 4", false],
    ]);
  });

  it("leaves out what it cannot use rather than guessing", () => {
    const { places } = parseOverpassResponse({
      elements: [
        { type: "node", id: 1, lat: 1, lon: 1, tags: { amenity: "veterinary" } }, // no name
        { type: "way", id: 2, tags: { shop: "pet", name: "No position" } },
        { type: "node", id: 3, lat: 1, lon: 1, tags: { shop: "bakery", name: "Not a pet place" } },
        { type: "node", id: 4, lat: 91, lon: 1, tags: { shop: "pet", name: "Off the globe" } },
        { type: "area", id: 5, tags: { shop: "pet", name: "Unknown type" } },
        { type: "node", id: 6, lat: 1, lon: 1, tags: { shop: "pet", name: "   " } },
        "garbage",
        { type: "node", id: 7, lat: 1, lon: 2, tags: { shop: "pet", name: "  Kept \n Shop " } },
      ],
    });
    expect(places).toEqual([expect.objectContaining({ id: "node/7", name: "Kept Shop", lat: 1, lon: 2 })]);
  });

  it("takes contact:phone when there is no phone, and cuts very long values", () => {
    const { places } = parseOverpassResponse({
      elements: [
        {
          type: "node",
          id: 8,
          lat: 1,
          lon: 1,
          tags: { amenity: "veterinary", name: "x".repeat(500), "contact:phone": "+1 555 0100" },
        },
      ],
    });
    expect(places[0]).toMatchObject({ phone: "+1 555 0100" });
    expect(places[0]!.name).toHaveLength(200);
  });

  it("takes the website (or contact:website) as an http(s) address only, never another scheme", () => {
    const vet = (id: number, tags: Record<string, string>) => ({
      type: "node",
      id,
      lat: 1,
      lon: 1,
      tags: { amenity: "veterinary", name: `Vet ${id}`, ...tags },
    });
    const { places } = parseOverpassResponse({
      elements: [
        vet(1, { website: "https://vets.example/book" }),
        vet(2, { "contact:website": "http://vets.example" }),
        vet(3, { website: "www.vets.example; https://other.example" }),
        vet(4, { website: "javascript:alert(1)" }),
        vet(5, { website: "ftp://vets.example" }),
        vet(6, { website: "not a website" }),
        vet(7, { website: `https://vets.example/${"x".repeat(300)}` }),
        vet(8, {}),
      ],
    });
    expect(places.map((place) => place.website)).toEqual([
      "https://vets.example/book",
      "http://vets.example",
      "https://www.vets.example",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("passes on Overpass's remark, and rejects an answer without elements", () => {
    expect(parseOverpassResponse({ elements: [], remark: "runtime error: Query timed out" }).remark).toBe(
      "runtime error: Query timed out",
    );
    expect(() => parseOverpassResponse({ error: "nope" })).toThrow(OverpassFormatError);
    expect(() => parseOverpassResponse("<html>")).toThrow(OverpassFormatError);
  });
});
