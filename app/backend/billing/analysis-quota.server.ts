import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { analysisUse } from "~/backend/db/schema.server";
import { planOf } from "~/backend/billing/plans.server";
import {
  analysesResetOn,
  analysesUsedUpSentence,
  analysisMonth,
  PLAN_ALLOWANCES,
  type PlanId,
} from "~/domain/plans";

/* The month's photo analyses an account's plan allows, counted in the analysis_use table. */

export type AnalysisAllowance =
  | { ok: true; plan: PlanId; left: number | null; resetsOn: string }
  | { ok: false; plan: PlanId; sentence: string; resetsOn: string };

/** How many analyses the account has left this month (null: no limit); `plan` when already read. */
export async function analysisAllowance(
  userId: string,
  now = new Date(),
  plan?: PlanId,
): Promise<AnalysisAllowance> {
  plan ??= await planOf(userId, now);
  const limit = PLAN_ALLOWANCES[plan].analysesPerMonth;
  const resetsOn = analysesResetOn(now);
  if (limit === null) return { ok: true, plan, left: null, resetsOn };
  const db = await getDb();
  const [row] = await db
    .select({ count: analysisUse.count })
    .from(analysisUse)
    .where(and(eq(analysisUse.userId, userId), eq(analysisUse.month, analysisMonth(now))));
  const left = Math.max(0, limit - (row?.count ?? 0));
  return left > 0
    ? { ok: true, plan, left, resetsOn }
    : { ok: false, plan, sentence: analysesUsedUpSentence(plan, now), resetsOn };
}

/**
 * Counts one analysis against the month's allowance, or refuses it when none is left. The
 * count only goes up while under the limit (one statement), so two at once cannot both take
 * the last one.
 */
export async function claimAnalysis(userId: string, now = new Date()): Promise<AnalysisAllowance> {
  const plan = await planOf(userId, now);
  const limit = PLAN_ALLOWANCES[plan].analysesPerMonth;
  if (limit === null) return { ok: true, plan, left: null, resetsOn: analysesResetOn(now) };
  const db = await getDb();
  const month = analysisMonth(now);
  const claimed = await db
    .insert(analysisUse)
    .values({ userId, month, count: 1 })
    .onConflictDoUpdate({
      target: [analysisUse.userId, analysisUse.month],
      set: { count: sql`${analysisUse.count} + 1` },
      setWhere: sql`${analysisUse.count} < ${limit}`,
    })
    .returning({ count: analysisUse.count });
  const used = claimed[0]?.count;
  if (used === undefined) {
    return { ok: false, plan, sentence: analysesUsedUpSentence(plan, now), resetsOn: analysesResetOn(now) };
  }
  return { ok: true, plan, left: limit - used, resetsOn: analysesResetOn(now) };
}
