import type { RequestHandler } from "express";
import { STAFF_PATH_ROOTS, staffMayOpen, staffPageAt, type StaffPage, type StaffRole } from "~/domain/staff";

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

/** A path under a staff page's root (/admin, /vet: domain/staff.ts STAFF_PAGES), or its data request, in any spelling. */
export function isStaffPath(rawPath: string): boolean {
  const path = routePath(rawPath);
  return STAFF_PATH_ROOTS.some(
    (root) => path === root || path === `${root}.data` || path.startsWith(`${root}/`),
  );
}

/** Which staff page a path is, in any spelling (null: none, e.g. `/admin` itself, which no route has). */
export function staffPageOf(rawPath: string): StaffPage | null {
  return staffPageAt(routePath(rawPath));
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
