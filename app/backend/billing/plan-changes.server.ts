import { announceAccessChanged } from "~/backend/live/notices.server";
import { getDb } from "~/backend/db/client.server";
import { subscription } from "~/backend/db/schema.server";
import { endFamilyOf } from "~/backend/family.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { ownerAndFamily } from "~/backend/pets.server";
import { siteBaseUrl } from "~/utils/seo";
import { allows, RENEWAL_GRACE_DAYS, type PlanId } from "~/domain/plans";
import { paysThroughStripe, planOf, readStoredPlan, type Executor, type StoredPlan } from "./plans.server";

/*
 * When an account's plan changes (Checkout, the webhook, staff, a grace period that ran out),
 * what the plan no longer allows ends: family sharing lost withdraws the invitations and ends the
 * memberships (family.server.ts), each member told by mail.
 */

/** A mail about an account's plan, queued (in `db`'s transaction when given) under `key`. */
export function queuePlanMail(
  to: { userId: string; email: string; name: string },
  { key, subject, lines }: { key: string; subject: string; lines: string[] },
  db?: Executor,
) {
  return queueMail(
    { to: to.email, subject, text: [`Hello ${to.name},`, "", ...lines].join("\n") },
    { key, db, userId: to.userId },
  );
}

export const PLAN_SETTLE_JOB = "plan-settle";

/**
 * After a plan changed, or at the moment it may end: what the plan no longer allows ends. When
 * it lost family sharing, pending invitations are withdrawn and members leave the family, each
 * told by mail; records, pets and everything written stay.
 */
export async function settlePlan(userId: string, now = new Date()) {
  const db = await getDb();
  // Read before members may leave: their pages are checked too.
  const people = await ownerAndFamily(db, userId);
  await endWhatThePlanNoLongerAllows(userId, now);
  // Pages open under the former plan (a consultation's room, the family's) are checked again at once.
  await announceAccessChanged(db, people);
}

async function endWhatThePlanNoLongerAllows(userId: string, now: Date) {
  const db = await getDb();
  if (allows(await planOf(userId, now, db), "family-sharing")) return;
  const { ended, ownerName } = await endFamilyOf(userId);
  for (const member of ended) {
    await queuePlanMail(member, {
      key: `family-ended:${userId}:${member.userId}:${now.toISOString()}`,
      subject: `${ownerName}'s family sharing on PawPal has ended`,
      lines: [
        `${ownerName}'s PawPal plan no longer includes family sharing, so their pets are no longer shared with you. Nothing you added to their records is lost: it stays in their pets' records.`,
        "",
        `Your own account and pets are unchanged: ${siteBaseUrl()}/pets`,
      ],
    });
  }
  if (ended.length > 0) {
    console.info("[plans] family sharing ended with the plan", { ownerId: userId, members: ended.length });
  }
}

/** How long a plan past due stays: the grace already running, or one from `failedAt`. */
export function graceFrom(row: StoredPlan, failedAt: Date) {
  return row.graceUntil ?? new Date(failedAt.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
}

/** Settles the plan again when it may end by time (a date staff set, a grace period). */
export async function scheduleSettle(userId: string, at: Date, db?: Executor) {
  await enqueueJob(
    PLAN_SETTLE_JOB,
    { userId },
    { key: `${PLAN_SETTLE_JOB}:${userId}:${at.toISOString()}`, runAfter: at, userId, db },
  );
}

export async function runPlanSettleJob(payload: unknown) {
  const { userId } = payload as { userId: string };
  await settlePlan(userId);
}

export type StaffPlanChange = { userId: string; plan: PlanId; until: Date | null };

/**
 * Staff set an account's plan (a staff page, `npm run plan:set`): Free ends any plan now; a
 * paid plan lasts until `until` (or until changed). An account that pays through Stripe is
 * refused: its plan is changed in Stripe (the webhook brings it here), never behind its back.
 */
export async function setPlanByStaff(
  { userId, plan, until }: StaffPlanChange,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "paysThroughStripe" }> {
  const db = await getDb();
  if (paysThroughStripe(await readStoredPlan(userId, db), now))
    return { ok: false, reason: "paysThroughStripe" };
  const values = {
    plan,
    source: "staff" as const,
    status: plan === "free" ? ("canceled" as const) : ("active" as const),
    interval: null,
    amountCents: null,
    currentPeriodEnd: null,
    endsAt: until,
    graceUntil: null,
    updatedAt: now,
  };
  await db
    .insert(subscription)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscription.userId, set: values });
  if (until) await scheduleSettle(userId, until);
  await settlePlan(userId, now);
  console.info("[plans] plan set by staff", { userId, plan, until: until?.toISOString() ?? null });
  return { ok: true };
}
