import type { RequestHandler } from "express";
import { isStaffPath, staffMayOpen, staffPageOf, type StaffRole } from "~/domain/staff";

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
