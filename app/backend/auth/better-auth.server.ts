import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { passwords } from "~/backend/auth/password.server";
import { dataDir, getDb } from "~/backend/db/client.server";
import * as schema from "~/backend/db/schema.server";
import { queueMail, sendMail } from "~/backend/mail/mailer.server";
import { consumeRateLimit, refundRateLimit, tooManyRequests } from "~/backend/rate-limit.server";
import { siteBaseUrl } from "~/utils/seo";

/** Cookies are named pawpal.*; the server checks for this one before touching the database. */
export const COOKIE_PREFIX = "pawpal";
export const RESET_LINK_TTL_SECONDS = 60 * 60;
/** How long the link that confirms an account's email address works. */
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * The verification row of an email-confirmation link: better-auth's token is a signed JWT that
 * it would take any number of times, so we keep its hash and the link works while the row is
 * there (once: opening it deletes the row; a newer link replaces it). value = the account's id.
 */
export function verifyEmailIdentifier(token: string) {
  return `verify-email:${crypto.createHash("sha256").update(token).digest("hex")}`;
}

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * Stores the link's row (the account's older links stop working) and queues its mail, as one.
 * `betterAuthUrl` is better-auth's own link, whose callbackURL is where the person was going when
 * they signed up or asked again (e.g. a family invitation): ours carries that path as `next`, and
 * /verify-email goes there once the address is confirmed (only a path on this site: safeRedirect).
 */
async function queueVerificationMail(
  db: Db,
  baseURL: string,
  user: { id: string; name: string; email: string },
  token: string,
  betterAuthUrl?: string,
) {
  const identifier = verifyEmailIdentifier(token);
  const query = betterAuthUrl?.split("?")[1];
  const callback = query ? new URLSearchParams(query).get("callbackURL") : null;
  // A path of this site only (the page checks again with safeRedirect before going there).
  const onSite = callback && /^\/[^/\\]/.test(callback);
  const next = onSite ? `&next=${encodeURIComponent(callback)}` : "";
  await db.transaction(async (tx) => {
    await tx
      .delete(schema.verification)
      .where(
        and(eq(schema.verification.value, user.id), like(schema.verification.identifier, "verify-email:%")),
      );
    await tx.insert(schema.verification).values({
      id: crypto.randomUUID(),
      identifier,
      value: user.id,
      expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_SECONDS * 1000),
    });
    await queueMail(
      {
        to: user.email,
        subject: "Confirm your email address for PawPal",
        text: [
          `Hello ${user.name},`,
          "",
          "Please confirm that this is the address of your PawPal account. Open this link within 24 hours:",
          "",
          `${baseURL}/verify-email?token=${encodeURIComponent(token)}${next}`,
          "",
          "Until you do, family invitations and reminders cannot reach you at this address.",
          "If you did not sign up for PawPal, ignore this mail: the account stays unconfirmed.",
        ].join("\n"),
      },
      // No key: each request is a mail (the same second's JWT, and so link, may repeat).
      { db: tx, userId: user.id },
    );
  });
}

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET, or a random one created
 * once in DATA_DIR so that `npm start` works on a fresh machine and sessions survive restarts.
 */
export function authSecret(): string {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  const file = path.join(dataDir(), "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** Social providers whose client id and secret are configured. */
export function configuredSocialProviders() {
  return {
    google: Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET),
    facebook: Boolean(process.env.FACEBOOK_CLIENT_ID && process.env.FACEBOOK_CLIENT_SECRET),
  };
}

/** The email a sign-in is for, as its limit counts it; undefined for a body better-auth refuses. */
function signInEmail(ctx: { path?: string; body?: unknown }) {
  if (ctx.path !== "/sign-in/email") return undefined;
  const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * Counts every password sign-in against its email's limit, in better-auth itself: our form
 * action and any caller of `auth.api.signInEmail` or `/api/auth/sign-in/email` pass here.
 * Over the limit, a 429 whose Retry-After and words say when to try again.
 */
const limitSignInPerEmail = createAuthMiddleware(async (ctx) => {
  const email = signInEmail(ctx);
  if (email === undefined) return;
  const verdict = await consumeRateLimit("loginEmail", email);
  if (verdict.ok) return;
  const limited = tooManyRequests(verdict.retryAfterSeconds);
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_ATTEMPTS", message: limited.message },
    limited.init.headers,
  );
});

/** Only failed sign-ins use up the limit: someone who signs in often does not lock their account. */
const refundSuccessfulSignIn = createAuthMiddleware(async (ctx) => {
  const email = signInEmail(ctx);
  if (email !== undefined && ctx.context.newSession) await refundRateLimit("loginEmail", email);
});

async function createAuth() {
  const db = await getDb();
  const baseURL = siteBaseUrl();
  const social = configuredSocialProviders();
  return betterAuth({
    appName: "PawPal",
    baseURL,
    basePath: "/api/auth",
    secret: authSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      password: passwords,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A reset ends every other reset link of the account too (sessions end above).
      onPasswordReset: async ({ user }) => {
        await db
          .delete(schema.verification)
          .where(
            and(
              eq(schema.verification.value, user.id),
              like(schema.verification.identifier, "reset-password:%"),
            ),
          );
      },
      // Our own page takes the token, so the link leads to the site, not to the API.
      sendResetPassword: async ({ user, token }) => {
        await sendMail({
          to: user.email,
          subject: "Reset your PawPal password",
          text: [
            `Hello ${user.name},`,
            "",
            "Someone (hopefully you) asked to reset the password of your PawPal account.",
            "Choose a new password here within the next hour:",
            "",
            `${baseURL}/reset-password?token=${encodeURIComponent(token)}`,
            "",
            "If you did not ask for this, ignore this mail: your password stays as it is.",
          ].join("\n"),
        });
      },
    },
    // The address is unproven until the mailed link is opened; the account works meanwhile,
    // but nothing that trusts the address does (family invitations, reminders: decision 12).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_TTL_SECONDS,
      autoSignInAfterVerification: false,
      // Our own page takes the token (better-auth's endpoint stays closed), through our queue.
      sendVerificationEmail: ({ user, token, url }) => queueVerificationMail(db, baseURL, user, token, url),
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    socialProviders: {
      ...(social.google
        ? {
            google: {
              clientId: process.env.GOOGLE_CLIENT_ID!,
              clientSecret: process.env.GOOGLE_CLIENT_SECRET!,
            },
          }
        : {}),
      ...(social.facebook
        ? {
            facebook: {
              clientId: process.env.FACEBOOK_CLIENT_ID!,
              clientSecret: process.env.FACEBOOK_CLIENT_SECRET!,
            },
          }
        : {}),
    },
    // No cookie cache of the session: logging out or resetting the password must end a
    // session at once, which only the database lookup guarantees.
    // The session's updated_at is refreshed at most once an hour (better-auth's default is a day):
    // /account shows it as "last active".
    session: { cookieCache: { enabled: false }, updateAge: 60 * 60 },
    // Rate limits are ours (per route, per client address): see backend/rate-limit.server.ts.
    rateLimit: { enabled: false },
    // And per email for every password sign-in, whichever door it comes through.
    hooks: { before: limitSignInPerEmail, after: refundSuccessfulSignIn },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

type Auth = Awaited<ReturnType<typeof createAuth>>;

// One instance per process (the server entry and the app build share it through globalThis).
const holder = globalThis as typeof globalThis & { __pawpalAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  holder.__pawpalAuth ??= createAuth().catch((error: unknown) => {
    holder.__pawpalAuth = undefined;
    throw error;
  });
  return holder.__pawpalAuth;
}
