/**
 * "82,628": a whole number with its thousands grouped by hand. The first toLocaleString of a
 * page sets up the locale's number formatting (about 10 ms on a slow phone), in the middle of
 * hydrating it (decision 6).
 */
export function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}
