import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/backend/db/client.server";
import type { SessionUser } from "~/domain/auth";
import type { ServerFrame } from "~/domain/live";
import { LiveHub, liveFeature, type LivePageHandler } from "./hub.server";
import { announce, announceAccessChanged, LIVE_CHANNEL, type LiveNotice } from "./notices.server";

/*
 * The hub itself, with features made up for the test: what it routes to whom. What the chat and
 * the calls do on it is tested with them (conversations.server.test.ts, call-signalling.test.ts).
 */

const who = (id: string): SessionUser => ({
  id,
  name: id,
  email: `${id}@example.com`,
  role: "user",
  emailVerified: true,
});

/** A feature answering `watchQueue` that logs what its handler of each page is given. */
function recordingFeature(failWith?: Error) {
  const log: string[] = [];
  const feature = liveFeature<"watchQueue">({
    frames: ["watchQueue"],
    open: (page): LivePageHandler<{ type: "watchQueue" }> => ({
      receive: async (frame) => {
        if (failWith) throw failWith;
        log.push(`${page.user.id} ${frame.type}`);
      },
      failed: () => ({ type: "refused", error: "later", retry: true }),
      notice: (notice: LiveNotice) => log.push(`${page.user.id} notice ${notice.topic}`),
      recheckAccess: async () => void log.push(`${page.user.id} recheck`),
      catchUp: () => log.push(`${page.user.id} catch up`),
      close: async () => void log.push(`${page.user.id} closed`),
    }),
  });
  return { feature, log };
}

let hubs: LiveHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  hubs = [];
});

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe("the live hub", () => {
  it("gives each frame to the feature that registered it, and refuses a frame no feature answers", async () => {
    const { feature, log } = recordingFeature();
    const hub = await LiveHub.start([feature]);
    hubs.push(hub);
    const frames: ServerFrame[] = [];
    const page = hub.connect(who("ann"), (frame) => frames.push(frame));

    await page.receive({ type: "watchQueue" });
    await page.receive({ type: "leaveCall", consultationId: "c0ffee00-0000-4000-8000-000000000001" });
    await page.receive({ type: "nonsense" });
    expect(log).toEqual(["ann watchQueue"]);
    expect(frames).toEqual([
      { type: "refused", error: "This page sent something the server does not understand: reload it." },
      { type: "refused", error: "This page sent something the server does not understand: reload it." },
    ]);

    page.close();
    expect(log.at(-1)).toBe("ann closed");
    expect(hub.size).toBe(0);
  });

  it("answers a frame that failed with the feature's retry refusal, and keeps going", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { feature } = recordingFeature(new Error("database gone"));
    const hub = await LiveHub.start([feature]);
    hubs.push(hub);
    const frames: ServerFrame[] = [];
    const page = hub.connect(who("ann"), (frame) => frames.push(frame));
    await page.receive({ type: "watchQueue" });
    expect(frames).toEqual([{ type: "refused", error: "later", retry: true }]);
  });

  it("refuses to start with two features answering the same frame", async () => {
    await expect(LiveHub.start([recordingFeature().feature, recordingFeature().feature])).rejects.toThrow(
      'Two live features answer the frame "watchQueue".',
    );
  });

  it("gives every process's notices to every page, checks again only the accounts named, and ignores garbage", async () => {
    const { feature, log } = recordingFeature();
    const [one, two] = [await LiveHub.start([feature]), await LiveHub.start([feature])];
    hubs.push(one, two);
    one.connect(who("ann"), () => {});
    two.connect(who("bob"), () => {});
    const db = await getDb();

    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${"not json"})`);
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ topic: "weather" })})`);
    await announce(db, { topic: "duty" });
    await until(() => log.filter((line) => line.endsWith("notice duty")).length === 2);
    expect(log.filter((line) => line.includes("notice"))).toEqual(
      expect.arrayContaining(["ann notice duty", "bob notice duty"]),
    );

    await announceAccessChanged(db, ["bob", "bob"]);
    await until(() => log.includes("bob recheck"));
    expect(log).not.toContain("ann recheck");
    expect(log.filter((line) => line === "bob recheck")).toHaveLength(1);
    // An access notice is the hub's: features are asked to check again, not given it.
    expect(log.some((line) => line.endsWith("notice access"))).toBe(false);
  });
});
