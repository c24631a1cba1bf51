import type { RequestHandler } from "express";
import { staffMayOpen, type StaffPage, type StaffRole } from "~/domain/staff";

/**
 * A request path as React Router matches it: percent-decoded, case-folded, with repeated slashes
 * collapsed. Checks on paths must read this, or `/ADMIN/messages` and `/%61dmin/messages` reach a
 * route that `/admin/messages` was kept from.
 */
export function routePath(rawPath: string): string {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // Malformed escapes: React Router refuses the request itself.
  }
  return path.replace(/\/{2,}/g, "/").toLowerCase();
}

/** The staff pages (inbox, plans, staff) and the vet console, and their data requests, in any spelling. */
export function isStaffPath(rawPath: string): boolean {
  return /^\/(admin|vet)(\/|\.data$|$)/.test(routePath(rawPath));
}

const STAFF_PAGE_PATHS: [RegExp, StaffPage][] = [
  [/^\/admin\/messages(\/|\.data$|$)/, "inbox"],
  [/^\/admin\/plans(\/|\.data$|$)/, "plans"],
  [/^\/admin\/staff(\/|\.data$|$)/, "staff"],
  [/^\/vet(\/|\.data$|$)/, "vet"],
];

/** Which staff page a path is, in any spelling (null: none, e.g. `/admin` itself, which no route has). */
export function staffPageOf(rawPath: string): StaffPage | null {
  const path = routePath(rawPath);
  return STAFF_PAGE_PATHS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/**
 * Whether a path is a staff page this staff role (null: not staff) may not open: a vet is not
 * shown the inbox, support not the plans. A staff path no route has is a 404 for staff anyway.
 */
export function staffPathHiddenFrom(role: StaffRole | null, rawPath: string): boolean {
  if (!isStaffPath(rawPath)) return false;
  const page = staffPageOf(rawPath);
  return page ? !staffMayOpen(role, page) : role === null;
}

/**
 * What React Router renders may be personal (a signed-in header, an account's data, a calendar
 * behind a token), and its `.data` requests carry the same: unless the route sets its own
 * Cache-Control, the answer is `private, no-store`. (Set when the head is written: the route's
 * headers are appended, so a default set earlier would be doubled, not replaced.)
 */
export function privateUnlessRouteSaysOtherwise(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
