import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { withFakeOsm } from "~tests/support/fake-osm-in-vitest";
import {
  geocode,
  GEOCODE_LIMITS,
  GEOCODE_MESSAGES,
  GeocodeFailure,
  resetGeocodeState,
  Throttle,
} from "./geocode.server";

const WC2N = {
  name: "WC2N 5DN, City of Westminster, London, Greater London, England, United Kingdom",
  lat: 51.50888,
  lon: -0.12822,
  timeZone: "Europe/London",
};

const osm = withFakeOsm(resetGeocodeState);
// Vitest sets BASE_URL to Vite's "/"; the User-Agent names the public site.
beforeAll(() => vi.stubEnv("BASE_URL", "https://pawpal.example"));

/** The failure a geocode ended with (or a test failure if it found something). */
async function failureOf(words: string) {
  const error = await geocode(words).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(GeocodeFailure);
  return { status: (error as GeocodeFailure).status, message: (error as GeocodeFailure).message };
}

describe("geocode", () => {
  it("finds a postcode: its full name and position, asked once, with a User-Agent naming the site", async () => {
    expect(await geocode("  WC2N   5DN ")).toEqual(WC2N);
    expect(osm.searches).toHaveLength(1);
    const [search] = osm.searches;
    expect(Object.fromEntries(new URLSearchParams(search!.query))).toEqual({
      q: "WC2N 5DN",
      format: "jsonv2",
      limit: "1",
    });
    expect(search!.userAgent).toBe("PawPal/1.0 (emergency vets near a place; https://pawpal.example)");
  });

  it("answers null when OpenStreetMap knows no place by that name", async () => {
    expect(await geocode("Atlantis")).toBeNull();
    expect(osm.searches.map(({ words }) => words)).toEqual(["Atlantis"]);
  });

  it("answers the same words from its cache, whatever their case and spaces", async () => {
    const [first, second] = await Promise.all([geocode("WC2N 5DN"), geocode("wc2n 5dn")]);
    expect(await geocode(" Wc2n  5DN")).toEqual(WC2N);
    expect(first).toEqual(WC2N);
    expect(second).toEqual(WC2N);
    expect(osm.searches).toHaveLength(1);
  });

  it("remembers that a place was not found too: the same words never ask again", async () => {
    expect(await geocode("Atlantis")).toBeNull();
    expect(await geocode("ATLANTIS")).toBeNull();
    expect(osm.searches).toHaveLength(1);
  });

  it.each([
    [500, 502, GEOCODE_MESSAGES.failed],
    [403, 502, GEOCODE_MESSAGES.failed],
    [429, 502, GEOCODE_MESSAGES.busy],
    [504, 504, GEOCODE_MESSAGES.timeout],
  ])("turns Nominatim's %i into %i and a message", async (nominatimStatus, status, message) => {
    osm.nominatim = () => ({ status: nominatimStatus, body: "<html>error</html>" });
    expect(await failureOf("WC2N 5DN")).toEqual({ status, message });
  });

  it("fails with a message when Nominatim sends something that is not its list of places", async () => {
    osm.nominatim = () => ({ status: 200, body: "<html>Service unavailable</html>" });
    expect(await failureOf("WC2N 5DN")).toEqual({ status: 502, message: GEOCODE_MESSAGES.failed });
  });

  it("fails with a message when Nominatim does not answer in time", async () => {
    // The real deadline is 5 s; the test shortens it rather than waiting.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    vi.spyOn(AbortSignal, "timeout").mockImplementation(() => timeout(200));
    osm.nominatim = () => "hang";
    expect(await failureOf("WC2N 5DN")).toEqual({ status: 504, message: GEOCODE_MESSAGES.timeout });
    expect(AbortSignal.timeout).toHaveBeenCalledWith(GEOCODE_LIMITS.timeoutMs);
  });

  it("fails with a message when Nominatim cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    vi.stubEnv("NOMINATIM_URL", `http://127.0.0.1:${port}/search`);
    try {
      expect(await failureOf("WC2N 5DN")).toEqual({ status: 502, message: GEOCODE_MESSAGES.failed });
    } finally {
      vi.stubEnv("NOMINATIM_URL", osm.nominatimUrl);
    }
  });

  it("does not remember failures: the next search asks again (a second later)", async () => {
    osm.nominatim = () => ({ status: 503, body: "" });
    await failureOf("WC2N 5DN");
    osm.reset();
    expect(await geocode("WC2N 5DN")).toEqual(WC2N);
    expect(osm.searches).toHaveLength(1);
  });

  it("asks Nominatim at most once a second, however many search at once", async () => {
    const started = performance.now();
    const found = await Promise.all([geocode("WC2N 5DN"), geocode("M1 1AE")]);
    expect(found.map((place) => place?.name.split(",")[0])).toEqual(["WC2N 5DN", "M1 1AE"]);
    const [first, second] = osm.searches.map(({ at }) => at);
    // The second waits a whole gap: timed from when both were asked for, since the first's arrival
    // can lag on a busy machine (a CI run saw them 988.7 ms apart at the fake server).
    expect(second! - started).toBeGreaterThanOrEqual(GEOCODE_LIMITS.gapMs - 10);
    expect(second! - first!).toBeGreaterThan(GEOCODE_LIMITS.gapMs / 2);
  });

  it("waits its turn after a request another server process made this second", async () => {
    // The shared window in the database: another process asked Nominatim just now.
    expect(await consumeRateLimit("nominatim", "all")).toEqual({ ok: true });
    const started = performance.now();
    expect(await geocode("WC2N 5DN")).toEqual(WC2N);
    expect(osm.searches[0]!.at - started).toBeGreaterThanOrEqual(900);
  });
});

describe("Throttle", () => {
  const GAP = 1000;
  const MAX_WAIT = 3000;
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** Each claim's time; `refusals` claims are refused first, as when another process took the second. */
  function throttleWith(refusals = 0) {
    const claims: number[] = [];
    const throttle = new Throttle(GAP, MAX_WAIT, async () => {
      claims.push(Date.now());
      return claims.length <= refusals ? { ok: false, retryAfterSeconds: 1 } : { ok: true };
    });
    return { throttle, claims };
  }

  it("lets callers through one gap apart, in the order they came", async () => {
    const { throttle, claims } = throttleWith();
    const through: number[] = [];
    const takes = [0, 1, 2].map((n) => throttle.take().then(() => through.push(n)));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all(takes);
    expect(claims).toEqual([0, 1000, 2000]);
    expect(through).toEqual([0, 1, 2]);
  });

  it("refuses at once, as busy, a caller whose turn would come after the longest wait", async () => {
    const { throttle, claims } = throttleWith();
    const waiting = [0, 1, 2, 3].map(() => throttle.take());
    await expect(throttle.take()).rejects.toEqual(new GeocodeFailure(503, GEOCODE_MESSAGES.busy));
    expect(Date.now()).toBe(0);
    await vi.advanceTimersByTimeAsync(MAX_WAIT);
    await Promise.all(waiting);
    expect(claims).toEqual([0, 1000, 2000, 3000]);
    // Once the queue has gone, a caller goes through again.
    await vi.advanceTimersByTimeAsync(GAP);
    await throttle.take();
    expect(claims.at(-1)).toBe(4000);
  });

  it("tries again after the window of a second another process took", async () => {
    const { throttle, claims } = throttleWith(1);
    const take = throttle.take();
    await vi.advanceTimersByTimeAsync(1000);
    await take;
    expect(claims).toEqual([0, 1000]);
  });

  it("gives up as busy when other processes keep every second past the longest wait", async () => {
    const { throttle, claims } = throttleWith(Infinity);
    const take = throttle.take().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(MAX_WAIT + GAP);
    expect(await take).toEqual(new GeocodeFailure(503, GEOCODE_MESSAGES.busy));
    expect(claims).toEqual([0, 1000, 2000, 3000]);
  });
});
