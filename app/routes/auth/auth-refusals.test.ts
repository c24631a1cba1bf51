import { describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "~/domain/auth";
import { TEXT_ERRORS } from "~/domain/text";
import { setUpRouteTests, settled, signUp, uniqueEmail } from "~tests/support/route-requests";
import { action as authApiAction } from "../resources/auth-api";
import { action } from "./auth";

/*
 * The refusals of /auth's forms, through its action as the forms post them (better-auth and the
 * database underneath): nothing tells an unknown address from a wrong password, guesses are
 * limited per client address and per account, each answered with 429 and when to retry, and
 * better-auth's own JSON endpoints are no way around the forms.
 * backend/auth/account.server.test.ts proves the per-account limit on the sign-in itself.
 */

setUpRouteTests();

const PASSWORD = "biscuit-2024";
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

type Answer = { status: number; headers: Headers; data: Record<string, unknown> };

/** Posts one of /auth's forms from `clientIp`; what the action answered or threw. */
async function postAuth(fields: Record<string, string>, clientIp: string): Promise<Answer> {
  const request = new Request("http://localhost/auth", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const value = await settled(() => action({ request, params: {}, context: { clientIp } } as never));
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: {} };
  const wrapped = value as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: wrapped.init?.status ?? 200,
    headers: new Headers(wrapped.init?.headers),
    data: wrapped.data,
  };
}

const logIn = (email: string, password: string, clientIp: string) =>
  postAuth({ intent: "login", email, password }, clientIp);

const signUpFields = (email: string, extra: Record<string, string> = {}) => ({
  intent: "signup",
  name: "Ada",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...extra,
});

describe("a failed login", () => {
  it("says the same for a wrong password and an unknown address, and signs no one in", async () => {
    const { email } = await signUp("Wanda Wrong");
    const nobody = uniqueEmail("nobody");
    const wrongPassword = await logIn(email, "not-the-password", "10.66.0.1");
    const unknownEmail = await logIn(nobody, "not-the-password", "10.66.0.2");
    for (const failed of [wrongPassword, unknownEmail]) {
      expect(failed.status).toBe(401);
      expect(failed.headers.get("Set-Cookie")).toBeNull();
      expect(failed.data).toMatchObject({ formError: AUTH_ERRORS.invalidCredentials });
    }
    // Nothing but the address typed, given back to refill the form, tells them apart.
    expect({ ...wrongPassword.data, values: {} }).toEqual({ ...unknownEmail.data, values: {} });
    expect(wrongPassword.data.values).toEqual({ email });
  }, 60_000);
});

describe("too many logins", () => {
  it("from one client address: the 11th attempt is a 429 saying when to retry", async () => {
    // A new address each time: the address's own limit (below) is not the one reached.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await logIn(uniqueEmail("nobody"), "wrong-password", "10.66.1.1")).status).toBe(401);
    }
    const refused = await logIn(uniqueEmail("nobody"), "wrong-password", "10.66.1.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.formError).toMatch(TOO_MANY);
    // Another client address is not held back.
    expect((await logIn(uniqueEmail("nobody"), "wrong-password", "10.66.1.2")).status).toBe(401);
  }, 60_000);

  it("for one account, from many addresses: then even the right password waits out the window", async () => {
    const { email } = await signUp("Gina Guessed");
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = await logIn(email.toUpperCase(), "wrong-password", `10.66.2.${attempt}`);
      expect(guess.status).toBe(401);
    }
    const refused = await logIn(email, PASSWORD, "10.66.3.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.formError).toMatch(TOO_MANY);
  }, 60_000);
});

describe("signing up", () => {
  it("refuses a control character in the pet's name beside the field; the address stays free", async () => {
    const email = uniqueEmail("nul");
    const refused = await postAuth(
      signUpFields(email, { petName: "Bis\u0000cuit", petType: "dog" }),
      "10.66.4.1",
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "signup", errors: { petName: TEXT_ERRORS.lineBreak } });
    expect((await postAuth(signUpFields(email), "10.66.4.1")).status).toBe(302);
  }, 60_000);
});

describe("better-auth's JSON endpoints", () => {
  it("are closed: sign-in, sign-up, resets and account changes go through the limited forms", async () => {
    const email = uniqueEmail("api");
    for (const [path, body] of [
      [
        "/api/auth/sign-up/email",
        { name: "x".repeat(60_000), email, password: PASSWORD, image: "javascript:alert(1)" },
      ],
      ["/api/auth/sign-in/email", { email, password: PASSWORD }],
      ["/api/auth/request-password-reset", { email }],
      ["/api/auth/reset-password", { newPassword: PASSWORD, token: "x" }],
      ["/api/auth/update-user", { name: "" }],
    ] as const) {
      const request = new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const response = (await authApiAction({ request, params: {}, context: {} } as never)) as Response;
      expect(response.status, path).toBe(404);
    }
    // Nothing was created: the address is still free to sign up with through the form.
    expect((await postAuth(signUpFields(email), "10.66.5.1")).status).toBe(302);
  }, 60_000);
});
