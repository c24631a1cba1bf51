import { TIME_ZONE_COOKIE } from "~/domain/time-zone";

/* The browser's side of the viewer's time zone (domain/time-zone.ts reads it on the server). */

/** Remembers the browser's zone for the next page loads (a year; not sensitive: it is sent to no one else). */
export function rememberTimeZone(zone: string) {
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
