import { announceAccessChanged } from "~/backend/live/notices.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb, type Database } from "~/backend/db/client.server";
import { analysisUse, familyInvite, familyMember, pet, subscription, user } from "~/backend/db/schema.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { ownerAndFamily } from "~/backend/pets.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { siteBaseUrl } from "~/utils/seo";
import {
  allows,
  analysesResetOn,
  analysesUsedUpSentence,
  analysisMonth,
  canAddPet,
  effectivePlan,
  PLAN_ALLOWANCES,
  petLimitSentence,
  RENEWAL_GRACE_DAYS,
  upgradeSentence,
  UPGRADE_PATH,
  type Feature,
  type PlanId,
  type PlanState,
} from "~/domain/plans";

/*
 * What an account's plan allows, checked on the server: every action a plan does not allow
 * is refused here with 403, whatever the page showed. domain/plans.ts says what each plan has.
 */

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * The 403 a refused action answers: the root error boundary shows the sentence as the reason,
 * with this title and a link to the account's plan page (which offers the upgrade).
 */
export type PlanRequired = { formError: string; title: string; link: { href: string; label: string } };

export function planRequired(sentence: string): never {
  throw data(
    {
      formError: sentence,
      title: "Your plan does not include this",
      link: { href: UPGRADE_PATH, label: "See plans and upgrade" },
    } satisfies PlanRequired,
    { status: 403 },
  );
}

export type StoredPlan = typeof subscription.$inferSelect;

export async function readStoredPlan(userId: string, db?: Executor): Promise<StoredPlan | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor.select().from(subscription).where(eq(subscription.userId, userId));
  return row ?? null;
}

export function toPlanState(row: StoredPlan | null): PlanState | null {
  return row ? { plan: row.plan, status: row.status, endsAt: row.endsAt, graceUntil: row.graceUntil } : null;
}

/**
 * Paid through Stripe and not ended there: renewing, running to its period's end, or past due
 * (even after our grace, Stripe retries the card until it gives up). Such a plan changes only
 * in Stripe: the portal, never a second Checkout, never staff.
 */
export function paysThroughStripe(row: StoredPlan | null, now: Date) {
  if (row?.source !== "stripe" || row.stripeSubscriptionId === null) return false;
  return row.status === "past_due" || effectivePlan(toPlanState(row), now) !== "free";
}

/** The plan the account has now (Free when none, or when it ended). */
export async function planOf(userId: string, now = new Date(), db?: Executor): Promise<PlanId> {
  return effectivePlan(toPlanState(await readStoredPlan(userId, db)), now);
}

/** The plans of many accounts at once (reminder scans, calendar feeds). */
export async function plansOf(userIds: readonly string[], now = new Date()): Promise<Map<string, PlanId>> {
  const plans = new Map(userIds.map((id) => [id, "free" as PlanId]));
  if (userIds.length === 0) return plans;
  const db = await getDb();
  const rows = await db
    .select()
    .from(subscription)
    .where(inArray(subscription.userId, [...new Set(userIds)]));
  for (const row of rows) plans.set(row.userId, effectivePlan(toPlanState(row), now));
  return plans;
}

/** Of these pets, those whose owner's plan has `feature`. */
export async function petsWhereAllowed<T extends { ownerId: string }>(
  pets: readonly T[],
  feature: Feature,
  now = new Date(),
) {
  const plans = await plansOf(
    pets.map((one) => one.ownerId),
    now,
  );
  return pets.filter((one) => allows(plans.get(one.ownerId) ?? "free", feature));
}

/** Refuses (403) unless the account's plan has `feature`. */
export async function requireFeature(userId: string, feature: Feature) {
  if (!allows(await planOf(userId), feature)) planRequired(upgradeSentence(feature));
}

/**
 * For what is done to a pet (its records, what's due): the pet's owner's plan decides, so a
 * member of a Premium owner's family works on the shared pets whatever their own plan.
 */
export async function requirePetFeature(petToChange: { ownerId: string }, feature: Feature) {
  await requireFeature(petToChange.ownerId, feature);
}

/** Whether the pet's owner's plan has `feature` (for what a page shows). */
export async function petAllows(petToShow: { ownerId: string }, feature: Feature) {
  return allows(await planOf(petToShow.ownerId), feature);
}

/** Refuses (403) a new pet beyond the plan's pet profiles. */
export async function requireRoomForPet(userId: string) {
  const plan = await planOf(userId);
  if (!canAddPet(plan, await ownedPets(userId))) planRequired(petLimitSentence(plan));
}

async function ownedPets(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pet)
    .where(eq(pet.userId, userId));
  return row?.count ?? 0;
}

/** What the pets page says about adding a pet: null when another fits the plan. */
export async function petRoom(userId: string): Promise<string | null> {
  const plan = await planOf(userId);
  return canAddPet(plan, await ownedPets(userId)) ? null : petLimitSentence(plan);
}

// Photo analyses

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

// Changes of plan

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
  const plan = await planOf(userId, now, db);
  if (allows(plan, "family-sharing")) return;
  const { endedMembers, ownerName } = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId)).for("update");
    await tx
      .delete(familyInvite)
      .where(and(eq(familyInvite.ownerId, userId), isNull(familyInvite.acceptedAt)));
    const ended = await tx
      .delete(familyMember)
      .where(eq(familyMember.ownerId, userId))
      .returning({ memberId: familyMember.memberId });
    const members =
      ended.length === 0
        ? []
        : await tx
            .select({ userId: user.id, email: user.email, name: user.name })
            .from(user)
            .where(
              inArray(
                user.id,
                ended.map((row) => row.memberId),
              ),
            );
    return { endedMembers: members, ownerName: owner?.name ?? "" };
  });
  for (const member of endedMembers) {
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
  if (endedMembers.length > 0) {
    console.info("[plans] family sharing ended with the plan", {
      ownerId: userId,
      members: endedMembers.length,
    });
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
