import { consumeRateLimit, RATE_LIMITS, tooManyRequests } from "~/backend/rate-limit.server";
import { siteBaseUrl } from "~/utils/seo";
import { pointKey, roundPoint, sortByDistance, type LatLon } from "~/domain/geo";
import {
  locationQuerySchema,
  nearQuerySchema,
  type NamedPlace,
  type NearbyResponse,
  type Place,
} from "~/domain/nearby";
import { vetsToGoTo, wallClockIn, type VetSearch } from "~/domain/nearby-places";
import { geocode, GeocodeFailure, GEOCODE_MESSAGES, resetGeocodeState } from "./geocode.server";
import { buildOverpassQuery, parseOverpassResponse } from "./overpass.server";
import { TtlCache } from "./ttl-cache.server";
import { OutboundTimeoutError, outboundRequest } from "~/backend/net/outbound.server";

export const DEFAULT_OVERPASS_URL = "https://overpass-api.de/api/interpreter";

/** One deadline for a whole search, widening included, so a visitor never waits longer. */
const TIMEOUT_MS = 8_000;
/** Look close first; widen once when that finds fewer than MIN_PLACES (rural areas). */
const RADII_KM = [5, 15] as const;
const MIN_PLACES = 3;
/** The nearest this many (from the rounded point) are sent; the browser re-sorts them exactly. */
const MAX_PLACES = 25;

/** Per client address (the shared limiter), answered in JSON like every answer of this route. */
export const NEARBY_RATE_LIMIT = RATE_LIMITS.nearby;

export const NEARBY_MESSAGES = {
  busy: "The OpenStreetMap service we ask is busy right now. Please try again in a minute.",
  failed: "We could not get places from OpenStreetMap just now. Please try again in a few minutes.",
  timeout: "OpenStreetMap took too long to answer. Please try again in a minute.",
} as const;

/** Same rounded area, same answer for a day: places rarely change, and Overpass is shared. */
const cache = new TtlCache<Promise<NearbyResponse>>(500, 24 * 60 * 60 * 1000);

class NearbyFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET /api/nearby?lat=..&lon=.. (or ?near=<a town or postcode>): always JSON, never a 500 or a
 * stack trace.
 */
export async function nearbyResponse(params: URLSearchParams, clientIp: string) {
  const near = params.get("near");
  if (near !== null) {
    const search = await searchNearPlace(near, clientIp);
    return search.ok
      ? json({ ...search.answer, near: search.near }, 200)
      : json({ error: search.message }, search.status, search.headers);
  }
  const allowed = await consumeRateLimit("nearby", clientIp);
  if (!allowed.ok) {
    const limited = tooManyRequests(allowed.retryAfterSeconds, "searches from your connection");
    return json({ error: limited.message }, limited.init.status, limited.init.headers);
  }
  const query = locationQuerySchema.safeParse({
    lat: params.get("lat") ?? undefined,
    lon: params.get("lon") ?? undefined,
  });
  if (!query.success) {
    const messages = new Set(query.error.issues.map((issue) => issue.message));
    return json({ error: [...messages].join(" ") }, 400);
  }
  try {
    return json(await findNearby(query.data), 200);
  } catch (error) {
    if (error instanceof NearbyFailure) return json({ error: error.message }, error.status);
    console.error("Nearby search failed:", error);
    return json({ error: NEARBY_MESSAGES.failed }, 502);
  }
}

type PlaceSearch =
  | { ok: true; near: NamedPlace; answer: NearbyResponse }
  | { ok: false; status: number; message: string; headers?: Record<string, string> };

/**
 * Places near a town, a place or a postal code: Nominatim finds it, then the same Overpass
 * search as for a position. Counts against the same per-client limit as a search by position
 * (once: finding the place is part of the search); a query that cannot be a place counts not.
 */
export async function searchNearPlace(text: string, clientIp: string): Promise<PlaceSearch> {
  const query = nearQuerySchema.safeParse(text);
  if (!query.success) return { ok: false, status: 400, message: query.error.issues[0]!.message };
  const allowed = await consumeRateLimit("nearby", clientIp);
  if (!allowed.ok) {
    const limited = tooManyRequests(allowed.retryAfterSeconds, "searches from your connection");
    return { ok: false, status: 429, message: limited.message, headers: limited.init.headers };
  }
  try {
    const near = await geocode(query.data);
    if (!near) return { ok: false, status: 404, message: GEOCODE_MESSAGES.notFound(query.data) };
    return { ok: true, near, answer: await findNearby(near) };
  } catch (error) {
    if (error instanceof GeocodeFailure || error instanceof NearbyFailure)
      return { ok: false, status: error.status, message: error.message };
    console.error("Place search failed:", error);
    return { ok: false, status: 502, message: NEARBY_MESSAGES.failed };
  }
}

/**
 * The emergency page's search by place, rendered by the server (/emergency/vets?near=…): the
 * vets to go to now, nearest to the place first, with the status and headers of the page. "Open
 * now" is read on the place's own clock (its time zone, found from its position).
 */
export async function emergencyVetsNear(
  text: string,
  clientIp: string,
  now = new Date(),
): Promise<{ search: VetSearch; status: number; headers: Record<string, string> }> {
  const query = text.replace(/\s+/g, " ").trim().slice(0, 100);
  const search = await searchNearPlace(text, clientIp);
  if (!search.ok)
    return {
      search: { query, found: false, message: search.message },
      status: search.status,
      headers: search.headers ?? {},
    };
  const { near, answer } = search;
  return {
    search: {
      query,
      found: true,
      near: near.name,
      radiusKm: answer.radiusKm,
      ...vetsToGoTo(answer.places, near, wallClockIn(near.timeZone, now)),
    },
    status: 200,
    headers: {},
  };
}

/**
 * Places near the point, rounded to about a kilometre before anything else sees it. The
 * cache holds the promise, so simultaneous searches of one area ask Overpass once.
 */
export function findNearby(exact: LatLon) {
  const point = roundPoint(exact);
  const key = pointKey(point);
  const cached = cache.get(key);
  if (cached) return cached;
  const search = searchOverpass(point);
  cache.set(key, search);
  // A failure is not remembered: the next search asks again.
  search.catch(() => cache.delete(key));
  return search;
}

async function searchOverpass(point: LatLon): Promise<NearbyResponse> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let places: Place[] = [];
  let radiusKm: number = RADII_KM[0];
  for (radiusKm of RADII_KM) {
    places = await askOverpass(buildOverpassQuery(point, radiusKm * 1000, TIMEOUT_MS / 1000), signal);
    if (places.length >= MIN_PLACES) break;
  }
  const nearest = sortByDistance(places, point)
    .slice(0, MAX_PLACES)
    .map(({ distanceMiles: _, ...place }) => place);
  return { places: nearest, radiusKm, searchedFrom: point };
}

/** The most of an Overpass answer read: 200 places with their tags are far less. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

async function askOverpass(query: string, signal: AbortSignal) {
  let body: unknown;
  try {
    const response = await outboundRequest(process.env.OVERPASS_URL || DEFAULT_OVERPASS_URL, {
      method: "POST",
      body: new URLSearchParams({ data: query }),
      // Overpass's usage policy asks clients to say who they are.
      headers: {
        "User-Agent": `PawPal/1.0 (nearby pet services; ${siteBaseUrl()})`,
        Accept: "application/json",
      },
      signal,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (response.status < 200 || response.status > 299) throw failureOfStatus(response.status);
    body = JSON.parse(response.body.toString("utf8"));
  } catch (error) {
    if (error instanceof NearbyFailure) throw error;
    if (error instanceof OutboundTimeoutError)
      throw logged(new NearbyFailure(504, NEARBY_MESSAGES.timeout), "timed out");
    throw logged(new NearbyFailure(502, NEARBY_MESSAGES.failed), String(error));
  }
  let result: ReturnType<typeof parseOverpassResponse>;
  try {
    result = parseOverpassResponse(body);
  } catch (error) {
    throw logged(new NearbyFailure(502, NEARBY_MESSAGES.failed), String(error));
  }
  // Overpass answers 200 with a "runtime error" remark (and maybe half the places) when a query fails.
  if (result.remark && /error/i.test(result.remark)) {
    const timedOut = /timed out/i.test(result.remark);
    throw logged(
      new NearbyFailure(timedOut ? 504 : 502, timedOut ? NEARBY_MESSAGES.timeout : NEARBY_MESSAGES.failed),
      result.remark,
    );
  }
  return result.places;
}

function failureOfStatus(status: number) {
  const failure =
    status === 429
      ? new NearbyFailure(502, NEARBY_MESSAGES.busy)
      : status === 504
        ? new NearbyFailure(504, NEARBY_MESSAGES.timeout)
        : new NearbyFailure(502, NEARBY_MESSAGES.failed);
  return logged(failure, `status ${status}`);
}

/** Operators see why Overpass failed; visitors see only the failure's message. */
function logged(failure: NearbyFailure, reason: string) {
  console.warn(`Nearby search: Overpass failed (${reason}); answering ${failure.status}.`);
  return failure;
}

function json(
  body: NearbyResponse | { error: string },
  status: number,
  headers: Record<string, string> = {},
) {
  // A location-based answer is nobody else's business: no shared or browser caching.
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** For tests: forget cached answers. */
export function resetNearbyState() {
  cache.clear();
  resetGeocodeState();
}
