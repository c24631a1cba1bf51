import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailsTo } from "~tests/support/queued-mails";
import { routeArgs, sessionCookie, settled } from "~tests/support/route-requests";
import { getUser } from "~/backend/auth/session.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { action as authAction } from "~/routes/auth/auth";
import { action, loader } from "./verify-email";

/*
 * Confirming the address returns to where the person was going when they signed up: a family
 * invitation's sign-up comes back to the invitation. Only paths of this site are followed.
 */

vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");
vi.stubEnv("BASE_URL", "https://pawpal.example");

const PASSWORD = "verify-next-password-1";
const INVITATION = "/family/join?token=abcdefghijklmnopqrstuvwxyz012345";
let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

/** Signs up through the sign-up form's action, going on to `redirectTo`; answers the session cookie. */
async function signUpFrom(redirectTo: string | null) {
  serial += 1;
  const email = `verify-next-${serial}@example.com`;
  const form = new URLSearchParams({
    intent: "signup",
    name: "Ivy",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (redirectTo !== null) form.set("redirectTo", redirectTo);
  const response = (await settled(() =>
    authAction(
      routeArgs(
        new Request("http://localhost/auth", { method: "POST", body: form }),
        {},
        {
          clientIp: `10.21.0.${serial}`,
        },
      ),
    ),
  )) as Response;
  expect(response.status).toBe(302);
  return { email, cookie: sessionCookie(response.headers), location: response.headers.get("Location") };
}

/** The confirmation links mailed to `email`, oldest first. */
async function links(email: string) {
  return (await mailsTo(email))
    .filter((mail) => mail.subject.startsWith("Confirm your email"))
    .map((mail) => new URL(/https:\/\/pawpal\.example\/verify-email\?\S+/.exec(mail.text)![0]));
}

/** Opens a link as the page's loader gets it; answers the redirect's target (or the answer). */
async function open(link: URL | string, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  return (await settled(() =>
    loader(routeArgs(new Request(new URL(link.toString(), "http://localhost"), { headers }))),
  )) as Response | { data: { kind: string; canResend: boolean; next?: string }; init: ResponseInit };
}

describe("the confirmation link of a sign-up from an invitation", { timeout: 60_000 }, () => {
  it("carries the invitation, and opening it (signed in) confirms and goes back to it", async () => {
    const { email, cookie, location } = await signUpFrom(INVITATION);
    expect(location).toBe(INVITATION);
    const [link] = await links(email);
    expect(link!.searchParams.get("next")).toBe(INVITATION);
    const answer = (await open(link!, cookie)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(INVITATION);
    // With the one-time "confirmed" message, and the address confirmed.
    expect(answer.headers.get("Set-Cookie")).toMatch(/emailVerified/);
    const session = new Request("http://localhost/", { headers: { cookie } });
    expect((await getUser(session))?.emailVerified).toBe(true);
  });

  it("opened signed out (another device), goes to log in, and from there to the invitation", async () => {
    const { email } = await signUpFrom(INVITATION);
    const [link] = await links(email);
    const answer = (await open(link!)) as Response;
    expect(answer.headers.get("Location")).toBe(
      `/auth?tab=login&redirectTo=${encodeURIComponent(INVITATION)}`,
    );
  });

  it("a sign-up going nowhere in particular gets the plain link, which goes to the account", async () => {
    const { email, cookie } = await signUpFrom(null);
    const [link] = await links(email);
    expect(link!.searchParams.has("next")).toBe(false);
    expect(((await open(link!, cookie)) as Response).headers.get("Location")).toBe("/account");
  });

  it.each(["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "a link whose next is %s goes to the account, never off the site",
    async (next) => {
      const { email, cookie } = await signUpFrom(null);
      const [link] = await links(email);
      link!.searchParams.set("next", next);
      expect(((await open(link!, cookie)) as Response).headers.get("Location")).toBe("/account");
    },
  );

  it("a sign-up whose redirect is off the site mails no next at all", async () => {
    const { email, location } = await signUpFrom("https://evil.example/");
    expect(location).toBe("/");
    const [link] = await links(email);
    expect(link!.searchParams.has("next")).toBe(false);
  });

  it("a used link says so, and asking again from there keeps the invitation in the new link", async () => {
    const { email, cookie } = await signUpFrom(INVITATION);
    const [link] = await links(email);
    const used = new URL(link!);
    used.searchParams.set("token", "not-a-token");
    const refused = (await open(used, cookie)) as {
      data: { kind: string; canResend: boolean; next: string };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toEqual({ kind: "invalid", canResend: true, next: INVITATION });

    const again = (await settled(() =>
      action(
        routeArgs(
          new Request("http://localhost/verify-email", {
            method: "POST",
            headers: { cookie },
            body: new URLSearchParams({ intent: "resend", redirectTo: INVITATION }),
          }),
        ),
      ),
    )) as Response;
    expect(again.headers.get("Location")).toBe(INVITATION);
    const [, fresh] = await links(email);
    expect(fresh!.searchParams.get("next")).toBe(INVITATION);
    expect(((await open(fresh!, cookie)) as Response).headers.get("Location")).toBe(INVITATION);
  });
});
