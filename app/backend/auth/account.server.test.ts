// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { submitLogin, submitSignup } from "~/backend/auth/account.server";
import { getAuth } from "~/backend/auth/better-auth.server";
import { RATE_LIMITS, resetRateLimits } from "~/backend/rate-limit.server";

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
