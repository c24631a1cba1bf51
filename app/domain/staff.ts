/**
 * What a staff account does, one role each: an admin sets plans and staff and reads the contact
 * inbox; support reads the inbox; a vet answers emergency chats and consultations (the vet console).
 */
export const STAFF_ROLES = ["admin", "support", "vet"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  support: "Support",
  vet: "Vet",
};

/**
 * The staff pages, in the menu's order: the one table the route table (routes.ts), the routes'
 * guard (requireStaffFor), the signed-in menu and the host's filter (host/private-routes.ts) all
 * read, so a new staff page is one entry here. `path` is the page's address (its sub-pages and
 * data requests are below it); `files` are its route modules, the first at `path`. Least
 * privilege: vets, often outside contractors, see only /vet.
 */
export const STAFF_PAGES = [
  {
    page: "vet",
    path: "/vet",
    label: "Vet console",
    roles: ["vet"],
    files: { "": "routes/vet/console.tsx" },
  },
  {
    page: "plans",
    path: "/admin/plans",
    label: "Plans",
    roles: ["admin"],
    files: { "": "routes/admin/plans.tsx" },
  },
  {
    page: "staff",
    path: "/admin/staff",
    label: "Staff",
    roles: ["admin"],
    files: { "": "routes/admin/staff.tsx" },
  },
  {
    page: "inbox",
    path: "/admin/messages",
    label: "Inbox",
    roles: ["admin", "support"],
    files: { "": "routes/admin/messages.tsx", ":id": "routes/admin/message.tsx" },
  },
] as const satisfies readonly {
  page: string;
  path: string;
  label: string;
  roles: readonly StaffRole[];
  files: Record<string, string>;
}[];

export type StaffPage = (typeof STAFF_PAGES)[number]["page"];

/** Whether a staff account with this role (null: not staff) may open the page. */
export function staffMayOpen(role: StaffRole | null | undefined, page: StaffPage): boolean {
  const roles: readonly StaffRole[] = STAFF_PAGES.find((entry) => entry.page === page)!.roles;
  return role != null && roles.includes(role);
}

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

/** Whether a route path is `base`, its data request, or below it. */
const atOrBelow = (path: string, base: string) =>
  path === base || path === `${base}.data` || path.startsWith(`${base}/`);

/** The first segments of the staff pages' paths (/admin, /vet): any path under them is staff-only. */
const STAFF_PATH_ROOTS = [...new Set(STAFF_PAGES.map((entry) => `/${entry.path.split("/")[1]}`))];

/** A path under a staff page's root (/admin, /vet), or its data request, in any spelling. */
export function isStaffPath(rawPath: string): boolean {
  const path = routePath(rawPath);
  return STAFF_PATH_ROOTS.some((root) => atOrBelow(path, root));
}

/** Which staff page a path is, or is below, in any spelling (null: none, e.g. `/admin` itself, which no route has). */
export function staffPageOf(rawPath: string): StaffPage | null {
  const path = routePath(rawPath);
  return STAFF_PAGES.find((entry) => atOrBelow(path, entry.path))?.page ?? null;
}

export type StaffPageLink = { page: StaffPage; to: string; label: string };

/** The staff pages a role may open, as menu links (none for someone who is not staff). */
export function staffLinksFor(role: StaffRole | null | undefined): StaffPageLink[] {
  return STAFF_PAGES.filter((entry) => staffMayOpen(role, entry.page)).map(({ page, path, label }) => ({
    page,
    to: path,
    label,
  }));
}

/** Where a staff member lands after logging in without a page to go back to: a vet, their console. */
export function staffLanding(role: StaffRole | null | undefined): string | null {
  return role === "vet" ? "/vet" : null;
}

/** A display name that already says it ("Dr. Ana Silva", "dr ana", "Dr.Ana"); not "Drew". */
const DOCTOR_TITLE = /^dr(\.|\s)/i;

/**
 * How owners see a vet: "Dr. " and the name on their staff profile, unless it already starts
 * with the title (names are set by hand, with or without it). Never doubled.
 */
export function vetTitle(displayName: string): string {
  const name = displayName.trim();
  return DOCTOR_TITLE.test(name) ? name : `Dr. ${name}`;
}

/** The same rule in PostgreSQL's regular expressions, for names read in SQL (backend/staff). */
export const DOCTOR_TITLE_SQL_PATTERN = "^dr(\\.|\\s)";

/** Past this without one of their pages connected, a vet on duty is taken off duty (backend/staff/duty.server.ts). */
export const DUTY_STALE_MS = 5 * 60_000;
