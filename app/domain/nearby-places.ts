/**
 * The places near a visitor as the pages show them: the vets to go to now, a place's own clock,
 * links to OpenStreetMap. No schemas (nearby.ts has them), so the emergency page's first
 * scripts do not carry zod.
 */
import { sortByDistance, type LatLon } from "~/domain/geo";
import type { Place } from "~/domain/nearby";
import { openingState } from "~/domain/opening-hours";

/** A vet to go to now, as the emergency page lists it. */
export type VetToGoTo = Place & { distanceMiles: number; openNow: boolean };

/**
 * The vets to go to now: veterinary clinics marked as emergency clinics, or open now by their
 * opening hours (unknown hours never count as open), nearest first. Given several times (when
 * the place's local time is not known exactly), a vet counts as open only if open at every one.
 * `others` counts the vets left out, so the page can say they exist.
 */
export function vetsToGoTo(
  places: readonly Place[],
  position: LatLon,
  now: Date | readonly Date[],
): { vets: VetToGoTo[]; others: number } {
  const times = Array.isArray(now) ? now : [now as Date];
  const vets = places.filter((place) => place.kind === "veterinary");
  const chosen = sortByDistance(vets, position)
    .map((vet) => ({
      ...vet,
      openNow: times.length > 0 && times.every((at) => openingState(vet.openingHours, at) === "open"),
    }))
    .filter((vet) => vet.emergency || vet.openNow);
  return { vets: chosen, others: vets.length - chosen.length };
}

/**
 * The wall-clock time in `timeZone` at `now`, as a Date whose local fields (what openingState
 * reads) show it: a place's own clock, whatever the server's or the visitor's.
 */
export function wallClockIn(timeZone: string, now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/**
 * The outcome of a search by place that the server rendered into the emergency page (for
 * visitors without JavaScript): the vets found, or the sentence saying why there are none.
 */
export type VetSearch = { query: string } & (
  | { found: true; near: string; vets: VetToGoTo[]; others: number; radiusKm: number }
  | { found: false; message: string }
);

/** The places a visit can be booked at ("Book a visit"): veterinary clinics, not shops, groomers or shelters. */
export function takesVisits(place: Pick<Place, "kind">) {
  return place.kind === "veterinary";
}

export function osmUrl(id: Place["id"]) {
  return `https://www.openstreetmap.org/${id}`;
}
