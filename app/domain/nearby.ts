/**
 * What GET /api/nearby takes and answers, as schemas (the server reads its query with them, the
 * browser its answer). What the pages compute from the places is in nearby-places.ts, without
 * zod, so the emergency page does not load it with its first scripts.
 */
import { z } from "~/utils/zod";

/** The OpenStreetMap tags we look for, and how the page names each kind of place. */
export const PLACE_KINDS = {
  veterinary: { tag: ["amenity", "veterinary"], label: "Veterinary clinic" },
  pet_shop: { tag: ["shop", "pet"], label: "Pet shop" },
  pet_grooming: { tag: ["shop", "pet_grooming"], label: "Pet groomer" },
  animal_shelter: { tag: ["amenity", "animal_shelter"], label: "Animal shelter" },
} as const;

export type PlaceKind = keyof typeof PLACE_KINDS;
const KIND_NAMES = Object.keys(PLACE_KINDS) as [PlaceKind, ...PlaceKind[]];

export const LOCATION_ERRORS = {
  lat: "lat must be a latitude in decimal degrees, from -90 to 90 (for example 51.51).",
  lon: "lon must be a longitude in decimal degrees, from -180 to 180 (for example -0.13).",
} as const;

/** Plain decimal degrees only: no exponents, Infinity or NaN that Number() would accept. */
function coordinate(limit: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, message)
    .transform(Number)
    .pipe(z.number().min(-limit, message).max(limit, message));
}

/** The query of GET /api/nearby (?lat=..&lon=..). */
export const locationQuerySchema = z.object({
  lat: coordinate(90, LOCATION_ERRORS.lat),
  lon: coordinate(180, LOCATION_ERRORS.lon),
});

/** One place as the server sends it; the browser adds the distance from its own position. */
export const placeSchema = z.object({
  /** OpenStreetMap's element type and id, e.g. "node/123": also the link to the place. */
  id: z.string().regex(/^(node|way|relation)\/\d+$/),
  kind: z.enum(KIND_NAMES),
  name: z.string().min(1).max(200),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  address: z.string().max(300).optional(),
  openingHours: z.string().max(300).optional(),
  phone: z.string().max(100).optional(),
  /** The place's own website: an http(s) address only. */
  website: z
    .string()
    .max(300)
    .regex(/^https?:\/\//i)
    .optional(),
  /** OpenStreetMap marks it as taking emergencies (emergency=yes) or open 24/7. */
  emergency: z.boolean().default(false),
});

export type Place = z.output<typeof placeSchema>;

/** A place found by its name or postal code (OpenStreetMap's Nominatim). */
export const namedPlaceSchema = z.object({
  /** What Nominatim calls it in full ("WC2N 5DN, City of Westminster, London, …"). */
  name: z.string().min(1).max(300),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** The place's time zone (IANA), to read its vets' opening hours on its own clock. */
  timeZone: z.string().min(1).max(64),
});

export type NamedPlace = z.output<typeof namedPlaceSchema>;

/** The answer of GET /api/nearby. */
export const nearbyResponseSchema = z.object({
  places: z.array(placeSchema).max(100),
  /** How far from `searchedFrom` Overpass was asked to look. */
  radiusKm: z.number().positive(),
  /** The rounded point the server searched around (never the exact position). */
  searchedFrom: z.object({ lat: z.number(), lon: z.number() }),
  /** For a search by place (?near=…): the place found, to measure distances from. */
  near: namedPlaceSchema.optional(),
});

export type NearbyResponse = z.output<typeof nearbyResponseSchema>;

/** Every refusal and failure of GET /api/nearby: a sentence to show as it is. */
export const nearbyErrorSchema = z.object({ error: z.string().min(1).max(500) });

export const NEAR_ERRORS = {
  empty: "Type a town, a place or a postcode to search near.",
  long: "That is too long for a place: type a town or a postcode.",
} as const;

/** A search by place (?near=…): a town, a place or a postal code, as typed. */
export const nearQuerySchema = z
  .string({ error: NEAR_ERRORS.empty })
  .transform((text) => text.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(2, NEAR_ERRORS.empty).max(100, NEAR_ERRORS.long));
