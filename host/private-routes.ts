import type { RequestHandler } from "express";

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
