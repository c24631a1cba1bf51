import { announceAccessChanged } from "~/backend/live/notices.server";
import { pushTo } from "~/backend/notifications/push.server";
import crypto from "node:crypto";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { listMembers } from "./family-lists.server";
import { familyInvite, familyMember, user } from "~/backend/db/schema.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { planOf } from "~/backend/billing/plans.server";
import { allows } from "~/domain/plans";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { siteBaseUrl } from "~/utils/seo";
import { FAMILY_LIMITS, type FamilyRole } from "~/domain/family";

/*
 * The family_member and family_invite tables. An owner invites people by email; an invitee
 * signed in with that address accepts and becomes a member, who then opens every pet of the
 * owner's account (pets.server.ts). Of people, only the owner revokes an invitation or removes a
 * member; only the member leaves. Anyone else's ids find nothing: the route answers 404.
 *
 * Others read or change them in their own queries: pets.server.ts (a member opens the owner's
 * pets), pet-records.server.ts (a record a member wrote is not a vet's),
 * billing/account-access.server.ts (the vets' services through a family) and
 * account-data.server.ts (the export). This module is the only one that writes them: a plan that
 * loses family sharing ends the family here (endFamilyOf), and a deleted account's rows go with
 * the user row (the foreign keys cascade).
 */

type Executor = Database | Transaction;

/** The signed-in account asking. */
export type Account = { id: string; name: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The link the invitation mail carries; the token is only ever stored hashed. */
export function joinLink(token: string) {
  return `${siteBaseUrl()}/family/join?token=${token}`;
}

/** Only the inviter's account name comes from them: the mail cannot carry anyone's message (no spam relay). */
function inviteMail(to: string, ownerName: string, token: string, role: FamilyRole) {
  return {
    to,
    subject: `${ownerName} invited you to their family on PawPal`,
    text: [
      "Hello,",
      "",
      `${ownerName} invited you to join their family on PawPal. Family members see the pets of`,
      role === "editor"
        ? `${ownerName}'s account and keep their health records together.`
        : `${ownerName}'s account and their health records.`,
      "",
      `Join within ${FAMILY_LIMITS.inviteDays} days with an account of this address (${to}):`,
      "",
      joinLink(token),
      "",
      "If you do not expect this invitation, ignore this mail: nothing happens without you.",
    ].join("\n"),
  };
}

// Inviting

export type InviteRefusal = "self" | "alreadyMember" | "full";

export type InviteOutcome =
  | { ok: true; inviteId: string; resent: boolean }
  | { ok: false; reason: InviteRefusal }
  | { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

/**
 * Why `email` cannot be invited to the owner's family now, or the pending invitation to it
 * (which is sent again rather than doubled), or nothing.
 */
async function checkInvite(db: Executor, owner: Account, email: string, now: Date) {
  if (email === owner.email.toLowerCase()) return { refusal: "self" as const };
  const members = await listMembers(owner.id, db);
  if (members.some((member) => member.email.toLowerCase() === email)) {
    return { refusal: "alreadyMember" as const };
  }
  const unaccepted = await db
    .select({ id: familyInvite.id, email: familyInvite.email, expiresAt: familyInvite.expiresAt })
    .from(familyInvite)
    .where(and(eq(familyInvite.ownerId, owner.id), isNull(familyInvite.acceptedAt)));
  const existing = unaccepted.find((invite) => invite.email === email);
  const pending = unaccepted.filter((invite) => invite.expiresAt > now).length;
  // Sending an invitation again takes no new place; a lapsed one takes its place back.
  const extra = existing && existing.expiresAt > now ? 0 : 1;
  if (members.length + pending + extra > FAMILY_LIMITS.maxMembers) return { refusal: "full" as const };
  return { existingId: existing?.id };
}

/**
 * Invites `email` (lower case) to the owner's family and queues the mail with the link in the
 * same transaction. An address with an unaccepted invitation gets a new link instead (the old
 * one stops working) and 7 more days. Limits: per inviting account, and per invited address,
 * so the form cannot flood an inbox.
 */
export async function inviteToFamily(
  owner: Account,
  email: string,
  now = new Date(),
  role: FamilyRole = "editor",
): Promise<InviteOutcome> {
  const db = await getDb();
  // A refusal found here costs no attempt; the transaction checks again under a lock.
  const precheck = await checkInvite(db, owner, email, now);
  if (precheck.refusal) return { ok: false, reason: precheck.refusal };
  for (const [bucket, key] of [
    ["familyInvite", owner.id],
    ["familyInviteEmail", email],
  ] as const) {
    const verdict = await consumeRateLimit(bucket, key, now);
    if (!verdict.ok)
      return { ok: false, reason: "rateLimited", retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + FAMILY_LIMITS.inviteDays * DAY_MS);
  return db.transaction(async (tx): Promise<InviteOutcome> => {
    // One owner's invitations, acceptances and removals take turns: the limit holds under races.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.id)).for("update");
    const check = await checkInvite(tx, owner, email, now);
    if (check.refusal) return { ok: false, reason: check.refusal };
    let inviteId = check.existingId;
    if (inviteId) {
      await tx
        .update(familyInvite)
        .set({ tokenHash, expiresAt, role, createdAt: now })
        .where(eq(familyInvite.id, inviteId));
    } else {
      const [created] = await tx
        .insert(familyInvite)
        .values({ ownerId: owner.id, email, role, tokenHash, expiresAt, createdAt: now })
        .returning({ id: familyInvite.id });
      inviteId = created!.id;
    }
    await queueMail(inviteMail(email, owner.name, token, role), {
      key: `family-invite:${inviteId}:${tokenHash}`,
      db: tx,
      // The inviter's: it goes if they delete their account, never if the invitee does.
      userId: owner.id,
    });
    console.info("[family] invitation sent", {
      ownerId: owner.id,
      inviteId,
      resent: Boolean(check.existingId),
    });
    return { ok: true, inviteId, resent: Boolean(check.existingId) };
  });
}

/** Withdraws one of the owner's unaccepted invitations (its link stops working); null when it is not theirs. */
export async function revokeInvite(ownerId: string, inviteId: string): Promise<{ email: string } | null> {
  const db = await getDb();
  const [revoked] = await db
    .delete(familyInvite)
    .where(
      and(eq(familyInvite.id, inviteId), eq(familyInvite.ownerId, ownerId), isNull(familyInvite.acceptedAt)),
    )
    .returning({ email: familyInvite.email });
  return revoked ?? null;
}

// Joining

/** An invitation as its link finds it: who sent it, to whom, and whether it can still be accepted. */
export type InviteLookup = {
  status: "open" | "expired" | "used";
  ownerId: string;
  ownerName: string;
  email: string;
  role: FamilyRole;
};

/** An invitation by its token's hash, read with `db` (inside a transaction when it must be current). */
async function readInvite(db: Executor, tokenHash: string, now: Date) {
  const [found] = await db
    .select({
      id: familyInvite.id,
      ownerId: familyInvite.ownerId,
      ownerName: user.name,
      email: familyInvite.email,
      expiresAt: familyInvite.expiresAt,
      acceptedAt: familyInvite.acceptedAt,
      role: familyInvite.role,
    })
    .from(familyInvite)
    .innerJoin(user, eq(user.id, familyInvite.ownerId))
    .where(eq(familyInvite.tokenHash, tokenHash));
  if (!found) return null;
  const status: InviteLookup["status"] = found.acceptedAt
    ? "used"
    : found.expiresAt <= now
      ? "expired"
      : "open";
  const { id, ownerId, ownerName, email, role } = found;
  return { id, status, ownerId, ownerName, email, role };
}

/** The invitation of a link's token; null when there is none (never sent, revoked or replaced). */
export async function findInvite(token: string, now = new Date()): Promise<InviteLookup | null> {
  const invite = await readInvite(await getDb(), hashToken(token), now);
  if (!invite) return null;
  const { id: _id, ...lookup } = invite;
  return lookup;
}

export type AcceptRefusal =
  "unknown" | "expired" | "used" | "wrongEmail" | "unverified" | "ownFamily" | "full";

export type AcceptOutcome = { ok: true; ownerName: string } | { ok: false; reason: AcceptRefusal };

/**
 * Whether `account` may accept this invitation; the same rules for the page and the action.
 * The invitation went to an address, so only an account that proved it owns that address
 * (opened the link mailed to it) may take it.
 */
export function acceptRefusal(
  invite: InviteLookup | null,
  account: Account & { emailVerified: boolean },
): AcceptRefusal | null {
  if (!invite) return "unknown";
  if (invite.status !== "open") return invite.status;
  if (invite.ownerId === account.id) return "ownFamily";
  if (invite.email !== account.email.toLowerCase()) return "wrongEmail";
  if (!account.emailVerified) return "unverified";
  return null;
}

/**
 * Makes the signed-in account a member of the inviting owner's family and uses up the
 * invitation. Nothing changes when it is refused: unknown, expired or used link, another
 * account's address, an address not yet verified, the owner's own family.
 */
export async function acceptInvite(
  account: Account,
  token: string,
  now = new Date(),
): Promise<AcceptOutcome> {
  const db = await getDb();
  const tokenHash = hashToken(token);
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const [found] = await tx
      .select({ id: familyInvite.id, ownerId: familyInvite.ownerId })
      .from(familyInvite)
      .where(eq(familyInvite.tokenHash, tokenHash));
    if (!found) return { ok: false, reason: "unknown" };
    await tx.select({ id: user.id }).from(user).where(eq(user.id, found.ownerId)).for("update");
    // Read again under the owner's lock: a revocation or another acceptance may just have happened.
    const invite = await readInvite(tx, tokenHash, now);
    // The address and whether it is proven, as stored now (not as the caller last saw them).
    const [me] = await tx
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, account.id));
    if (!me) return { ok: false, reason: "unknown" };
    const refusal = acceptRefusal(invite, { ...account, ...me });
    if (!invite || refusal) return { ok: false, reason: refusal ?? "unknown" };
    // The owner's plan ended since the invitation went out: it would have been withdrawn.
    if (!allows(await planOf(invite.ownerId, now, tx), "family-sharing"))
      return { ok: false, reason: "unknown" };
    // The invitation held a place, so this stays within the limit; checked anyway.
    const [{ members } = { members: 0 }] = await tx
      .select({ members: count() })
      .from(familyMember)
      .where(eq(familyMember.ownerId, invite.ownerId));
    if (members >= FAMILY_LIMITS.maxMembers) return { ok: false, reason: "full" };
    await tx
      .insert(familyMember)
      .values({ ownerId: invite.ownerId, memberId: account.id, role: invite.role, createdAt: now })
      .onConflictDoNothing();
    await tx.update(familyInvite).set({ acceptedAt: now }).where(eq(familyInvite.id, invite.id));
    await pushTo(
      tx,
      [invite.ownerId],
      "family",
      {
        title: `${account.name} joined your family on PawPal`,
        body:
          invite.role === "editor"
            ? "They can now see your pets and add to their records."
            : "They can now see your pets and their records.",
        url: "/family",
        tag: `family:${invite.id}`,
      },
      `family:${invite.id}:accepted`,
    );
    console.info("[family] invitation accepted", { ownerId: invite.ownerId, memberId: account.id });
    return { ok: true, ownerName: invite.ownerName };
  });
}

/**
 * The owner changes what a member may do with the shared pets; null when that account is not in
 * the owner's family. The member's open pages are checked again at once.
 */
export async function setMemberRole(
  ownerId: string,
  memberId: string,
  role: FamilyRole,
): Promise<{ name: string } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(familyMember)
      .set({ role })
      .where(and(eq(familyMember.ownerId, ownerId), eq(familyMember.memberId, memberId)))
      .returning({ memberId: familyMember.memberId });
    if (!changed) return null;
    const [member] = await tx.select({ name: user.name }).from(user).where(eq(user.id, memberId));
    await announceAccessChanged(tx, [memberId]);
    console.info("[family] member's role changed", { ownerId, memberId, role });
    return { name: member?.name ?? "" };
  });
}

// Leaving

/** The owner removes a member; null when that account is not in the owner's family. Answers the member's name. */
export async function removeMember(ownerId: string, memberId: string): Promise<{ name: string } | null> {
  return endMembership(ownerId, memberId, "owner");
}

/** A member leaves an owner's family; null when they are not in it. Answers the owner's name. */
export async function leaveFamily(memberId: string, ownerId: string): Promise<{ name: string } | null> {
  return endMembership(ownerId, memberId, "member");
}

/** Ends one membership, asked by one side, and answers the name of the other side. */
async function endMembership(ownerId: string, memberId: string, askedBy: "owner" | "member") {
  const db = await getDb();
  const [ended] = await db
    .delete(familyMember)
    .where(and(eq(familyMember.ownerId, ownerId), eq(familyMember.memberId, memberId)))
    .returning({ ownerId: familyMember.ownerId });
  if (!ended) return null;
  // The member's open pages of the owner's pets stop at once.
  await announceAccessChanged(db, [memberId]);
  const [other] = await db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, askedBy === "owner" ? memberId : ownerId));
  console.info("[family] membership ended", { ownerId, memberId, by: askedBy });
  return { name: other?.name ?? "" };
}

/**
 * The owner's plan no longer has family sharing (billing/plan-changes.server.ts): pending
 * invitations are withdrawn and every member leaves, in one transaction under a lock on the
 * owner. Returns who left, to be told, and the owner's name; records they wrote stay.
 */
export async function endFamilyOf(ownerId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, ownerId)).for("update");
    await tx
      .delete(familyInvite)
      .where(and(eq(familyInvite.ownerId, ownerId), isNull(familyInvite.acceptedAt)));
    const left = await tx
      .delete(familyMember)
      .where(eq(familyMember.ownerId, ownerId))
      .returning({ memberId: familyMember.memberId });
    const ended =
      left.length === 0
        ? []
        : await tx
            .select({ userId: user.id, email: user.email, name: user.name })
            .from(user)
            .where(
              inArray(
                user.id,
                left.map((row) => row.memberId),
              ),
            );
    return { ended, ownerName: owner?.name ?? "" };
  });
}
