import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { getAuth } from "~/backend/auth/better-auth.server";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { openConversation } from "~/backend/chat/conversations.server";
import type { LiveHub } from "~/backend/live/hub.server";
import { startLiveHub } from "~/backend/live/features.server";
import { getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { LIVE_PATH, type ServerFrame } from "~/domain/live";
import { attachLiveSocket } from "./live-socket";

/*
 * The live channel's WebSocket as a browser meets it: a real HTTP server on a free port, the
 * `ws` client, a real session cookie (better-auth's sign-up) and the hub on the test database.
 */

beforeAll(() => {
  process.env.BETTER_AUTH_SECRET ??= "unit-test-secret-unit-test-secret-0123";
  vi.spyOn(console, "info").mockImplementation(() => {});
});

let serial = 0;

/** A new account, signed in with the real sign-up: its id and session cookie. */
async function signUp(name: string, plan: "free" | "premium" = "free") {
  serial += 1;
  const auth = await getAuth();
  const response = await auth.api.signUpEmail({
    body: { name, email: `live-socket-${serial}@example.com`, password: "biscuit-2024" },
    headers: new Headers(),
    asResponse: true,
  });
  const { user } = (await response.clone().json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (plan !== "free") await setPlanByStaff({ userId: user.id, plan, until: null });
  return { id: user.id, name, cookie };
}

/** A Premium owner's conversation about their dog, with its first message. */
async function ownersConversation() {
  const owner = await signUp("Olivia Owner", "premium");
  const [bella] = await (
    await getDb()
  )
    .insert(pet)
    .values({ userId: owner.id, name: "Bella", type: "dog" })
    .returning();
  const opened = await openConversation(
    { ...owner, email: "", role: "user", emailVerified: false },
    bella!.id,
    {
      body: "She ate a bar of dark chocolate.",
      key: "first-message-key",
    },
  );
  if (!opened.ok) throw new Error(opened.error);
  return { owner, conversationId: opened.conversationId };
}

type Served = { url: string; origin: string; hub: LiveHub | null; close: () => Promise<void> };
const toStop: Served[] = [];
const openSockets: WebSocket[] = [];

afterEach(async () => {
  for (const ws of openSockets.splice(0)) ws.terminate();
  for (const served of toStop.splice(0)) await served.close();
});

/** A plain HTTP server with the live socket attached; `withHub: false` as while the database is not ready. */
async function serve({ withHub = true } = {}): Promise<Served> {
  const hub = withHub ? await startLiveHub() : null;
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const live = attachLiveSocket(server, () => hub);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The site's own origin (host/trusted-origins.ts), as BASE_URL names it in production.
  vi.stubEnv("BASE_URL", origin);
  const served: Served = {
    url: `${origin.replace("http", "ws")}${LIVE_PATH}`,
    origin,
    hub,
    close: async () => {
      live.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await hub?.close();
    },
  };
  toStop.push(served);
  return served;
}

/** The status a refused connection gets, instead of the switch to WebSocket. */
function refusedWith(
  url: string,
  headers: { origin?: string; cookie?: string; host?: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: {
        ...(headers.cookie ? { cookie: headers.cookie } : {}),
        ...(headers.host ? { host: headers.host } : {}),
      },
      origin: headers.origin,
    });
    openSockets.push(ws);
    ws.on("unexpected-response", (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    ws.on("open", () => reject(new Error("The connection was accepted.")));
    ws.on("error", () => {});
  });
}

/** An open connection and the frames it receives, with a wait for one that matches. */
async function connect(served: Served, cookie: string) {
  const ws = new WebSocket(served.url, { origin: served.origin, headers: { cookie } });
  openSockets.push(ws);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (raw) => {
    frames.push(JSON.parse(String(raw)) as ServerFrame);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  return {
    frames,
    send: (frame: object) => ws.send(JSON.stringify(frame)),
    /** The first frame received that passes `check`, waiting for it up to 5 seconds. */
    next<T extends ServerFrame>(check: (frame: ServerFrame) => frame is T): Promise<T> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = frames.find(check);
          if (!found) return;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`No such frame; received ${JSON.stringify(frames)}`));
        }, 5000);
        waiters.add(look);
        look();
      });
    },
  };
}

const ofType =
  <K extends ServerFrame["type"]>(
    type: K,
    extra: (frame: Extract<ServerFrame, { type: K }>) => boolean = () => true,
  ) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: K }> =>
    frame.type === type && extra(frame as Extract<ServerFrame, { type: K }>);

describe("opening the live channel", () => {
  it("answers 404 on another path", async () => {
    const served = await serve();
    expect(await refusedWith(served.url.replace(LIVE_PATH, "/elsewhere"), { origin: served.origin })).toBe(
      404,
    );
  });

  it("refuses with 403 a connection without an Origin, or from another site", async () => {
    const served = await serve();
    const { cookie } = await signUp("Ada");
    expect(await refusedWith(served.url, { cookie })).toBe(403);
    expect(await refusedWith(served.url, { cookie, origin: "https://evil.example" })).toBe(403);
  });

  it("refuses with 403 another site that names itself in the Host header", async () => {
    const served = await serve();
    const { cookie } = await signUp("Eve");
    const status = await refusedWith(served.url, {
      cookie,
      origin: "http://evil.example",
      host: "evil.example",
    });
    expect(status).toBe(403);
  });

  it("refuses with 401 a visitor without a session", async () => {
    const served = await serve();
    expect(await refusedWith(served.url, { origin: served.origin })).toBe(401);
    expect(
      await refusedWith(served.url, { origin: served.origin, cookie: "pawpal.session_token=forged.value" }),
    ).toBe(401);
  });

  it("answers 503 while the live channel is not ready", async () => {
    const served = await serve({ withHub: false });
    const { cookie } = await signUp("Ben");
    expect(await refusedWith(served.url, { origin: served.origin, cookie })).toBe(503);
  });
});

describe("a signed-in owner on the live channel", () => {
  it("watches their conversation, receives its messages, and sends one", async () => {
    const served = await serve();
    const { owner, conversationId } = await ownersConversation();
    const page = await connect(served, owner.cookie);
    page.send({ type: "watch", conversationId, after: 0 });
    const first = await page.next(ofType("message", (frame) => frame.message.seq === 1));
    expect(first).toEqual({
      type: "message",
      conversationId,
      message: expect.objectContaining({
        seq: 1,
        authorRole: "owner",
        body: "She ate a bar of dark chocolate.",
      }),
    });

    page.send({ type: "send", conversationId, key: "second-message-key", body: "Now she is shaking." });
    expect(await page.next(ofType("sent"))).toEqual({
      type: "sent",
      conversationId,
      key: "second-message-key",
      seq: 2,
    });
    const second = await page.next(ofType("message", (frame) => frame.message.seq === 2));
    expect(second.message).toMatchObject({
      authorRole: "owner",
      authorName: "Olivia Owner",
      body: "Now she is shaking.",
    });
    expect(page.frames.filter((frame) => frame.type === "message")).toHaveLength(2);
  });

  it("refuses a stranger who watches someone else's conversation", async () => {
    const served = await serve();
    const { conversationId } = await ownersConversation();
    const stranger = await signUp("Sam Stranger", "premium");
    const page = await connect(served, stranger.cookie);
    page.send({ type: "watch", conversationId, after: 0 });
    expect(await page.next(ofType("refused"))).toEqual({
      type: "refused",
      conversationId,
      error: "There is no such conversation.",
    });
    page.send({ type: "send", conversationId, key: "stranger-key-1", body: "Hello?" });
    expect(await page.next(ofType("refused", (frame) => frame.key === "stranger-key-1"))).toMatchObject({
      error: "There is no such conversation.",
    });
    expect(page.frames.some((frame) => frame.type === "message")).toBe(false);
  });
});
