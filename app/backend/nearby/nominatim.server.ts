import tzLookup from "tz-lookup";
import { z } from "~/utils/zod";
import type { NamedPlace } from "~/domain/nearby";

/**
 * The Nominatim search for a town, a place or a postal code: the best match only, in
 * Nominatim's own JSON (jsonv2), named in English where OpenStreetMap has an English name.
 */
export function buildNominatimUrl(base: string, text: string) {
  const url = new URL(base);
  url.search = new URLSearchParams({ q: text, format: "jsonv2", limit: "1" }).toString();
  return url;
}

/** Nominatim's jsonv2 answer, as loosely as we can read it: unknown fields are ignored. */
const resultSchema = z.object({
  // Nominatim sends coordinates as strings ("51.5088800").
  lat: z.string().regex(/^-?\d{1,3}(\.\d+)?$/),
  lon: z.string().regex(/^-?\d{1,3}(\.\d+)?$/),
  display_name: z.string().optional(),
  name: z.string().optional(),
});

export class NominatimFormatError extends Error {}

/**
 * The place in a Nominatim answer, or null when it found none (an empty list). Anything
 * that is not Nominatim's list of results is a format error: never a guessed place.
 */
export function parseNominatimResponse(json: unknown, asked: string): NamedPlace | null {
  if (!Array.isArray(json)) throw new NominatimFormatError("Nominatim answer is not a list");
  if (json.length === 0) return null;
  const result = resultSchema.safeParse(json[0]);
  if (!result.success) throw new NominatimFormatError("Nominatim result has no usable position");
  const lat = Number(result.data.lat);
  const lon = Number(result.data.lon);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
    throw new NominatimFormatError("Nominatim result is off the globe");
  const name = (result.data.display_name ?? result.data.name ?? "").replace(/\s+/g, " ").trim();
  // The place's own clock (from the time zones' borders, offline): its vets' hours are read on it.
  return { name: (name || asked).slice(0, 300), lat, lon, timeZone: tzLookup(lat, lon) };
}
