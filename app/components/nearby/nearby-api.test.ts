// vitest: own module graph
import { afterEach, describe, expect, it, vi } from "vitest";

const LEEDS = { name: "Leeds, West Yorkshire, England", lat: 53.8, lon: -1.55, timeZone: "Europe/London" };
const ANSWER = { places: [], radiusKm: 5, searchedFrom: { lat: 53.8, lon: -1.55 }, near: LEEDS };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock("~/domain/nearby");
  vi.resetModules();
});

describe("a search by place", () => {
  it("reads the answer with the schemas it loads then", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(ANSWER)),
    );
    const { fetchPlacesNear } = await import("./nearby-api");
    await expect(fetchPlacesNear("Leeds")).resolves.toEqual(ANSWER);
  });

  it("says the visitor seems offline when the answer's schemas cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(ANSWER)),
    );
    vi.doMock("~/domain/nearby", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { fetchPlacesNear, NEARBY_ERRORS, NearbyError } = await import("./nearby-api");
    const search = fetchPlacesNear("Leeds");
    await expect(search).rejects.toBeInstanceOf(NearbyError);
    await expect(search).rejects.toThrow(NEARBY_ERRORS.offline);
  });
});
