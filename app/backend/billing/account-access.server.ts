import { eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { familyMember, subscription } from "~/backend/db/schema.server";
import type { AccountAccess } from "~/domain/account-access";
import { allows, effectivePlan, PLAN_NAMES } from "~/domain/plans";
import { toPlanState } from "./plans.server";

/**
 * The account's plan, and whether the vets' services are open to it through its own plan or a
 * family it belongs to, in one query: the root loader asks it on every page a signed-in
 * account opens. Pages use it to choose a link; the routes check again before anything is done.
 */
export async function accountAccess(userId: string, now = new Date()): Promise<AccountAccess> {
  const db = await getDb();
  const owners = db
    .select({ ownerId: familyMember.ownerId })
    .from(familyMember)
    .where(eq(familyMember.memberId, userId));
  const rows = await db
    .select()
    .from(subscription)
    .where(or(eq(subscription.userId, userId), inArray(subscription.userId, owners)));
  const plans = rows.map((row) => ({ userId: row.userId, plan: effectivePlan(toPlanState(row), now) }));
  const plan = plans.find((one) => one.userId === userId)?.plan ?? "free";
  return {
    plan,
    planName: PLAN_NAMES[plan],
    vetChat: plans.some(({ plan }) => allows(plan, "emergency-chat")),
    consultations: plans.some(({ plan }) => allows(plan, "consultations")),
  };
}
