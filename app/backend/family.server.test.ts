import { beforeEach, describe, expect, it, vi } from "vitest";
import { mailsTo } from "~tests/support/queued-mails";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { eq, like } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { familyInvite, familyMember, user } from "~/backend/db/schema.server";
import { FAMILY_LIMITS } from "~/domain/family";
import { createPet, findAccessiblePet } from "./pets.server";
import { resetRateLimits } from "./rate-limit.server";
import {
  acceptInvite,
  acceptRefusal,
  findInvite,
  hashToken,
  inviteToFamily,
  leaveFamily,
  removeMember,
  revokeInvite,
  setMemberRole,
  type Account,
} from "./family.server";
import { listInvites, listMembers, listMemberships, sharedWith } from "./family-lists.server";

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

/**
 * A fresh account (every test its own, so no test sees another's family), on Premium: the plan
 * with family sharing (plans.server.test.ts covers the other plans).
 */
async function addAccount(name: string): Promise<Account> {
  serial += 1;
  const account = {
    id: `family-test-${serial}`,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}-${serial}@example.com`,
  };
  // Verified: only an account that proved its address may accept an invitation to it.
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  await setPlanByStaff({ userId: account.id, plan: "premium", until: null });
  return account;
}

/** The token of the newest invitation link mailed to `to`. */
async function lastToken(to: string) {
  const mail = (await mailsTo(to)).at(-1);
  const token = /\/family\/join\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  expect(token, `an invitation link mailed to ${to}`).toBeTruthy();
  return token!;
}

/** Invites `email` and answers the link's token. */
async function invite(owner: Account, email: string, now = new Date()) {
  const outcome = await inviteToFamily(owner, email, now);
  expect(outcome).toMatchObject({ ok: true });
  return lastToken(email);
}

async function rowCounts() {
  const db = await getDb();
  return {
    members: (await db.select().from(familyMember)).length,
    invites: (await db.select().from(familyInvite)).length,
    accepted: (await db.select().from(familyInvite)).filter((row) => row.acceptedAt).length,
  };
}

beforeEach(() => resetRateLimits());

describe("inviting", () => {
  it("stores only the token's hash and queues one mail with the link, naming only the inviter", async () => {
    // The link starts with the site's public origin.
    vi.stubEnv("BASE_URL", "https://pawpal.example/");
    const owner = await addAccount("Olive Owner");
    const token = await invite(owner, "guest-a@example.com");
    vi.unstubAllEnvs();
    const [mail] = await mailsTo("guest-a@example.com");
    expect(mail!.subject).toBe("Olive Owner invited you to their family on PawPal");
    expect(mail!.text).toContain(`https://pawpal.example/family/join?token=${token}`);
    expect(mail!.text).toContain(`within ${FAMILY_LIMITS.inviteDays} days`);
    const [row] = await (await getDb()).select().from(familyInvite).where(eq(familyInvite.ownerId, owner.id));
    expect(row).toMatchObject({
      email: "guest-a@example.com",
      tokenHash: hashToken(token),
      acceptedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / DAY_MS;
    expect(days).toBe(FAMILY_LIMITS.inviteDays);
  });

  it("refuses the owner's own address, in any case", async () => {
    const owner = await addAccount("Selma Self");
    const before = await rowCounts();
    expect(await inviteToFamily(owner, owner.email.toLowerCase())).toEqual({ ok: false, reason: "self" });
    expect(await rowCounts()).toEqual(before);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it("refuses a member's address", async () => {
    const owner = await addAccount("Olive Owner");
    const member = await addAccount("Max Member");
    expect((await acceptInvite(member, await invite(owner, member.email))).ok).toBe(true);
    expect(await inviteToFamily(owner, member.email)).toEqual({ ok: false, reason: "alreadyMember" });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it("sends a pending invitation again with a new link; the old link stops working", async () => {
    const owner = await addAccount("Olive Owner");
    const first = await invite(owner, "guest-b@example.com");
    const outcome = await inviteToFamily(owner, "guest-b@example.com");
    expect(outcome).toMatchObject({ ok: true, resent: true });
    const second = await lastToken("guest-b@example.com");
    expect(second).not.toBe(first);
    expect(await listInvites(owner.id)).toHaveLength(1);
    expect(await findInvite(first)).toBeNull();
    expect(await findInvite(second)).toMatchObject({ status: "open", ownerName: "Olive Owner" });
  });

  it(`allows ${FAMILY_LIMITS.maxMembers} places, members and pending invitations together`, async () => {
    const owner = await addAccount("Fiona Full");
    const member = await addAccount("Max Member");
    await acceptInvite(member, await invite(owner, member.email));
    for (let n = 1; n < FAMILY_LIMITS.maxMembers; n++) await invite(owner, `full-${serial}-${n}@example.com`);
    expect(await listMembers(owner.id)).toHaveLength(1);
    expect(await listInvites(owner.id)).toHaveLength(FAMILY_LIMITS.maxMembers - 1);

    const before = await rowCounts();
    expect(await inviteToFamily(owner, `sixth-${serial}@example.com`)).toEqual({ ok: false, reason: "full" });
    expect(await rowCounts()).toEqual(before);
    expect(await mailsTo(`sixth-${serial}@example.com`)).toEqual([]);
    // Sending a pending one again takes no new place.
    expect(await inviteToFamily(owner, `full-${serial}-1@example.com`)).toMatchObject({
      ok: true,
      resent: true,
    });

    // A revoked invitation frees its place.
    const [firstInvite] = await listInvites(owner.id);
    expect(await revokeInvite(owner.id, firstInvite!.id)).toEqual({ email: firstInvite!.email });
    expect(await inviteToFamily(owner, `sixth-${serial}@example.com`)).toMatchObject({ ok: true });
  });

  it("an expired invitation frees its place, and inviting the address again renews it", async () => {
    const owner = await addAccount("Olive Owner");
    const past = new Date(Date.now() - 8 * DAY_MS);
    for (let n = 0; n < FAMILY_LIMITS.maxMembers; n++)
      await invite(owner, `old-${serial}-${n}@example.com`, past);
    expect((await listInvites(owner.id)).every((pending) => pending.expired)).toBe(true);
    expect(await inviteToFamily(owner, `old-${serial}-0@example.com`)).toMatchObject({
      ok: true,
      resent: true,
    });
    expect(await inviteToFamily(owner, `new-${serial}@example.com`)).toMatchObject({
      ok: true,
      resent: false,
    });
    expect((await listInvites(owner.id)).filter((pending) => !pending.expired)).toHaveLength(2);
  });

  it("limits the invitations one address receives, whoever sends them", async () => {
    const target = `flooded-${serial}@example.com`;
    const outcomes = [];
    for (let n = 0; n < 6; n++) outcomes.push(await inviteToFamily(await addAccount("Spam Sender"), target));
    expect(outcomes.slice(0, 5).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes[5]).toMatchObject({ ok: false, reason: "rateLimited" });
    expect(await mailsTo(target)).toHaveLength(5);
  });

  it("limits the invitations one account sends", async () => {
    const owner = await addAccount("Busy Owner");
    const address = (n: number) => `busy-${owner.id}-${n % FAMILY_LIMITS.maxMembers}@example.com`;
    const outcomes = [];
    // Sending pending invitations again and again sends mails too: each counts.
    for (let n = 0; n < 21; n++) outcomes.push(await inviteToFamily(owner, address(n)));
    expect(outcomes.slice(0, 20).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes[20]).toMatchObject({ ok: false, reason: "rateLimited" });
    // Refused by the account's limit: that address had had only 4 of its 5.
    expect(await mailsTo(address(20))).toHaveLength(4);
  });
});

describe("joining", () => {
  it("the invited address joins; the owner's pets open for them; the link is used up", async () => {
    const owner = await addAccount("Olive Owner");
    const pet = await createPet(owner.id, {
      name: "Bella",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    const member = await addAccount("Max Member");
    const token = await invite(owner, member.email.toUpperCase().toLowerCase());
    expect(await findAccessiblePet(member.id, pet.id)).toBeNull();

    // The address is compared without regard to case.
    const outcome = await acceptInvite({ ...member, email: member.email.toUpperCase() }, token);
    expect(outcome).toEqual({ ok: true, ownerName: "Olive Owner" });
    expect(await findAccessiblePet(member.id, pet.id)).toMatchObject({ role: "member" });
    expect(await listMemberships(member.id)).toEqual([
      expect.objectContaining({ ownerId: owner.id, ownerName: "Olive Owner" }),
    ]);
    expect(await listInvites(owner.id)).toEqual([]);
    expect(await findInvite(token)).toMatchObject({ status: "used" });

    const before = await rowCounts();
    expect(await acceptInvite(member, token)).toEqual({ ok: false, reason: "used" });
    expect(await rowCounts()).toEqual(before);
  });

  it("another account's address is refused and nothing changes", async () => {
    const owner = await addAccount("Olive Owner");
    const other = await addAccount("Ivan Intruder");
    const token = await invite(owner, `someone-${serial}@example.com`);
    const before = await rowCounts();
    expect(await acceptInvite(other, token)).toEqual({ ok: false, reason: "wrongEmail" });
    expect(await rowCounts()).toEqual(before);
    expect(await listMemberships(other.id)).toEqual([]);
    expect(await findInvite(token)).toMatchObject({ status: "open" });
  });

  it("an account of the invited address that has not verified it is refused until it does", async () => {
    const owner = await addAccount("Olive Owner");
    const member = await addAccount("Una Unverified");
    const db = await getDb();
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, member.id));
    const token = await invite(owner, member.email);
    const before = await rowCounts();
    expect(await acceptInvite(member, token)).toEqual({ ok: false, reason: "unverified" });
    expect(await rowCounts()).toEqual(before);
    expect(await findInvite(token)).toMatchObject({ status: "open" });
    // The page (acceptRefusal) says the same.
    expect(acceptRefusal((await findInvite(token))!, { ...member, emailVerified: false })).toBe("unverified");

    await db.update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
    expect(await acceptInvite(member, token)).toMatchObject({ ok: true });
  });

  it("an expired, revoked or unknown link is refused and nothing changes", async () => {
    const owner = await addAccount("Olive Owner");
    const member = await addAccount("Max Member");
    const expired = await invite(owner, member.email, new Date(Date.now() - 8 * DAY_MS));
    const before = await rowCounts();
    expect(await findInvite(expired)).toMatchObject({ status: "expired" });
    expect(await acceptInvite(member, expired)).toEqual({ ok: false, reason: "expired" });
    expect(await acceptInvite(member, "x".repeat(43))).toEqual({ ok: false, reason: "unknown" });
    expect(await rowCounts()).toEqual(before);

    const revoked = await invite(owner, member.email);
    const [pending] = await listInvites(owner.id);
    await revokeInvite(owner.id, pending!.id);
    expect(await findInvite(revoked)).toBeNull();
    expect(await acceptInvite(member, revoked)).toEqual({ ok: false, reason: "unknown" });
    expect(await listMemberships(member.id)).toEqual([]);
  });

  it("the owner cannot join their own family", async () => {
    const owner = await addAccount("Olive Owner");
    const token = await invite(owner, `friend-${serial}@example.com`);
    // Even were the owner's address the invited one (it cannot be invited: see above).
    await (
      await getDb()
    )
      .update(familyInvite)
      .set({ email: owner.email })
      .where(eq(familyInvite.ownerId, owner.id));
    expect(await acceptInvite(owner, token)).toEqual({ ok: false, reason: "ownFamily" });
    expect(await listMembers(owner.id)).toEqual([]);
  });
});

describe("who may end a membership or revoke an invitation", () => {
  async function family() {
    const owner = await addAccount("Olive Owner");
    const member = await addAccount("Max Member");
    const stranger = await addAccount("Sam Stranger");
    await acceptInvite(member, await invite(owner, member.email));
    await invite(owner, `pending-${serial}@example.com`);
    const [pending] = await listInvites(owner.id);
    return { owner, member, stranger, pendingId: pending!.id };
  }

  it("only the owner removes a member", async () => {
    const { owner, member, stranger } = await family();
    expect(await removeMember(stranger.id, member.id)).toBeNull();
    expect(await removeMember(member.id, member.id)).toBeNull();
    expect(await removeMember(member.id, owner.id)).toBeNull();
    expect(await listMembers(owner.id)).toHaveLength(1);

    expect(await removeMember(owner.id, member.id)).toEqual({ name: "Max Member" });
    expect(await listMembers(owner.id)).toEqual([]);
    expect(await removeMember(owner.id, member.id)).toBeNull();
  });

  it("only the member leaves", async () => {
    const { owner, member, stranger } = await family();
    expect(await leaveFamily(stranger.id, owner.id)).toBeNull();
    expect(await leaveFamily(owner.id, owner.id)).toBeNull();
    expect(await leaveFamily(owner.id, member.id)).toBeNull();
    expect(await listMembers(owner.id)).toHaveLength(1);

    expect(await leaveFamily(member.id, owner.id)).toEqual({ name: "Olive Owner" });
    expect(await listMemberships(member.id)).toEqual([]);
  });

  it("only the owner revokes an invitation, and an accepted one cannot be revoked", async () => {
    const { owner, member, stranger, pendingId } = await family();
    expect(await revokeInvite(stranger.id, pendingId)).toBeNull();
    expect(await revokeInvite(member.id, pendingId)).toBeNull();
    expect(await listInvites(owner.id)).toHaveLength(1);
    const [accepted] = await (
      await getDb()
    )
      .select()
      .from(familyInvite)
      .where(like(familyInvite.email, member.email));
    expect(await revokeInvite(owner.id, accepted!.id)).toBeNull();
    expect(await revokeInvite(owner.id, pendingId)).toMatchObject({ email: `pending-${serial}@example.com` });
  });
});

describe("sharedWith", () => {
  it("names each owner's members in the order they joined; owners without any are left out", async () => {
    const owner = await addAccount("Olive Owner");
    const alone = await addAccount("Lonely Owner");
    const first = await addAccount("Ann First");
    const second = await addAccount("Ben Second");
    await acceptInvite(first, await invite(owner, first.email));
    await acceptInvite(second, await invite(owner, second.email));
    expect(await sharedWith([owner.id, alone.id, owner.id])).toEqual({
      [owner.id]: ["Ann First", "Ben Second"],
    });
    expect(await sharedWith([])).toEqual({});
  });
});

describe("what a member may do", () => {
  it("is the role the invitation named, and only the owner changes it", async () => {
    const owner = await addAccount("Rhea Owner");
    const viewer = await addAccount("Vic Viewer");
    const editor = await addAccount("Eda Editor");
    expect(await inviteToFamily(owner, viewer.email, new Date(), "viewer")).toMatchObject({ ok: true });
    // The mail says what they will be able to do.
    expect((await mailsTo(viewer.email)).at(-1)!.text).toContain(
      "Rhea Owner's account and their health records.",
    );
    expect(await acceptInvite(viewer, await lastToken(viewer.email))).toMatchObject({ ok: true });
    expect(await acceptInvite(editor, await invite(owner, editor.email))).toMatchObject({ ok: true });
    const pet = await createPet(owner.id, {
      name: "Rex",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    expect(await findAccessiblePet(viewer.id, pet.id)).toMatchObject({
      role: "member",
      familyRole: "viewer",
    });
    expect(await findAccessiblePet(editor.id, pet.id)).toMatchObject({
      role: "member",
      familyRole: "editor",
    });
    expect(await findAccessiblePet(owner.id, pet.id)).toMatchObject({ role: "owner", familyRole: null });

    expect(await setMemberRole(owner.id, viewer.id, "editor")).toEqual({ name: "Vic Viewer" });
    expect(await findAccessiblePet(viewer.id, pet.id)).toMatchObject({ familyRole: "editor" });
    // Someone else's member, or the member themselves, changes nothing.
    const stranger = await addAccount("Sam Stranger");
    expect(await setMemberRole(stranger.id, viewer.id, "viewer")).toBeNull();
    expect(await setMemberRole(viewer.id, owner.id, "viewer")).toBeNull();
    expect(await findAccessiblePet(viewer.id, pet.id)).toMatchObject({ familyRole: "editor" });
  });
});
