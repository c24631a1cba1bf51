/**
 * The browser's side of GET /api/nearby: the visitor's position and the places near it. Shared
 * by the analysis report's nearby services and the emergency page's open vets.
 */
import { roundPoint, type LatLon } from "~/domain/geo";
import type { NearbyResponse } from "~/domain/nearby";

/** What the page says when it cannot search; each says why in plain words and what to do. */
export const NEARBY_ERRORS = {
  unsupported:
    "Your browser cannot share your location, so we cannot look for places near you. You can still search a map app for vets near you.",
  denied:
    "You did not allow this site to use your location, so we cannot look for places near you. To try again, allow location access for this site in your browser's settings, then press the button again.",
  unavailable:
    "Your device could not work out where you are. Check that location services are turned on, then try again.",
  locationTimeout: "Finding your location took too long. Please try again.",
  offline:
    "You seem to be offline, so we could not look for places near you. Check your internet connection and try again.",
  failed: "We could not look for places near you just now. Please try again in a few minutes.",
} as const;

/** A search that failed, with the sentence to show. */
export class NearbyError extends Error {}

/** The browser's position, once the visitor allows it; a NearbyError saying why otherwise. */
export function currentPosition(): Promise<LatLon> {
  const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.reject(new NearbyError(NEARBY_ERRORS.unsupported));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude }),
      (error) =>
        reject(
          new NearbyError(
            error.code === error.PERMISSION_DENIED
              ? NEARBY_ERRORS.denied
              : error.code === error.TIMEOUT
                ? NEARBY_ERRORS.locationTimeout
                : NEARBY_ERRORS.unavailable,
          ),
        ),
      // A city-block fix is plenty (we round to ~1 km); a recent one saves the wait.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  });
}

/**
 * Asks our server (never Overpass directly) for places near the point. Only the rounded
 * point leaves the browser; the exact one stays here to measure distances.
 */
export async function fetchNearbyPlaces(point: LatLon, signal?: AbortSignal): Promise<NearbyResponse> {
  const { lat, lon } = roundPoint(point);
  return askNearby(`/api/nearby?lat=${lat}&lon=${lon}`, signal);
}

/**
 * Places near a town, a place or a postal code the visitor typed: our server finds it on
 * OpenStreetMap (Nominatim) and answers the place found in `near`, to measure distances from.
 */
export async function fetchPlacesNear(
  text: string,
  signal?: AbortSignal,
): Promise<NearbyResponse & { near: NonNullable<NearbyResponse["near"]> }> {
  const answer = await askNearby(`/api/nearby?${new URLSearchParams({ near: text })}`, signal);
  if (!answer.near) throw new NearbyError(NEARBY_ERRORS.failed);
  return { ...answer, near: answer.near };
}

async function askNearby(url: string, signal?: AbortSignal): Promise<NearbyResponse> {
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    throw new NearbyError(NEARBY_ERRORS.offline);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NearbyError(NEARBY_ERRORS.offline);
  }
  const body: unknown = await response.json().catch(() => undefined);
  // The answer's schemas (and zod) are fetched with the first answer, not with the page: the
  // emergency page's first scripts stay without them. The service worker caches them on install.
  const { nearbyErrorSchema, nearbyResponseSchema } = await import("~/domain/nearby").catch(() => {
    throw new NearbyError(NEARBY_ERRORS.offline);
  });
  if (!response.ok)
    throw new NearbyError(nearbyErrorSchema.safeParse(body).data?.error ?? NEARBY_ERRORS.failed);
  const parsed = nearbyResponseSchema.safeParse(body);
  if (!parsed.success) throw new NearbyError(NEARBY_ERRORS.failed);
  return parsed.data;
}
