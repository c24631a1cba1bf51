import type { SessionUser } from "./auth";
import type { PlanId } from "./plans";

/**
 * What the signed-in account's plan opens, for pages that only show the way (the root loader
 * gives it, backend/billing/account-access.server.ts reads it): the account's own plan, and
 * whether the vets' services are open to it, by its own plan or as the family member of an
 * owner whose plan has them (what is done for a pet follows its owner's plan, decision 13).
 * Every server check stays where it is: this only decides which link a page offers.
 */
export type AccountAccess = {
  plan: PlanId;
  /** "Premium": the plan as pages name it (so the home page needs no plan table). */
  planName: string;
  /** The 24/7 emergency chat (/chat). */
  vetChat: boolean;
  /** Video consultations (/consultations). */
  consultations: boolean;
};

/** The root route's data as pages and components read it (useRouteLoaderData("root")). */
export type RootAccountData = { user: SessionUser | null; access?: AccountAccess | null };

/** Pays for a plan (or was given one): the pages stop offering a free start. */
export function isPaying(access: AccountAccess | null | undefined): access is AccountAccess {
  return access !== null && access !== undefined && access.plan !== "free";
}
