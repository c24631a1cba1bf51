import { isTimeZone } from "./availability";

/*
 * The viewer's time zone, for pages that show times: the browser's own, which the page keeps in
 * a cookie (useBrowserTimeZone); a visitor without JavaScript picks one (?tz=). UTC until then.
 */

export const TIME_ZONE_COOKIE = "pawpal_tz";

function fromCookie(header: string | null) {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== TIME_ZONE_COOKIE) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      // A malformed cookie (a stray %) is no zone: the page shows UTC instead of failing.
      return null;
    }
  }
  return null;
}

/** The zone a request's page shows times in: ?tz=, then the cookie, then UTC; an unknown zone is ignored. */
export function viewerTimeZone(request: Request): string {
  const asked = new URL(request.url).searchParams.get("tz");
  if (asked && isTimeZone(asked)) return asked;
  const kept = fromCookie(request.headers.get("Cookie"));
  return kept && isTimeZone(kept) ? kept : "UTC";
}
