import { redirect } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { COOKIE_PREFIX, getAuth } from "./better-auth.server";

const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/** Cheap test, no database: does the request carry a session cookie at all? */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, name, email, role, emailVerified } = session.user as typeof session.user & { role?: string };
  return {
    id,
    name,
    email,
    role: role === "staff" ? "staff" : "user",
    emailVerified: emailVerified === true,
  };
}

/** The signed-in user; anyone else is sent to log in and brought back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(pathname + search)}`);
  }
  return user;
}
