import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { account, session, user } from "~/backend/db/schema.server";
import { signUp } from "~tests/support/route-requests";
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  verifyPassword,
} from "./account-settings.server";

const NOW = new Date("2026-11-23T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function addSession(
  id: string,
  userId: string,
  userAgent: string,
  createdAt: Date,
  updatedAt: Date,
  expiresAt?: Date,
) {
  const db = await getDb();
  await db.insert(session).values({
    id,
    token: `token-${id}`,
    userId,
    userAgent,
    createdAt,
    updatedAt,
    expiresAt: expiresAt ?? new Date(NOW.getTime() + 86_400_000),
  });
}

async function sessionIds(userId: string) {
  const db = await getDb();
  return (await db.select({ id: session.id }).from(session).where(eq(session.userId, userId)))
    .map((row) => row.id)
    .sort();
}

describe("an account's sessions", () => {
  beforeAll(async () => {
    const db = await getDb();
    await db.insert(user).values([
      { id: "me", name: "Me", email: "me@example.com" },
      { id: "them", name: "Them", email: "them@example.com" },
    ]);
    await addSession("me-laptop", "me", CHROME_WINDOWS, minutesAgo(3 * 24 * 60), minutesAgo(0));
    await addSession("me-phone", "me", SAFARI_IPHONE, minutesAgo(120), minutesAgo(90));
    await addSession("me-old", "me", CHROME_WINDOWS, minutesAgo(600), minutesAgo(10));
    await addSession("me-expired", "me", CHROME_WINDOWS, minutesAgo(9000), minutesAgo(9000), minutesAgo(1));
    await addSession("them-laptop", "them", CHROME_WINDOWS, minutesAgo(5), minutesAgo(5));
  });

  it("lists the live ones in plain words, this device first, then the most recently active", async () => {
    expect(await listSessions("me", "me-laptop", NOW)).toEqual([
      {
        id: "me-laptop",
        device: "Chrome on Windows",
        startedAt: "3 days ago",
        lastActiveAt: "just now",
        current: true,
      },
      {
        id: "me-old",
        device: "Chrome on Windows",
        startedAt: "10 hours ago",
        lastActiveAt: "10 minutes ago",
        current: false,
      },
      {
        id: "me-phone",
        device: "Safari on iPhone",
        startedAt: "2 hours ago",
        lastActiveAt: "1 hour ago",
        current: false,
      },
    ]);
  });

  it("ends one of the user's other sessions, never someone else's nor this device's", async () => {
    expect(await endSession("me", "them-laptop", "me-laptop")).toBe(false);
    expect(await endSession("me", "me-laptop", "me-laptop")).toBe(false);
    expect(await endSession("me", "no-such-session", "me-laptop")).toBe(false);
    expect(await sessionIds("them")).toEqual(["them-laptop"]);
    expect(await endSession("me", "me-phone", "me-laptop")).toBe(true);
    expect(await sessionIds("me")).toEqual(["me-expired", "me-laptop", "me-old"]);
  });

  it("ends all the others at once, and only the user's", async () => {
    expect(await endOtherSessions("me", "me-laptop")).toBe(2);
    expect(await sessionIds("me")).toEqual(["me-laptop"]);
    expect(await sessionIds("them")).toEqual(["them-laptop"]);
  });
});

describe("password checks through better-auth", () => {
  // Our sign-up logs each account it makes.
  beforeAll(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  /** A new account's signed-in request (its session cookie), made by the real sign-up. */
  async function signedUp(email: string) {
    const { id, cookie } = await signUp("Ada", { email, password: "biscuit-2024" });
    return { userId: id, request: new Request("http://localhost:3000/account", { headers: { cookie } }) };
  }

  it("tells a wrong password from a missing one, and changes nothing for either", async () => {
    const { userId, request } = await signedUp("checks@example.com");
    expect(await verifyPassword("not-it", request)).toBe("wrongPassword");
    expect(
      await changePassword({ currentPassword: "not-it", newPassword: "new-biscuit-1" }, request),
    ).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await verifyPassword("biscuit-2024", request)).toBe(true);

    // An account that signs in with Google or Facebook only has no password to check.
    const db = await getDb();
    await db.delete(account).where(eq(account.userId, userId));
    expect(await verifyPassword("biscuit-2024", request)).toBe("noPassword");
    expect(
      await changePassword({ currentPassword: "biscuit-2024", newPassword: "new-biscuit-1" }, request),
    ).toEqual({ ok: false, reason: "noPassword" });
  });
});
