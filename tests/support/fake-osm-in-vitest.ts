import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { startFakeOsm } from "./fake-osm";

type FakeOsm = Awaited<ReturnType<typeof startFakeOsm>>;

/**
 * The recorded Nominatim and Overpass (fake-osm.ts) for one Vitest file: started once with the app
 * pointed at them (NOMINATIM_URL, OVERPASS_URL); before each test `resetState` (the module's
 * caches and throttle), the rate limits and the fake's answers are reset, and warnings kept quiet.
 * The object answers for the fake once it runs (a test may set its `nominatim` or `overpass`).
 */
export function withFakeOsm(resetState: () => void): FakeOsm {
  let running: FakeOsm | undefined;
  beforeAll(async () => {
    running = await startFakeOsm();
    vi.stubEnv("NOMINATIM_URL", running.nominatimUrl);
    vi.stubEnv("OVERPASS_URL", running.overpassUrl);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await running?.close();
  });
  beforeEach(async () => {
    resetState();
    await resetRateLimits();
    running!.reset();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
  return new Proxy({} as FakeOsm, {
    get: (_target, key) => Reflect.get(running!, key),
    set: (_target, key, value) => Reflect.set(running!, key, value),
  });
}
