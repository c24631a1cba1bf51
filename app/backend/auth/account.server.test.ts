import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { SIGNUP_ATTEMPT_SUBJECT, submitLogin, submitSignup } from "~/backend/auth/account.server";
import { getAuth } from "~/backend/auth/better-auth.server";
import { getDb } from "~/backend/db/client.server";
import { pet, user } from "~/backend/db/schema.server";

import { RATE_LIMITS, resetRateLimits } from "~/backend/rate-limit.server";
import { mailsTo } from "~tests/support/queued-mails";

// The real better-auth on the test database; the secret is given so nothing is written to ./data.
vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");

const PASSWORD = "right-password-1";
const { limit, windowSeconds } = RATE_LIMITS.loginEmail;

/** A request from its own client address: only the per-email limit can add these up. */
function from(address: string) {
  return new Request("http://localhost/auth", { method: "POST", headers: { "X-Forwarded-For": address } });
}

/** The rest of the window the attempts opened (hashing passwords takes seconds on a busy machine). */
function expectWindowWait(seconds: number) {
  expect(seconds).toBeGreaterThan(windowSeconds - 120);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
}

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  for (const email of ["ada@example.com", "grace@example.com"]) {
    const values = { name: "Ada", email, password: PASSWORD, confirmPassword: PASSWORD };
    const created = await submitSignup(values, from("10.9.9.9"));
    expect(created.ok).toBe(true);
  }
});
beforeEach(() => resetRateLimits());

describe("sign-in limit per email", () => {
  it("refuses the attempt after the limit from any address, even with the right password", async () => {
    for (let attempt = 0; attempt < limit; attempt++) {
      // Upper case counts against the same email.
      const email = attempt % 2 ? "ADA@example.com" : "ada@example.com";
      const outcome = await submitLogin({ email, password: "wrong-password" }, from(`10.1.0.${attempt + 1}`));
      expect(outcome).toEqual({ ok: false, reason: "invalidCredentials" });
    }
    const refused = await submitLogin({ email: "ada@example.com", password: PASSWORD }, from("10.2.0.1"));
    expect(refused).toEqual({ ok: false, reason: "tooManyAttempts", retryAfterSeconds: expect.any(Number) });
    expectWindowWait((refused as { retryAfterSeconds: number }).retryAfterSeconds);

    // Another account is not locked with it.
    const other = await submitLogin({ email: "grace@example.com", password: PASSWORD }, from("10.2.0.2"));
    expect(other.ok).toBe(true);
  });

  it("gives a successful sign-in's attempt back: only failures use up the limit", async () => {
    for (let attempt = 0; attempt < limit + 2; attempt++) {
      const outcome = await submitLogin({ email: "grace@example.com", password: PASSWORD }, from("10.4.0.1"));
      expect(outcome.ok).toBe(true);
    }
    for (let attempt = 0; attempt < limit; attempt++) {
      const outcome = await submitLogin({ email: "grace@example.com", password: "wrong" }, from("10.4.0.2"));
      expect(outcome).toEqual({ ok: false, reason: "invalidCredentials" });
    }
    const refused = await submitLogin({ email: "grace@example.com", password: PASSWORD }, from("10.4.0.3"));
    expect(refused).toMatchObject({ ok: false, reason: "tooManyAttempts" });
  });

  it("counts better-auth's own HTTP endpoint too, which answers 429 with Retry-After", async () => {
    const auth = await getAuth();
    const post = (address: string) =>
      auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: "http://localhost:3000",
            "X-Forwarded-For": address,
          },
          body: JSON.stringify({ email: "ada@example.com", password: "wrong-password" }),
        }),
      );
    for (let attempt = 0; attempt < limit - 1; attempt++) {
      expect((await post(`10.3.0.${attempt + 1}`)).status).toBe(401);
    }
    // The form's attempt is the last one allowed: both doors share the window.
    expect(await submitLogin({ email: "ada@example.com", password: "wrong" }, from("10.3.1.1"))).toEqual({
      ok: false,
      reason: "invalidCredentials",
    });
    const refused = await post("10.3.2.1");
    expect(refused.status).toBe(429);
    expectWindowWait(Number(refused.headers.get("Retry-After")));
    expect(await refused.json()).toMatchObject({
      message: "Too many attempts. Please try again in 15 minutes.",
    });
  });
});

describe("sign-up with an address that has an account", () => {
  /** The "someone tried to sign up" mails queued to `email`. */
  async function attemptMails(email: string) {
    return (await mailsTo(email)).filter((mail) => mail.subject === SIGNUP_ATTEMPT_SUBJECT);
  }

  it("answers as any sign-up, signs no one in, changes nothing and mails the owner", async () => {
    const db = await getDb();
    const accountsBefore = await db.select({ id: user.id }).from(user);
    const petsBefore = await db.select({ id: pet.id }).from(pet);

    const values = {
      name: "Mallory",
      email: "ADA@example.com",
      password: "mallory-password",
      confirmPassword: "mallory-password",
      petName: "Rex",
      petType: "dog" as const,
    };
    const outcome = await submitSignup(values, from("10.7.0.1"));
    // The same answer as a new sign-up (the route redirects with the same flash), without a session.
    expect(outcome).toEqual({ ok: true, headers: expect.any(Headers) });
    expect((outcome as { headers: Headers }).headers.getSetCookie()).toEqual([]);

    expect(await db.select({ id: user.id }).from(user)).toHaveLength(accountsBefore.length);
    expect(await db.select({ id: pet.id }).from(pet)).toHaveLength(petsBefore.length);
    // The owner's password still opens the account; the stranger's does not.
    expect((await submitLogin({ email: "ada@example.com", password: PASSWORD }, from("10.7.0.2"))).ok).toBe(
      true,
    );
    expect(
      await submitLogin({ email: "ada@example.com", password: "mallory-password" }, from("10.7.0.3")),
    ).toEqual({
      ok: false,
      reason: "invalidCredentials",
    });

    const [mail, ...more] = await attemptMails("ada@example.com");
    expect(more).toEqual([]);
    const [ada] = await db.select({ id: user.id }).from(user).where(eq(user.email, "ada@example.com"));
    expect(mail!.userId).toBe(ada!.id);
    const text = mail!.text;
    expect(text).toContain("/forgot-password");
    expect(text).not.toContain("mallory-password");
  });

  it("mails the owner a few times an hour at most, and answers the same after", async () => {
    const { limit } = RATE_LIMITS.signupExistingEmail;
    const values = {
      name: "M",
      email: "grace@example.com",
      password: "another-pass",
      confirmPassword: "another-pass",
    };
    for (let attempt = 0; attempt < limit + 2; attempt++) {
      const outcome = await submitSignup(values, from(`10.8.0.${attempt + 1}`));
      expect(outcome.ok).toBe(true);
    }
    expect(await attemptMails("grace@example.com")).toHaveLength(limit);
  });
});
