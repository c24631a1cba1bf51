/** A point on Earth in decimal degrees (WGS 84, as browsers and OpenStreetMap use). */
export type LatLon = { lat: number; lon: number };

/** Mean Earth radius (IUGG), the usual choice for haversine distances. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

/**
 * Two decimals: about 1.1 km north–south, less east–west. Enough to find places nearby,
 * too coarse to pin a home. `+ 0` turns -0 into 0 so the same area always gives the same key.
 */
export function roundCoordinate(value: number) {
  return Math.round(value * 100) / 100 + 0;
}

export function roundPoint({ lat, lon }: LatLon): LatLon {
  return { lat: roundCoordinate(lat), lon: roundCoordinate(lon) };
}

/** "51.51,-0.13": the rounded point as Overpass and the cache see it. */
export function pointKey(point: LatLon) {
  const { lat, lon } = roundPoint(point);
  return `${lat.toFixed(2)},${lon.toFixed(2)}`;
}

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(from: LatLon, to: LatLon) {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLon = (to.lon - from.lon) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLon / 2) ** 2;
  // min() keeps rounding noise from pushing asin's argument past 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function kmToMiles(km: number) {
  return km / KM_PER_MILE;
}

export function distanceMiles(from: LatLon, to: LatLon) {
  return kmToMiles(distanceKm(from, to));
}

/** "0.4 miles", "1.0 mile", "12.3 miles": always one decimal, as the report shows distances. */
export function formatMiles(miles: number) {
  const text = miles.toFixed(1);
  return `${text} ${text === "1.0" ? "mile" : "miles"}`;
}

/**
 * Adds each place's distance from `from` and sorts nearest first; equal distances by name,
 * so the order never depends on what order Overpass happened to answer in.
 */
export function sortByDistance<Place extends LatLon & { name: string }>(
  places: readonly Place[],
  from: LatLon,
) {
  return places
    .map((place) => ({ ...place, distanceMiles: distanceMiles(from, place) }))
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
}
