import { eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb, type Database } from "~/backend/db/client.server";
import { pet, subscription } from "~/backend/db/schema.server";
import {
  allows,
  canAddPet,
  effectivePlan,
  petLimitSentence,
  upgradeSentence,
  UPGRADE_PATH,
  type Feature,
  type PlanId,
  type PlanState,
} from "~/domain/plans";

/*
 * What an account's plan allows, checked on the server: every action a plan does not allow
 * is refused here with 403, whatever the page showed. domain/plans.ts says what each plan has;
 * analysis-quota.server.ts counts the month's analyses; plan-changes.server.ts ends what a plan
 * no longer allows.
 */

export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

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
