import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { familyInvite, familyMember, user } from "~/backend/db/schema.server";
import type { FamilyMember, Membership, OwnFamily, PendingInvite } from "~/domain/family";

/*
 * A family as its pages list it: the owner's members and invitations, the families one belongs
 * to, the names on "Shared with". family.server.ts writes these tables.
 */

type Executor = Database | Transaction;

export async function listMembers(ownerId: string, executor?: Executor): Promise<FamilyMember[]> {
  const db = executor ?? (await getDb());
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      since: familyMember.createdAt,
      role: familyMember.role,
    })
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.memberId))
    .where(eq(familyMember.ownerId, ownerId))
    .orderBy(asc(familyMember.createdAt), asc(user.id));
}

/** Invitations not accepted yet, expired ones included (the owner sees they lapsed). */
export async function listInvites(ownerId: string, now = new Date()): Promise<PendingInvite[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: familyInvite.id,
      email: familyInvite.email,
      expiresAt: familyInvite.expiresAt,
      role: familyInvite.role,
    })
    .from(familyInvite)
    .where(and(eq(familyInvite.ownerId, ownerId), isNull(familyInvite.acceptedAt)))
    .orderBy(asc(familyInvite.createdAt), asc(familyInvite.id));
  return rows.map((row) => ({ ...row, expired: row.expiresAt <= now }));
}

export async function listOwnFamily(ownerId: string, now = new Date()): Promise<OwnFamily> {
  return { members: await listMembers(ownerId), invites: await listInvites(ownerId, now) };
}

/** The families the user is a member of, oldest membership first. */
export async function listMemberships(memberId: string): Promise<Membership[]> {
  const db = await getDb();
  return db
    .select({
      ownerId: familyMember.ownerId,
      ownerName: user.name,
      since: familyMember.createdAt,
      role: familyMember.role,
    })
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.ownerId))
    .where(eq(familyMember.memberId, memberId))
    .orderBy(asc(familyMember.createdAt), asc(user.id));
}

/** The names of each owner's family members (for "Shared with A, B"); owners without any are left out. */
export async function sharedWith(ownerIds: readonly string[]): Promise<Record<string, string[]>> {
  if (ownerIds.length === 0) return {};
  const db = await getDb();
  const rows = await db
    .select({ ownerId: familyMember.ownerId, name: user.name })
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.memberId))
    .where(inArray(familyMember.ownerId, [...new Set(ownerIds)]))
    .orderBy(asc(familyMember.createdAt), asc(user.id));
  const names: Record<string, string[]> = {};
  for (const row of rows) (names[row.ownerId] ??= []).push(row.name);
  return names;
}
