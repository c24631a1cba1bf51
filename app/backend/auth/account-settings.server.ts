import { and, asc, eq, gt, isNotNull, ne } from "drizzle-orm";
import { describeSince, describeUserAgent, type AccountSession } from "~/domain/account";
import { forwardedCookies } from "~/backend/auth/account.server";
import { getAuth } from "~/backend/auth/better-auth.server";
import { getDb } from "~/backend/db/client.server";
import { account, session } from "~/backend/db/schema.server";

/**
 * Server side of /account's name, password and session forms, on top of better-auth. Each call
 * passes the request's headers (its session cookie); passwords are never logged.
 */

/** Why better-auth refused a password: wrong, or the account has none (social sign-in only). */
export type PasswordRefusal = "wrongPassword" | "noPassword";

async function refusal(response: Response): Promise<PasswordRefusal | null> {
  if (response.status !== 400) return null;
  const { code } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: unknown };
  if (code === "INVALID_PASSWORD") return "wrongPassword";
  if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return "noPassword";
  return null;
}

async function hasPassword(userId: string) {
  const db = await getDb();
  const [found] = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)),
    );
  return found !== undefined;
}

/** The id of the request's session (the one the page calls "this device"), or null. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: request.headers });
  return found?.session.id ?? null;
}

export async function changeName(name: string, request: Request) {
  const auth = await getAuth();
  await auth.api.updateUser({ body: { name }, headers: request.headers });
}

/**
 * Sets a new password once the current one is confirmed, and ends every other session of the
 * account (a changed password should lock out whoever else knew it). This device gets a new
 * session: forward the answer's cookies.
 */
export async function changePassword(
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  request: Request,
): Promise<{ ok: true; headers: Headers } | { ok: false; reason: PasswordRefusal }> {
  const auth = await getAuth();
  const response = await auth.api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) return { ok: true, headers: forwardedCookies(response) };
  const reason = await refusal(response);
  if (reason) return { ok: false, reason };
  throw new Error(`Password change failed with status ${response.status}`);
}

/** Checks the signed-in user's password (to confirm deleting the account); changes nothing. */
export async function verifyPassword(password: string, request: Request): Promise<true | PasswordRefusal> {
  const auth = await getAuth();
  // better-auth answers "invalid password" for an account without one too: tell them apart.
  const found = await auth.api.getSession({ headers: request.headers });
  if (found && !(await hasPassword(found.user.id))) return "noPassword";
  const response = await auth.api.verifyPassword({
    body: { password },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) return true;
  const reason = await refusal(response);
  if (reason) return reason;
  throw new Error(`Password check failed with status ${response.status}`);
}

/** The account's live sessions, this device first, then the most recently active. */
export async function listSessions(
  userId: string,
  currentId: string | null,
  now = new Date(),
): Promise<AccountSession[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(asc(session.createdAt), asc(session.id));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      startedAt: describeSince(row.createdAt, now),
      lastActiveAt: describeSince(row.updatedAt, now),
      current: row.id === currentId,
      sortKey: row.updatedAt.getTime(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.sortKey - a.sortKey)
    .map(({ sortKey: _sortKey, ...listed }) => listed);
}

/**
 * Ends one of the user's other sessions (that device is signed out at its next request).
 * False when the user has no such session, or it is this device's (Log out ends that one).
 */
export async function endSession(userId: string, sessionId: string, currentId: string) {
  const db = await getDb();
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId), ne(session.id, currentId)))
    .returning({ id: session.id });
  return ended.length > 0;
}

/** Ends every session of the user but this device's; answers how many ended. */
export async function endOtherSessions(userId: string, currentId: string) {
  const db = await getDb();
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentId)))
    .returning({ id: session.id });
  return ended.length;
}
