import { beforeAll, beforeEach, vi } from "vitest";
import { submitSignup } from "~/backend/auth/account.server";
import { getUser } from "~/backend/auth/session.server";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { setStaffProfile } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import type { PlanId } from "~/domain/plans";
import type { StaffRole } from "~/domain/staff";

/*
 * Route and backend tests in Vitest: accounts made by the real sign-up, and loaders and actions
 * called as React Router calls them, with a Request that carries the account's session cookie.
 * Each test file loads its own copy of this module (and has its own database), so the numbers
 * that keep addresses apart start again in every file.
 */

/** An account a test signed up, as the session sees it, with the Cookie header that opens it. */
export type Account = SessionUser & { cookie: string };

/** The password of every account signUp makes, unless a test gives its own. */
const TEST_PASSWORD = "biscuit-2024";

const TEST_AUTH_SECRET = "unit-test-secret-unit-test-secret-0123";

let serial = 0;
let signUps = 0;

/**
 * The set-up a route test file shares, registered where it is called: better-auth's secret (so
 * nothing is written to ./data), BASE_URL where the file reads links, the sign-up's log kept
 * quiet, and the rate limits reset before each test (many requests come from one client).
 */
export function setUpRouteTests({ baseUrl }: { baseUrl?: string } = {}) {
  beforeAll(() => {
    process.env.BETTER_AUTH_SECRET ??= TEST_AUTH_SECRET;
    if (baseUrl) vi.stubEnv("BASE_URL", baseUrl);
    vi.spyOn(console, "info").mockImplementation(() => {});
  });
  beforeEach(() => resetRateLimits());
}

/** `prefix-N@example.com`, an address no other call in this test file answers. */
export function uniqueEmail(prefix: string): string {
  serial += 1;
  return `${prefix}-${serial}@example.com`;
}

/** The Cookie header a browser sends back after these Set-Cookie headers (their name=value parts). */
export function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

type SignUpOptions = {
  /** Unless given, one made from the name that no other account of the file has. */
  email?: string;
  password?: string;
  /** Set by staff after the sign-up (never through Stripe); "free" leaves the account as it is. */
  plan?: PlanId;
};

/**
 * A new account, signed in: through our sign-up (better-auth underneath: a password hash and
 * several writes, so files sign their accounts up once where they can), from a client address
 * of its own, as the sign-up form's action does it. The new account is unverified.
 */
export async function signUp(name: string, options: SignUpOptions = {}): Promise<Account> {
  // better-auth signs sessions with it; given here, nothing is written to ./data.
  process.env.BETTER_AUTH_SECRET ??= TEST_AUTH_SECRET;
  const email =
    options.email ??
    uniqueEmail(
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    );
  const password = options.password ?? TEST_PASSWORD;
  signUps += 1;
  const outcome = await submitSignup(
    { name, email, password, confirmPassword: password },
    new Request("http://localhost/auth", {
      method: "POST",
      headers: { "X-Forwarded-For": `10.250.${Math.floor(signUps / 250)}.${signUps % 250}` },
    }),
  );
  if (!outcome.ok) throw new Error(`sign-up as ${email} failed: ${outcome.reason}`);
  const cookie = sessionCookie(outcome.headers);
  // An address that already has an account gets the same answer, without a session.
  const user = cookie ? await getUser(new Request("http://localhost/", { headers: { cookie } })) : null;
  if (!user) throw new Error(`sign-up as ${email} signed nobody in (does the address have an account?)`);
  if (options.plan && options.plan !== "free") {
    await setPlanByStaff({ userId: user.id, plan: options.plan, until: null });
  }
  return { ...user, cookie };
}

/** A new staff account, signed in: a vet consults from Ohio, other staff have no region. */
export async function signUpStaff(
  name: string,
  role: StaffRole,
  options: SignUpOptions & { displayName?: string } = {},
): Promise<Account> {
  const account = await signUp(name, options);
  await setStaffProfile(account.id, {
    role,
    displayName: options.displayName ?? name,
    region: role === "vet" ? "Ohio, USA" : "",
  });
  return account;
}

/* Calling a route as React Router does, and reading its answer. */

const BASE = "http://localhost";

type Visitor = { cookie: string } | undefined;

/** A GET of `path`, as `who` (signed out without), with more cookies if given (the time zone's). */
export function get(path: string, who?: Visitor, extraCookie?: string): Request {
  const cookie = [who?.cookie, extraCookie].filter(Boolean).join("; ");
  return new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

/**
 * A form posted to `path` as `who`, multipart (FormData), as a form with a file input sends it;
 * a field given a list is sent once for each value, as checkboxes of one name are.
 */
export function post(
  path: string,
  who: Visitor,
  fields: Record<string, string | File | readonly (string | File)[]>,
): Request {
  const body = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of typeof values === "string" || values instanceof File ? [values] : values) {
      body.append(name, value);
    }
  }
  return new Request(`${BASE}${path}`, { method: "POST", headers: who ? { cookie: who.cookie } : {}, body });
}

/** A form posted to `path` as `who`, urlencoded, as a form without a file input sends it. */
export function postUrlencoded(path: string, who: Visitor, fields: Record<string, string>): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { ...(who ? { cookie: who.cookie } : {}), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The arguments React Router gives a loader or action, typed as the route's own. */
export const routeArgs = <T>(request: Request, params: object = {}, context: object = {}) =>
  ({ request, params, context }) as unknown as T;

/** What a loader or action returned, or what it threw (a redirect, data() with an error status). */
export async function settled(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** The status React Router answers a returned or thrown value with. */
export const statusOf = (value: unknown): number =>
  value instanceof Response
    ? value.status
    : ((value as { init?: { status?: number } | null }).init?.status ?? 200);

export type RouteAnswer = {
  status: number;
  location: string | null;
  data: Record<string, unknown>;
  /** The Response itself when the route answered one (a redirect's cookies, a photo's bytes). */
  response?: Response;
};

/**
 * What a loader or action answered, returned or thrown: a Response (a redirect, a photo), data()
 * with its status, a plain value (200), nothing (200), or an error (500, React Router's error page).
 */
export async function answer(
  run: (args: never) => Promise<unknown>,
  request: Request,
  params: object = {},
): Promise<RouteAnswer> {
  const value = await settled(() => run(routeArgs(request, params)));
  if (value === null || value === undefined) return { status: 200, location: null, data: {} };
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: {}, response: value };
  }
  const wrapped = value as {
    type?: string;
    data?: Record<string, unknown>;
    init?: { status?: number } | null;
  };
  if (wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data ?? {} };
  }
  if (value instanceof Error) return { status: 500, location: null, data: { error: value.message } };
  return { status: 200, location: null, data: value as Record<string, unknown> };
}
