import { beforeAll, describe, expect, it } from "vitest";
import { requireStaffFor } from "~/backend/staff/staff.server";
import { STAFF_PAGES, STAFF_ROLES, staffLinksFor, type StaffRole } from "~/domain/staff";
import routes from "~/routes";
import { staffPathHiddenFrom } from "../../host/private-routes";
import {
  get,
  settled,
  setUpRouteTests,
  signUp,
  signUpStaff,
  statusOf,
  type Account,
} from "~tests/support/route-requests";

/*
 * The staff pages are one table (domain/staff.ts STAFF_PAGES): each entry reaches the route
 * table, the routes' guard, the signed-in menu and the host's filter, for every role, so a new
 * entry is a page that only its roles can open and that only their menus link.
 */

setUpRouteTests();

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
const flatten = (entries: readonly RouteEntry[]): { file: string; path?: string }[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

const accounts = new Map<StaffRole | null, Account>();
beforeAll(async () => {
  accounts.set(null, await signUp("Otis Owner"));
  for (const role of STAFF_ROLES) accounts.set(role, await signUpStaff(`Sam ${role}`, role));
}, 60_000);

const WHO = [null, ...STAFF_ROLES] as const;

describe.each(STAFF_PAGES)("the staff page $path", (entry) => {
  it("is in the route table with each of its modules", () => {
    const table = flatten(routes as RouteEntry[]);
    for (const [below, file] of Object.entries(entry.files))
      expect(table).toContainEqual(
        expect.objectContaining({ path: [entry.path.slice(1), below].filter(Boolean).join("/"), file }),
      );
  });

  it.each(WHO)(
    "for %s: linked, let through by the host and by the guard exactly when the role may open it",
    async (role) => {
      const may = (entry.roles as readonly (StaffRole | null)[]).includes(role);
      expect(staffLinksFor(role).some((link) => link.to === entry.path)).toBe(may);
      for (const path of [entry.path, `${entry.path}.data`, `${entry.path}/anything`])
        expect(staffPathHiddenFrom(role, path)).toBe(!may);
      const guarded = await settled(() => requireStaffFor(get(entry.path, accounts.get(role))));
      // Let in: the staff member; refused: the 404 page (thrown).
      expect(may ? (guarded as { id: string }).id : statusOf(guarded)).toBe(
        may ? accounts.get(role)!.id : 404,
      );
    },
  );
});
