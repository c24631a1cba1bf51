import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { getUser } from "~/backend/auth/session.server";
import type { LiveHub } from "~/backend/live/hub.server";
import { markVetsSeen } from "~/backend/staff/duty.server";
import { LIVE_PATH } from "~/domain/live";
import { isTrustedOrigin } from "./trusted-origins";

/** A frame is a message of at most 2,000 characters and its envelope. */
const MAX_FRAME_BYTES = 32 * 1024;
/** A page that stops answering pings (a dropped phone connection) is let go after this. */
const PING_EVERY_MS = 25_000;
/** A page may send this many frames in one pause of PING_EVERY_MS; more is a flood. */
const MAX_FRAMES_PER_PING = 200;
/** Open pages per account (tabs, devices); more is someone hammering the database. */
const MAX_SOCKETS_PER_USER = 20;
/** On shutdown, pages get this long to answer the close before their sockets are cut. */
const CLOSE_GRACE_MS = 2_000;

/**
 * The live channel's WebSocket at LIVE_PATH, on the same port as the site: the session
 * cookie says who connects, and the Origin must be one of this site's (trusted-origins.ts: a page
 * elsewhere cannot open a socket with the visitor's cookie). `hub()` is null until the database answers.
 */
export function attachLiveSocket(server: Server, hub: () => LiveHub | null) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const alive = new WeakMap<WebSocket, { pong: boolean; frames: number }>();
  const perUser = new Map<string, number>();

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node takes its own error listener off an upgraded socket: a reset while we decide must not crash.
    socket.on("error", () => socket.destroy());
    accept(request, socket, head).catch((error: unknown) => {
      console.error("Live channel: an upgrade failed:", error instanceof Error ? error.message : error);
      socket.destroy();
    });
  });

  async function accept(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== LIVE_PATH) return refuse(socket, 404, "Not found.");
    if (!isTrustedOrigin(request.headers.origin))
      return refuse(socket, 403, "Cross-site connection refused.");
    const current = hub();
    if (!current) return refuse(socket, 503, "The live channel is starting: try again shortly.");
    // Only the cookie matters to the session: the Host header is the client's, not to be parsed.
    const user = await getUser(
      new Request(`http://localhost${LIVE_PATH}`, { headers: { cookie: request.headers.cookie ?? "" } }),
    ).catch(() => null);
    if (!user) return refuse(socket, 401, "Sign in to use the chat.");
    if ((perUser.get(user.id) ?? 0) >= MAX_SOCKETS_PER_USER)
      return refuse(socket, 429, "Too many open pages: close some and reload.");
    if (socket.destroyed) return;
    sockets.handleUpgrade(request, socket, head, (ws) => {
      perUser.set(user.id, (perUser.get(user.id) ?? 0) + 1);
      alive.set(ws, { pong: true, frames: 0 });
      const connection = current.connect(user, (frame) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
      });
      ws.on("pong", () => (alive.get(ws)!.pong = true));
      let handled: Promise<void> = Promise.resolve();
      ws.on("message", (raw) => {
        const state = alive.get(ws)!;
        state.frames += 1;
        if (state.frames > MAX_FRAMES_PER_PING) return ws.close(1008, "Too many frames.");
        let frame: unknown;
        try {
          frame = JSON.parse(String(raw));
        } catch {
          frame = null;
        }
        // One frame at a time, in the order the page sent them (a join before its signals).
        handled = handled.then(() => connection.receive(frame));
      });
      ws.on("close", () => {
        connection.close();
        const open = (perUser.get(user.id) ?? 1) - 1;
        if (open > 0) perUser.set(user.id, open);
        else perUser.delete(user.id);
      });
      ws.on("error", () => ws.terminate());
    });
  }

  const pings = setInterval(() => {
    for (const ws of sockets.clients) {
      const state = alive.get(ws);
      if (!state?.pong) {
        ws.terminate();
        continue;
      }
      state.pong = false;
      state.frames = 0;
      ws.ping();
    }
    // The accounts with a page here are seen: a vet among them stays on duty (staff/duty.server.ts).
    markVetsSeen([...perUser.keys()]).catch((error: unknown) =>
      console.error("[duty] could not mark the connected vets as seen:", error),
    );
  }, PING_EVERY_MS);
  pings.unref();

  return {
    /** On shutdown: pages reconnect (to another process behind the balancer) and catch up there. */
    close() {
      clearInterval(pings);
      for (const ws of sockets.clients) ws.close(1012, "Server restarting.");
      // A page that is gone never answers the close: its socket would hold the shutdown.
      setTimeout(() => {
        for (const ws of sockets.clients) ws.terminate();
      }, CLOSE_GRACE_MS).unref();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  const reason = STATUS_CODES[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
