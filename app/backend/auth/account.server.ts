import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { configuredSocialProviders, getAuth, verifyEmailIdentifier } from "~/backend/auth/better-auth.server";
import { getDb } from "~/backend/db/client.server";
import { user, verification } from "~/backend/db/schema.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { createPet } from "~/backend/pets.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { storedPetType, type SessionUser } from "~/domain/auth";
import type { LoginValues, SignupValues } from "~/domain/auth-schemas";
import { siteBaseUrl } from "~/utils/seo";

/**
 * Server side of the account forms, on top of better-auth. Each call passes the request's
 * headers (client address, user agent, cookies) and hands back the Set-Cookie headers of
 * better-auth's answer for the route to forward on its redirect. Passwords are never logged.
 */

export type AuthOutcome =
  /** `user`: who logged in (a login only), to choose where they land. */
  | { ok: true; headers: Headers; user?: Pick<SessionUser, "id" | "role"> | null }
  | { ok: false; reason: "invalidCredentials" | "passwordRejected" }
  | { ok: false; reason: "tooManyAttempts"; retryAfterSeconds: number };

/** Every Set-Cookie of better-auth's response, to forward on our own. */
export function forwardedCookies(response: Response, into = new Headers()) {
  for (const cookie of response.headers.getSetCookie()) into.append("Set-Cookie", cookie);
  return into;
}

async function errorCode(response: Response) {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === "string" ? body.code : undefined;
  } catch {
    return undefined;
  }
}

export async function submitLogin({ email, password }: LoginValues, request: Request): Promise<AuthOutcome> {
  const auth = await getAuth();
  let response: Response;
  try {
    response = await auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      asResponse: true,
    });
  } catch (error) {
    // The per-email limit (better-auth.server.ts) refuses before better-auth answers.
    if (isAPIError(error) && error.statusCode === 429) {
      const retryAfter = new Headers(error.headers as HeadersInit).get("Retry-After");
      return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: Number(retryAfter) };
    }
    throw error;
  }
  if (response.ok) return { ok: true, headers: forwardedCookies(response), user: await loggedIn(response) };
  if (response.status === 401 || response.status === 400 || response.status === 403) {
    return { ok: false, reason: "invalidCredentials" };
  }
  throw new Error(`Login failed with status ${response.status}`);
}

/** Who better-auth's answer to a login names (its id and role), or null if it names nobody. */
async function loggedIn(response: Response): Promise<Pick<SessionUser, "id" | "role"> | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown; role?: unknown } };
    const id = body.user?.id;
    if (typeof id !== "string") return null;
    return { id, role: body.user?.role === "staff" ? "staff" : "user" };
  } catch {
    return null;
  }
}

/**
 * Creates the account and signs it in. An address that already has an account gets the same
 * answer as any sign-up (the form must not tell a stranger who has an account here), but no
 * session: its owner is mailed that someone tried, with the way to log in or reset the password.
 */
export async function submitSignup(
  values: SignupValues,
  request: Request,
  /** Where the sign-up goes next (a path on this site): the confirmation link comes back there. */
  next?: string,
): Promise<AuthOutcome> {
  const auth = await getAuth();
  const response = await auth.api.signUpEmail({
    body: {
      name: values.name,
      email: values.email,
      password: values.password,
      ...(next ? { callbackURL: next } : {}),
    },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const code = await errorCode(response);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      await mailSignupAttempt(values.email);
      return { ok: true, headers: new Headers() };
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      return { ok: false, reason: "passwordRejected" };
    }
    throw new Error(`Sign-up failed with status ${response.status} (${code ?? "no code"})`);
  }
  const { user: created } = (await response.clone().json()) as { user: { id: string } };
  if (values.petName) {
    await createPet(created.id, {
      name: values.petName,
      type: storedPetType(values.petType),
      breed: null,
      birthDate: null,
      weightKg: null,
    });
  }
  console.info("[auth] signup", { userId: created.id, plan: values.plan ?? null });
  return { ok: true, headers: forwardedCookies(response) };
}

export const SIGNUP_ATTEMPT_SUBJECT = "Someone tried to sign up to PawPal with your address";

/** Tells an account's owner that a sign-up named their address; a few an hour at most per address. */
async function mailSignupAttempt(email: string) {
  if (!(await consumeRateLimit("signupExistingEmail", email.toLowerCase())).ok) return;
  const db = await getDb();
  const [owner] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  if (!owner) return;
  const base = siteBaseUrl();
  await queueMail(
    {
      to: owner.email,
      subject: SIGNUP_ATTEMPT_SUBJECT,
      text: [
        `Hello ${owner.name},`,
        "",
        "Someone (perhaps you) tried to create a PawPal account with this address, which already has one.",
        "Nothing was changed and no one was signed in.",
        "",
        `If it was you, log in here: ${base}/auth`,
        `Forgot your password? Choose a new one here: ${base}/forgot-password`,
        "",
        "If it was not you, you can ignore this mail.",
      ].join("\n"),
    },
    { userId: owner.id },
  );
}

/** Ends the session on the server; the answer's cookies clear it in the browser. */
export async function submitLogout(request: Request): Promise<Headers> {
  const auth = await getAuth();
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  return forwardedCookies(response);
}

export const PASSWORD_RESET_JOB = "password-reset";

/**
 * Asks for a reset mail to `email`, answering the same, in the same time, whether an account
 * has it or not: the lookup and the mail happen in a background job. At most a few per address
 * an hour (the rest are dropped quietly, so the limit tells nothing either).
 */
export async function requestPasswordReset(email: string) {
  if (!(await consumeRateLimit("passwordResetEmail", email.toLowerCase())).ok) return;
  // No account named (job.user_id): the request is the address's, whoever asked; an account
  // deleted meanwhile leaves better-auth nothing to mail.
  await enqueueJob(PASSWORD_RESET_JOB, { email });
}

/** The job: better-auth looks the account up and, if there is one, mails the link. */
export async function sendPasswordReset(payload: unknown) {
  const { email } = payload as { email: string };
  const auth = await getAuth();
  const response = await auth.api.requestPasswordReset({
    body: { email, redirectTo: "/reset-password" },
    headers: new Headers(),
    asResponse: true,
  });
  if (!response.ok) throw new Error(`Password reset request failed with status ${response.status}`);
}

/** Sets the new password; false when the token is unknown, used or expired. */
export async function resetPassword(newPassword: string, token: string, request: Request) {
  const auth = await getAuth();
  const response = await auth.api.resetPassword({
    body: { newPassword, token },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) return true;
  if (response.status === 400 || response.status === 401 || response.status === 404) return false;
  throw new Error(`Password reset failed with status ${response.status}`);
}

export type VerifyEmailOutcome = { ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" };

/**
 * Confirms an account's address with the token of the mailed link. Once only: the link's row
 * is taken first, so a second opening (or an older link a resend replaced) is refused; then
 * better-auth checks its signed token (account, address, 24 h) and marks the address verified.
 */
export async function verifyEmailLink(token: string, now = new Date()): Promise<VerifyEmailOutcome> {
  if (!token || token.length > 4096) return { ok: false, reason: "invalid" };
  const db = await getDb();
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, verifyEmailIdentifier(token)))
    .returning({ userId: verification.value, expiresAt: verification.expiresAt });
  if (!row) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  const auth = await getAuth();
  const response = await auth.api.verifyEmail({ query: { token }, headers: new Headers(), asResponse: true });
  if (response.ok) {
    console.info("[auth] email verified", { userId: row.userId });
    return { ok: true, userId: row.userId };
  }
  if (response.status >= 500) throw new Error(`Email verification failed with status ${response.status}`);
  return { ok: false, reason: (await errorCode(response)) === "TOKEN_EXPIRED" ? "expired" : "invalid" };
}

export type ResendVerificationOutcome =
  | { ok: true }
  | { ok: false; reason: "alreadyVerified" }
  | { ok: false; reason: "tooManyAttempts"; retryAfterSeconds: number };

/**
 * Mails the signed-in account a new confirmation link (the older ones stop working); a few an
 * hour. The link comes back to `next` (a path on this site), e.g. the invitation it was asked from.
 */
export async function resendVerificationMail(
  user: SessionUser,
  request: Request,
  next?: string,
): Promise<ResendVerificationOutcome> {
  if (user.emailVerified) return { ok: false, reason: "alreadyVerified" };
  const verdict = await consumeRateLimit("verifyEmail", user.id);
  if (!verdict.ok)
    return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: verdict.retryAfterSeconds };
  const auth = await getAuth();
  // With the session: better-auth mails the session's own address only, and not once verified.
  const response = await auth.api.sendVerificationEmail({
    body: { email: user.email, ...(next ? { callbackURL: next } : {}) },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) return { ok: true };
  if ((await errorCode(response)) === "EMAIL_ALREADY_VERIFIED")
    return { ok: false, reason: "alreadyVerified" };
  throw new Error(`Verification mail request failed with status ${response.status}`);
}

export type SocialProvider = "google" | "facebook";

/** The provider's sign-in page to send the visitor to, with the state cookie to forward. */
export async function startSocialLogin(provider: SocialProvider, request: Request) {
  if (!configuredSocialProviders()[provider]) return null;
  const auth = await getAuth();
  const response = await auth.api.signInSocial({
    body: { provider, callbackURL: "/" },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) throw new Error(`Social sign-in failed with status ${response.status}`);
  const { url } = (await response.clone().json()) as { url?: unknown };
  if (typeof url !== "string") throw new Error("Social sign-in answered without a URL");
  return { url, headers: forwardedCookies(response) };
}
