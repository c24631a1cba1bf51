import { describe, expect, it } from "vitest";
import { GEOCODE_MESSAGES } from "~/backend/nearby/geocode.server";
import { NEARBY_MESSAGES, NEARBY_RATE_LIMIT, resetNearbyState } from "~/backend/nearby/nearby.server";
import { NEAR_ERRORS } from "~/domain/nearby";
import type { VetSearch } from "~/domain/nearby-places";
import { withFakeOsm } from "~tests/support/fake-osm-in-vitest";
import { loader } from "./vets-near";

const osm = withFakeOsm(resetNearbyState);

let clients = 0;
/** GET /emergency/vets through the loader, as the page receives it. */
async function load(query: string, clientIp = `10.6.0.${++clients}`) {
  const result = await loader({
    request: new Request(`http://localhost/emergency/vets${query}`),
    params: {},
    context: { clientIp, cspNonce: "" },
  } as unknown as Parameters<typeof loader>[0]);
  return {
    search: result.data.search as VetSearch | null,
    status: result.init?.status ?? 200,
    headers: new Headers(result.init?.headers),
  };
}

const failure = (query: string, message: string) => ({ query, found: false, message });

describe("GET /emergency/vets", () => {
  it("without a place, searches nothing: the page offers the search", async () => {
    const { search, status, headers } = await load("");
    expect(search).toBeNull();
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(osm.received).toHaveLength(0);
  });

  it("lists the vets to go to now near a postcode, nearest first, each with its distance and phone", async () => {
    const { search, status, headers } = await load("?near=M1+1AE");
    expect(status).toBe(200);
    // Where someone searched is theirs alone.
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(search).toMatchObject({
      query: "M1 1AE",
      found: true,
      near: "M1 1AE, Manchester, Greater Manchester, England, United Kingdom",
      radiusKm: 5,
      // The clinic with no hours: never counted as open.
      others: 1,
    });
    if (!search?.found) throw new Error("no vets");
    expect(search.vets.map(({ name, emergency, openNow }) => ({ name, emergency, openNow }))).toEqual([
      { name: "Piccadilly Emergency Vets", emergency: true, openNow: true },
      { name: "Northern Quarter Vets", emergency: false, openNow: true },
    ]);
    expect(search.vets[0]).toMatchObject({ id: "node/3001", phone: "+44 161 496 0101" });
    expect(search.vets[0]!.distanceMiles).toBeLessThan(0.1);
    expect(search.vets[1]!.distanceMiles).toBeGreaterThan(0.3);
  });

  it("says when nothing was found near the place (the page then points to the lines)", async () => {
    const { search, status } = await load("?near=Little+Snoring");
    expect(status).toBe(200);
    expect(search).toMatchObject({ found: true, vets: [], others: 0, radiusKm: 15 });
  });

  it("says there is no such place, with 404", async () => {
    const { search, status } = await load("?near=Atlantis");
    expect(status).toBe(404);
    expect(search).toEqual(failure("Atlantis", GEOCODE_MESSAGES.notFound("Atlantis")));
    expect(osm.received.map(({ service }) => service)).toEqual(["nominatim"]);
  });

  it("asks for a place when the box was sent empty", async () => {
    const { search, status } = await load("?near=++");
    expect(status).toBe(400);
    expect(search).toEqual(failure("", NEAR_ERRORS.empty));
  });

  it("says the search services are down, with 502", async () => {
    osm.nominatim = () => ({ status: 500, body: "" });
    expect(await load("?near=M1+1AE")).toMatchObject({
      status: 502,
      search: failure("M1 1AE", GEOCODE_MESSAGES.failed),
    });
    osm.reset();
    osm.overpass = () => ({ status: 500, body: "" });
    expect(await load("?near=M1+1AE")).toMatchObject({
      status: 502,
      search: failure("M1 1AE", NEARBY_MESSAGES.failed),
    });
  });

  it("says the place search is busy when Nominatim asks us to slow down", async () => {
    osm.nominatim = () => ({ status: 429, body: "" });
    expect(await load("?near=M1+1AE")).toMatchObject({
      status: 502,
      search: failure("M1 1AE", GEOCODE_MESSAGES.busy),
    });
  });

  it("says there were too many searches, with 429 and when to try again", async () => {
    for (let search = 0; search < NEARBY_RATE_LIMIT.limit; search++) {
      expect((await load("?near=M1+1AE", "10.7.0.1")).status).toBe(200);
    }
    const { search, status, headers } = await load("?near=M1+1AE", "10.7.0.1");
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe(String(NEARBY_RATE_LIMIT.windowSeconds));
    expect(search).toEqual(
      failure("M1 1AE", "Too many searches from your connection. Please try again in 10 minutes."),
    );
    // Every search of the same words was answered from the cache: Nominatim was asked once.
    expect(osm.searches).toHaveLength(1);
  });
});
