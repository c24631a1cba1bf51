// vitest: own module graph
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/auth/auth";
import { AUTH_ERRORS } from "~/domain/auth";
import { submitLogin, submitSignup } from "~/backend/auth/account.server";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";
import { RATE_LIMITS, resetRateLimits } from "~/backend/rate-limit.server";

// The route's action with better-auth and the database replaced (the browser tests use the real ones).
vi.mock("~/backend/auth/account.server", () => ({
  submitLogin: vi.fn(),
  submitSignup: vi.fn(),
  startSocialLogin: vi.fn(),
}));
vi.mock("~/backend/auth/session.server", () => ({ getUser: vi.fn(async () => null) }));
vi.mock("~/backend/auth/better-auth.server", () => ({
  configuredSocialProviders: () => ({ google: false, facebook: false }),
}));

const signedIn = () =>
  new Headers({ "Set-Cookie": "pawpal.session_token=abc; Path=/; HttpOnly; SameSite=Lax" });

beforeEach(async () => {
  await resetRateLimits();
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("auth action", () => {
  const run = (fields: Record<string, string>) =>
    action({
      request: new Request("http://localhost/auth", { method: "POST", body: new URLSearchParams(fields) }),
      params: {},
      context: { clientIp: "10.0.0.1", cspNonce: "" },
    } as Parameters<typeof action>[0]);

  it("answers 400 with login errors and echoes the email only", async () => {
    const response = await run({ intent: "login", email: "ada@", password: "" });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({
      intent: "login",
      ok: false,
      errors: { email: AUTH_ERRORS.emailInvalid, password: AUTH_ERRORS.passwordRequired },
      values: { email: "ada@" },
    });
    expect(console.info).not.toHaveBeenCalled();
  });

  it("answers 400 with a mismatch and never echoes passwords", async () => {
    const response = await run({
      intent: "signup",
      name: "Ada",
      email: "ada@example.com",
      password: "one-password",
      confirmPassword: "two-password",
    });
    expect(response.init?.status).toBe(400);
    expect(response.data).toMatchObject({
      intent: "signup",
      ok: false,
      errors: { confirmPassword: AUTH_ERRORS.passwordMismatch },
    });
    expect(JSON.stringify(response.data)).not.toMatch(/one-password|two-password/);
    expect(console.info).not.toHaveBeenCalled();
  });

  it("redirects a valid login with the session and flash cookies, to a safe redirectTo only", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: true, headers: signedIn() });
    const login = { intent: "login", email: "ada@example.com", password: "x" };
    const cases: [string, string][] = [
      ["/pets", "/pets"],
      ["//evil.example", "/"],
      ["https://evil.example", "/"],
    ];
    for (const [redirectTo, expected] of cases) {
      const response = (await run({ ...login, redirectTo }).catch((thrown: unknown) => thrown)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(expected);
      const cookies = response.headers.getSetCookie().join("\n");
      expect(cookies).toContain("pawpal.session_token=abc");
      expect(cookies).toMatch(/pawpal\.flash=login\.[\w-]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax/);
    }
  });

  it("answers 401 with one message for wrong credentials", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: false, reason: "invalidCredentials" });
    const response = await run({ intent: "login", email: "ada@example.com", password: "nope" });
    expect(response.init?.status).toBe(401);
    expect(response.data).toEqual({
      intent: "login",
      ok: false,
      errors: {},
      values: { email: "ada@example.com" },
      formError: "Invalid email or password",
    });
  });

  it("redirects a valid sign-up with the signup flash", async () => {
    vi.mocked(submitSignup).mockResolvedValue({ ok: true, headers: signedIn() });
    const response = (await run({
      intent: "signup",
      name: "Ada",
      email: "ada@example.com",
      password: "same-password",
      confirmPassword: "same-password",
      petName: "",
      petType: "",
    }).catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/pawpal\.flash=signup\./);
  });

  it("refuses a social login that is not configured", async () => {
    const response = await run({ intent: "social", provider: "google" });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({
      intent: "social",
      ok: false,
      formError: "Google sign-in is not configured on this server.",
    });
  });

  it("shows the rate limit's message in the form with status 429 and when to retry", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: false, reason: "invalidCredentials" });
    const login = { intent: "login", email: "ada@example.com", password: "x" };
    for (let attempt = 0; attempt < RATE_LIMITS.login.limit; attempt++) {
      expect((await run(login)).init?.status).toBe(401);
    }
    const response = await run(login);
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toBe(
      String(RATE_LIMITS.login.windowSeconds),
    );
    expect(response.data).toEqual({
      intent: "login",
      ok: false,
      errors: {},
      values: { email: "ada@example.com" },
      formError: "Too many attempts. Please try again in 15 minutes.",
    });
    expect(submitLogin).toHaveBeenCalledTimes(RATE_LIMITS.login.limit);
  });

  it("answers 429 with Retry-After and words when the email's own limit refuses the sign-in", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: false, reason: "tooManyAttempts", retryAfterSeconds: 45 });
    const response = await run({ intent: "login", email: "ada@example.com", password: "x" });
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toBe("45");
    expect(response.data).toEqual({
      intent: "login",
      ok: false,
      errors: {},
      values: { email: "ada@example.com" },
      formError: "Too many attempts. Please try again in 45 seconds.",
    });
  });

  it.each([
    ["JSON", "application/json", '{"intent":"login"}'],
    ["plain text", "text/plain", "intent=login"],
  ])("refuses a %s body with 415 and a message", async (_kind, contentType, body) => {
    const refused = action({
      request: new Request("http://localhost/auth", {
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
      }),
      params: {},
      context: { clientIp: "10.0.0.1", cspNonce: "" },
    } as Parameters<typeof action>[0]);
    await expect(refused).rejects.toMatchObject({
      init: { status: 415 },
      data: { formError: FORM_DATA_ERRORS.contentType },
    });
    expect(submitLogin).not.toHaveBeenCalled();
  });

  it("refuses an unknown intent", async () => {
    await expect(run({ intent: "delete-everything" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});
