import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { user } from "~/backend/db/schema.server";

import { RATE_LIMITS, resetRateLimits } from "~/backend/rate-limit.server";
import type { SessionUser } from "~/domain/auth";
import { resendVerificationMail, submitSignup, verifyEmailLink } from "./account.server";
import { getUser } from "./session.server";
import { mailsTo } from "~tests/support/queued-mails";
import { signUp, uniqueEmail } from "~tests/support/route-requests";

// The real better-auth on the test database; the secret is given so nothing is written to ./data.
vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");
vi.stubEnv("BASE_URL", "https://pawpal.example");

const PASSWORD = "verify-password-1";
const HOUR_MS = 60 * 60 * 1000;

/** A new account, as the session sees it, and a request carrying its cookie. */
async function newAccount() {
  const { cookie, ...account } = await signUp("Vera", { email: uniqueEmail("verify"), password: PASSWORD });
  const request = new Request("http://localhost/account", { method: "POST", headers: { cookie } });
  return { account, request };
}

/** The tokens of the confirmation links queued to `email`, oldest first, with the jobs' account. */
async function verificationMails(email: string) {
  return (await mailsTo(email))
    .filter((mail) => !mail.sent && mail.subject.startsWith("Confirm your email"))
    .map(({ text, userId }) => ({
      userId,
      link: /https:\/\/pawpal\.example\/verify-email\?token=(\S+)/.exec(text)?.[0],
      token: decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(text)?.[1] ?? ""),
    }));
}

async function isVerified(userId: string) {
  const [row] = await (
    await getDb()
  )
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.emailVerified;
}

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

// A sign-up hashes a password and writes several rows: seconds each on a busy machine.
describe("email verification", { timeout: 60_000 }, () => {
  it("a new account is unverified and is mailed a link to our own page, through the queue, as its job", async () => {
    const { account } = await newAccount();
    expect(account.emailVerified).toBe(false);
    const [mail, ...more] = await verificationMails(account.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ userId: account.id, link: expect.stringContaining("/verify-email?token=") });
  });

  it("the link verifies the address once; a second opening is refused", async () => {
    const { account, request } = await newAccount();
    const [{ token }] = (await verificationMails(account.email)) as unknown as [{ token: string }];
    expect(await verifyEmailLink(token)).toEqual({ ok: true, userId: account.id });
    expect(await isVerified(account.id)).toBe(true);
    expect((await getUser(request))?.emailVerified).toBe(true);

    expect(await verifyEmailLink(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a link older than 24 hours is refused and verifies nothing", async () => {
    const { account } = await newAccount();
    const [{ token }] = (await verificationMails(account.email)) as unknown as [{ token: string }];
    expect(await verifyEmailLink(token, new Date(Date.now() + 25 * HOUR_MS))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await isVerified(account.id)).toBe(false);
  });

  it("a made-up or malformed token is refused", async () => {
    expect(await verifyEmailLink("")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmailLink("not-a-token")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmailLink("x".repeat(5000))).toEqual({ ok: false, reason: "invalid" });
  });

  it("a link of a deleted account does not verify a new account of the same address", async () => {
    const { account } = await newAccount();
    const [{ token }] = (await verificationMails(account.email)) as unknown as [{ token: string }];
    const db = await getDb();
    await db.delete(user).where(eq(user.id, account.id));
    const again = await submitSignup(
      { name: "Other", email: account.email, password: PASSWORD, confirmPassword: PASSWORD },
      new Request("http://localhost/auth", { method: "POST", headers: { "X-Forwarded-For": "10.13.0.1" } }),
    );
    expect(again.ok).toBe(true);
    expect(await verifyEmailLink(token)).toEqual({ ok: false, reason: "invalid" });
    const [fresh] = await db.select().from(user).where(eq(user.email, account.email));
    expect(fresh?.emailVerified).toBe(false);
  });

  it("asking again sends a new link that replaces the old, a few times an hour, then says when to try again", async () => {
    const { account, request } = await newAccount();
    const { limit } = RATE_LIMITS.verifyEmail;
    // Tokens are signed JWTs with a time in seconds: a link asked for a second later differs.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (let sent = 0; sent < limit; sent++) {
        vi.setSystemTime(Date.now() + 2_000);
        expect(await resendVerificationMail(account, request)).toEqual({ ok: true });
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await resendVerificationMail(account, request)).toEqual({
      ok: false,
      reason: "tooManyAttempts",
      retryAfterSeconds: expect.any(Number),
    });
    const mails = await verificationMails(account.email);
    expect(mails).toHaveLength(limit + 1);
    expect(await verifyEmailLink(mails[0]!.token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmailLink(mails.at(-1)!.token)).toEqual({ ok: true, userId: account.id });
  });

  it("a verified account asking again is told so, and nothing is mailed", async () => {
    const { account, request } = await newAccount();
    const [{ token }] = (await verificationMails(account.email)) as unknown as [{ token: string }];
    await verifyEmailLink(token);
    const verified: SessionUser = { ...account, emailVerified: true };
    expect(await resendVerificationMail(verified, request)).toEqual({ ok: false, reason: "alreadyVerified" });
    // Even if the caller's view is stale, better-auth checks the stored flag.
    expect(await resendVerificationMail(account, request)).toEqual({ ok: false, reason: "alreadyVerified" });
    expect(await verificationMails(account.email)).toHaveLength(1);
  });

  it("a link asked from a page of this site comes back to it; anything else is left out of the link", async () => {
    const { account, request } = await newAccount();
    const nextOf = async () => {
      const mails = (await mailsTo(account.email)).filter((mail) => mail.subject.startsWith("Confirm"));
      const link = /https:\/\/pawpal\.example\/verify-email\?\S+/.exec(mails.at(-1)!.text)![0];
      return new URL(link).searchParams.get("next");
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const asked: [string, string | null][] = [
        ["/family/join?token=abc", "/family/join?token=abc"],
        ["/", null],
        ["//evil.example/x", null],
        ["/\\evil.example", null],
        ["https://evil.example/", null],
      ];
      for (const [next, carried] of asked) {
        vi.setSystemTime(Date.now() + 2_000);
        await resetRateLimits();
        expect(await resendVerificationMail(account, request, next)).toEqual({ ok: true });
        expect(await nextOf(), next).toBe(carried);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
