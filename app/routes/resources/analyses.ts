import type { Route } from "./+types/analyses";
import { getUser } from "~/backend/auth/session.server";
import { analysisAllowance, claimAnalysis } from "~/backend/billing/analysis-quota.server";

/*
 * /api/analyses: the photo analysis runs in the browser, and a signed-in account's plan counts
 * it here first (Free: 5 a month). A visitor who is not signed in runs the demo uncounted.
 */

/** GET: how many analyses are left this month ({ signedIn: false } for a visitor). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ signedIn: false });
  return Response.json({ signedIn: true, ...(await analysisAllowance(user.id)) });
}

/** POST: counts one analysis, or refuses it with 403 and the date the month's analyses start again. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ signedIn: false });
  const claim = await claimAnalysis(user.id);
  return Response.json({ signedIn: true, ...claim }, { status: claim.ok ? 200 : 403 });
}
