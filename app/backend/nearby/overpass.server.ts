import { z } from "~/utils/zod";
import type { LatLon } from "~/domain/geo";
import { PLACE_KINDS, type Place, type PlaceKind } from "~/domain/nearby";

/**
 * The Overpass QL query for every kind of pet place within `radiusMeters` of the (already
 * rounded) point. `out tags center` gives nodes their position and ways/relations (clinics
 * drawn as buildings) their centre, without the geometry we do not need.
 */
export function buildOverpassQuery(point: LatLon, radiusMeters: number, timeoutSeconds: number) {
  const around = `(around:${Math.round(radiusMeters)},${point.lat.toFixed(2)},${point.lon.toFixed(2)})`;
  const filters = Object.values(PLACE_KINDS).map(
    ({ tag: [key, value] }) => `  nwr["${key}"="${value}"]${around};`,
  );
  return [`[out:json][timeout:${timeoutSeconds}];`, "(", ...filters, ");", "out tags center 200;"].join("\n");
}

/** Overpass's JSON output, as loosely as we can read it: unknown fields are ignored. */
const overpassSchema = z.object({
  elements: z.array(z.unknown()),
  /** Overpass reports query errors (e.g. "runtime error: Query timed out…") here, with status 200. */
  remark: z.string().optional(),
});

const position = { lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) };
const elementSchema = z.object({
  type: z.enum(["node", "way", "relation"]),
  id: z.number().int().positive(),
  lat: position.lat.optional(),
  lon: position.lon.optional(),
  center: z.object(position).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});

export class OverpassFormatError extends Error {}

/**
 * The places in an Overpass answer. Elements we cannot use (no position, no name, not a
 * kind we asked for) are left out rather than guessed at: the page never shows invented places.
 */
export function parseOverpassResponse(json: unknown): { places: Place[]; remark?: string } {
  const parsed = overpassSchema.safeParse(json);
  if (!parsed.success) throw new OverpassFormatError("Overpass answer has no elements list");
  const places = parsed.data.elements.flatMap((raw) => {
    const element = elementSchema.safeParse(raw);
    return element.success ? toPlace(element.data) : [];
  });
  return { places, remark: parsed.data.remark };
}

function toPlace(element: z.output<typeof elementSchema>): Place[] {
  const tags = element.tags ?? {};
  const kind = kindOf(tags);
  const lat = element.lat ?? element.center?.lat;
  const lon = element.lon ?? element.center?.lon;
  // Shops are sometimes mapped with only a brand ("Pets at Home"); that is still their name.
  const name = clean(tags.name ?? tags.brand, 200);
  const openingHours = clean(tags.opening_hours, 300);
  if (!kind || lat === undefined || lon === undefined || !name) return [];
  return [
    {
      id: `${element.type}/${element.id}`,
      kind,
      name,
      lat,
      lon,
      address: addressOf(tags),
      openingHours,
      // Several numbers are separated by ";": the first is enough for a call.
      phone: clean((tags.phone ?? tags["contact:phone"])?.split(";")[0], 100),
      website: websiteOf(tags.website ?? tags["contact:website"]),
      // What the emergency page counts as an emergency clinic whatever the time.
      emergency: tags.emergency === "yes" || openingHours === "24/7",
    },
  ];
}

function kindOf(tags: Record<string, string>) {
  const kinds = Object.entries(PLACE_KINDS) as [PlaceKind, (typeof PLACE_KINDS)[PlaceKind]][];
  return kinds.find(
    ([
      ,
      {
        tag: [key, value],
      },
    ]) => tags[key] === value,
  )?.[0];
}

/** "12 High Street, London, SW1A 1AA" from the addr:* tags, or addr:full when that is all there is. */
function addressOf(tags: Record<string, string>) {
  const street = [tags["addr:housenumber"], tags["addr:street"]].filter(Boolean).join(" ");
  const parts = [street, tags["addr:city"], tags["addr:postcode"]].filter(Boolean);
  return clean(parts.length > 0 ? parts.join(", ") : tags["addr:full"], 300);
}

/**
 * The first website of the tag as an http(s) address ("example.org" is taken as https), or
 * undefined: never another scheme, never one cut short.
 */
function websiteOf(value: string | undefined) {
  const first = clean(value?.split(";")[0], 1000);
  if (!first || first.includes(" ")) return undefined;
  const address = /^[a-z][a-z\d+.-]*:/i.test(first) ? first : `https://${first}`;
  try {
    const url = new URL(address);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return address.length <= 300 ? address : undefined;
  } catch {
    return undefined;
  }
}

/** Trimmed, on one line, cut to `max` characters; undefined when nothing is left. */
function clean(value: string | undefined, max: number) {
  const text = value?.replace(/\s+/g, " ").trim().slice(0, max);
  return text || undefined;
}
