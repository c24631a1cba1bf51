import { describe, expect, it } from "vitest";
import { NEAR_ERRORS } from "~/domain/nearby";
import { loader } from "~/routes/resources/nearby";
import { withFakeOsm } from "~tests/support/fake-osm-in-vitest";
import { GEOCODE_MESSAGES } from "./geocode.server";
import { emergencyVetsNear, NEARBY_MESSAGES, NEARBY_RATE_LIMIT, resetNearbyState } from "./nearby.server";

const osm = withFakeOsm(resetNearbyState);

let clients = 0;
/** GET /api/nearby through the route's loader, from a fresh client address unless given one. */
async function get(query: string, clientIp = `10.3.0.${++clients}`) {
  const response = await loader({
    request: new Request(`http://localhost/api/nearby?${query}`),
    params: {},
    context: { clientIp, cspNonce: "" },
  } as Parameters<typeof loader>[0]);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("GET /api/nearby?near=<a town or postcode>", () => {
  it("finds the place, then the places near it, and answers the place to measure from", async () => {
    const { status, headers, body } = await get("near=WC2N+5DN");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.near).toEqual({
      name: "WC2N 5DN, City of Westminster, London, Greater London, England, United Kingdom",
      lat: 51.50888,
      lon: -0.12822,
      timeZone: "Europe/London",
    });
    expect(body.searchedFrom).toEqual({ lat: 51.51, lon: -0.13 });
    expect(body.places[0]).toMatchObject({ id: "node/1001", name: "Strand Veterinary Clinic" });
    expect(osm.received.map(({ service }) => service)).toEqual(["nominatim", "overpass"]);
    // Overpass is asked around the rounded point, as for a position.
    expect(osm.received[1]!.query).toContain("(around:5000,51.51,-0.13)");
  });

  it("answers 404 and says so when there is no such place, without asking Overpass", async () => {
    const { status, body } = await get("near=Atlantis");
    expect(status).toBe(404);
    expect(body).toEqual({ error: GEOCODE_MESSAGES.notFound("Atlantis") });
    expect(body.error).toBe(
      "We could not find “Atlantis” on OpenStreetMap. Check the spelling, or try a nearby town or a full postcode.",
    );
    expect(osm.received.map(({ service }) => service)).toEqual(["nominatim"]);
  });

  it.each([
    ["near=", NEAR_ERRORS.empty],
    ["near=+x+", NEAR_ERRORS.empty],
    [`near=${"a".repeat(101)}`, NEAR_ERRORS.long],
  ])("refuses ?%s with 400, asking nobody", async (query, error) => {
    expect(await get(query)).toMatchObject({ status: 400, body: { error } });
    expect(osm.received).toHaveLength(0);
  });

  it("answers 502 and says so when the place search is down", async () => {
    osm.nominatim = () => ({ status: 503, body: "<html>down</html>" });
    expect(await get("near=WC2N+5DN")).toMatchObject({
      status: 502,
      body: { error: GEOCODE_MESSAGES.failed },
    });
    expect(osm.received.map(({ service }) => service)).toEqual(["nominatim"]);
  });

  it("answers 502 and says so when Overpass fails after the place was found", async () => {
    osm.overpass = () => ({ status: 500, body: "" });
    expect(await get("near=WC2N+5DN")).toMatchObject({
      status: 502,
      body: { error: NEARBY_MESSAGES.failed },
    });
  });

  it("counts place searches against the same limit per client as searches by position", async () => {
    for (let search = 0; search < NEARBY_RATE_LIMIT.limit - 1; search++) {
      expect((await get("lat=51.50735&lon=-0.12776", "10.4.0.1")).status).toBe(200);
    }
    expect((await get("near=WC2N+5DN", "10.4.0.1")).status).toBe(200);
    const searchesBefore = osm.searches.length;
    const { status, headers, body } = await get("near=M1+1AE", "10.4.0.1");
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe(String(NEARBY_RATE_LIMIT.windowSeconds));
    expect(body).toEqual({
      error: "Too many searches from your connection. Please try again in 10 minutes.",
    });
    expect(osm.searches).toHaveLength(searchesBefore);
  });
});

describe("emergencyVetsNear (the server-rendered search of /emergency/vets)", () => {
  // 12 March 2025: London is on UTC (no summer time), the Strand clinic's hours are 08:00-19:00.
  const at = (utc: string) => new Date(`2025-03-12T${utc}:00Z`);

  it("lists a vet open now by its hours, on the place's own clock", async () => {
    const { search, status } = await emergencyVetsNear("WC2N 5DN", "10.5.0.1", at("10:00"));
    expect(status).toBe(200);
    expect(search).toMatchObject({ found: true, others: 0, radiusKm: 5 });
    expect(search.found && search.vets.map(({ name, openNow }) => [name, openNow])).toEqual([
      ["Strand Veterinary Clinic", true],
    ]);
  });

  it("does not list it once it has closed by the place's clock", async () => {
    // 19:30 in London: the clinic closed at 19:00; 18:30, it is open.
    expect((await emergencyVetsNear("WC2N 5DN", "10.5.0.2", at("19:30"))).search).toMatchObject({
      found: true,
      vets: [],
      others: 1,
    });
    const { search } = await emergencyVetsNear("WC2N 5DN", "10.5.0.3", at("18:30"));
    expect(search.found && search.vets.map(({ openNow }) => openNow)).toEqual([true]);
  });
});
