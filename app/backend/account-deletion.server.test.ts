import { eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestPasswordReset } from "~/backend/auth/account.server";
import { getMessage, submitContactMessage } from "~/backend/contact-messages.server";
import { getDb } from "~/backend/db/client.server";
import { job, rateLimit, user } from "~/backend/db/schema.server";
import { inviteToFamily, type Account } from "~/backend/family.server";
import { listInvites } from "~/backend/family-lists.server";

import { RATE_LIMITS } from "~/backend/rate-limit.server";
import { signUp } from "~tests/support/route-requests";
import { deleteAccount } from "./account-data.server";
import { mailsTo } from "~tests/support/queued-mails";

/*
 * Signing up proves nothing about the address, so deleting an account must not clean
 * up by its address. Each finding's attack, replayed: sign up as someone else's address, delete
 * that account, and see that nothing of theirs went.
 */

vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");

const PASSWORD = "attacker-password-1";
let serial = 0;

/** Signs up as `email` through our sign-up (better-auth) and answers the new account's id. */
async function signUpAs(email: string) {
  return (await signUp("Mallory", { email, password: PASSWORD })).id;
}

async function addOwner(name: string): Promise<Account> {
  serial += 1;
  const owner = {
    id: `deletion-owner-${serial}`,
    name,
    email: `${name.toLowerCase()}-${serial}@example.com`,
  };
  await (await getDb()).insert(user).values(owner);
  return owner;
}

/** Mails to `to` (exactly that address) whose jobs have not run yet. */
async function pendingMailsTo(to: string) {
  return (await mailsTo(to)).filter((mail) => !mail.sent);
}

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});

// A sign-up hashes a password and writes several rows: seconds each on a busy machine.
describe(
  "deleting an account deletes what it owns, never what matches its address",
  { timeout: 60_000 },
  () => {
    it("finding 1: the invitation limit and the invitations survive an account made and deleted with the address", async () => {
      const owner = await addOwner("Olga");
      const victim = "victim@example.com";
      const { limit } = RATE_LIMITS.familyInviteEmail;
      for (let sent = 0; sent < limit; sent++) {
        expect(await inviteToFamily(owner, victim)).toMatchObject({ ok: true });
      }
      expect(await inviteToFamily(owner, victim)).toMatchObject({ ok: false, reason: "rateLimited" });
      const queued = (await pendingMailsTo(victim)).length;
      expect(queued).toBe(limit);

      // The attack, twice: the address is free again after each deletion.
      for (let round = 0; round < 2; round++) {
        const attacker = await signUpAs(victim);
        expect(await deleteAccount(attacker)).toBe(true);

        expect(await inviteToFamily(owner, victim)).toMatchObject({ ok: false, reason: "rateLimited" });
        expect(await listInvites(owner.id)).toEqual([expect.objectContaining({ email: victim })]);
        expect(await pendingMailsTo(victim)).toHaveLength(queued);
        const [window] = await (
          await getDb()
        )
          .select()
          .from(rateLimit)
          .where(eq(rateLimit.key, `familyInviteEmail:${victim}`));
        expect(window?.count).toBeGreaterThan(limit);
      }
    });

    it("finding 2: deleting b@example.com leaves every mail queued to bob@example.com, and takes its own", async () => {
      const owner = await addOwner("Omar");
      const bob = "bob@example.com";
      expect(await inviteToFamily(owner, bob)).toMatchObject({ ok: true });
      await requestPasswordReset(bob);
      const attacker = await signUpAs("b@example.com");
      // A mail that is the account's own: the receipt of a message it sent signed in.
      await submitContactMessage(
        { name: "Mallory", email: "b@example.com", subject: "Hi", message: "Hello there" },
        { user: { id: attacker, name: "Mallory", email: "b@example.com", emailVerified: false } },
      );
      const db = await getDb();
      const before = await db.select({ id: job.id }).from(job).where(isNull(job.doneAt));
      const own = await db.select().from(job).where(eq(job.userId, attacker));
      expect(own.length).toBeGreaterThanOrEqual(2);

      expect(await deleteAccount(attacker)).toBe(true);

      expect(await pendingMailsTo(bob)).toEqual([expect.objectContaining({ userId: owner.id })]);
      const reset = await db.select({ payload: job.payload }).from(job).where(eq(job.kind, "password-reset"));
      expect(reset.map((row) => row.payload)).toContainEqual({ email: bob });
      // Only the attacker's own jobs went.
      expect(await db.select().from(job).where(eq(job.userId, attacker))).toEqual([]);
      const left = await db.select({ id: job.id }).from(job).where(isNull(job.doneAt));
      expect(before.length - left.length).toBe(own.length);
    });

    it("finding 3: a message sent signed out from an address stays in the inbox when an account of that address is deleted", async () => {
      const reporter = "reporter@example.com";
      const { id } = await submitContactMessage(
        { name: "Rita", email: reporter, subject: "Lost cat", message: "Seen near the park." },
        { user: null },
      );
      const attacker = await signUpAs(reporter);
      expect(await deleteAccount(attacker)).toBe(true);
      expect(await getMessage(id)).toMatchObject({ email: reporter, subject: "Lost cat" });
    });
  },
);
