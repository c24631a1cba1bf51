import { listenToDatabase, type Listener } from "~/backend/db/client.server";
import type { SessionUser } from "~/domain/auth";
import { clientFrameSchema, type ClientFrame, type ServerFrame } from "~/domain/live";
import { LIVE_CHANNEL, parseNotice, type LiveNotice } from "./notices.server";

/*
 * The live channel of one server process: the pages connected to it (host/live-socket.ts
 * carries their frames) and the notices of every process (LISTEN on PostgreSQL, so a change
 * stored by one process reaches a page connected to another).
 *
 * The hub knows no feature: each registers the frames it answers and gets every notice
 * (chat/live-chat.server.ts, consultations/live-call.server.ts; the list is features.server.ts).
 */

/**
 * How long a page's right to what it holds open is trusted before it is checked again. A change
 * of rights that is announced (announceAccessChanged: a plan, a family, a staff role, an account
 * deleted) is checked at once; this is the backstop for any other (a vet whose conversation went
 * back to the queue).
 */
export const RECHECK_ACCESS_MS = 30_000;

/** A connected page as a feature sees it: who it is, and how to write to it. */
export type LivePage = { readonly user: SessionUser; send: (frame: ServerFrame) => void };

/** A feature's part of one page's connection. */
export type LivePageHandler<Frame extends ClientFrame = ClientFrame> = {
  /** A frame of a type the feature registered, checked against the frames' schema. Throws when the database fails. */
  receive(frame: Frame): Promise<void>;
  /** What the page is told when `receive` threw: a refusal it retries. */
  failed(frame: Frame): ServerFrame;
  /** Every notice of every process. */
  notice(notice: LiveNotice): void;
  /** The account's rights changed: what the page holds open is checked again now. */
  recheckAccess(): Promise<void>;
  /** The hub's listening connection was lost a while: notices may have been missed. */
  catchUp(): void;
  /** The page's socket closed. */
  close(): Promise<void>;
};

export type LiveFeature<Type extends ClientFrame["type"] = ClientFrame["type"]> = {
  /** The client frames this feature answers; no two features answer the same type. */
  frames: readonly Type[];
  open(page: LivePage): LivePageHandler<Extract<ClientFrame, { type: Type }>>;
};

/**
 * A feature as the hub holds it: its handlers take any frame, as the hub routes to each only the
 * frames it registered (the one place that widens them).
 */
export function liveFeature<Type extends ClientFrame["type"]>(feature: LiveFeature<Type>): LiveFeature {
  return feature as unknown as LiveFeature;
}

export type LiveConnection = {
  /** A frame the page sent (JSON already parsed, not yet checked). */
  receive: (frame: unknown) => Promise<void>;
  close: () => void;
};

export class LiveHub {
  private readonly connections = new Set<PageConnection>();
  private listener: Listener | undefined;

  private constructor(
    private readonly features: readonly LiveFeature[],
    /** Which feature (its index) answers each type of frame. */
    private readonly byFrame: ReadonlyMap<ClientFrame["type"], number>,
  ) {}

  /** Listens for every process's notices, for these features; `close` stops. */
  static async start(features: readonly LiveFeature[]): Promise<LiveHub> {
    const byFrame = new Map<ClientFrame["type"], number>();
    features.forEach((feature, index) => {
      for (const type of feature.frames) {
        if (byFrame.has(type)) throw new Error(`Two live features answer the frame "${type}".`);
        byFrame.set(type, index);
      }
    });
    const hub = new LiveHub(features, byFrame);
    hub.listener = await listenToDatabase(
      LIVE_CHANNEL,
      (payload) => {
        const notice = parseNotice(payload);
        if (notice) hub.deliver(notice);
      },
      () => hub.catchUp(),
    );
    return hub;
  }

  /** A signed-in page connected; `send` writes a frame to it. */
  connect(user: SessionUser, send: (frame: ServerFrame) => void): LiveConnection {
    const page: LivePage = { user, send };
    const connection = new PageConnection(
      page,
      this.features.map((feature) => feature.open(page)),
      this.byFrame,
    );
    this.connections.add(connection);
    return {
      receive: (frame) => connection.receive(frame),
      close: () => {
        this.connections.delete(connection);
        connection.close();
      },
    };
  }

  get size() {
    return this.connections.size;
  }

  async close() {
    this.connections.clear();
    await this.listener?.close();
  }

  private deliver(notice: LiveNotice) {
    for (const connection of this.connections) connection.notice(notice);
  }

  /** The listening connection was lost for a while: whatever was announced meanwhile is read now. */
  private catchUp() {
    for (const connection of this.connections) connection.catchUp();
  }
}

class PageConnection {
  constructor(
    private readonly page: LivePage,
    private readonly handlers: readonly LivePageHandler[],
    private readonly byFrame: ReadonlyMap<ClientFrame["type"], number>,
  ) {}

  /** Never throws: a database that fails now is a refusal the page can retry, not a crash. */
  async receive(raw: unknown) {
    const parsed = clientFrameSchema.safeParse(raw);
    const handler = parsed.success ? this.handlers[this.byFrame.get(parsed.data.type) ?? -1] : undefined;
    if (!parsed.success || !handler) {
      this.page.send({
        type: "refused",
        error: "This page sent something the server does not understand: reload it.",
      });
      return;
    }
    try {
      await handler.receive(parsed.data);
    } catch (error) {
      console.error(`Live channel: a frame could not be handled: ${describeFailure(error)}`);
      this.page.send(handler.failed(parsed.data));
    }
  }

  notice(notice: LiveNotice) {
    if (notice.topic === "access") {
      if (notice.userIds.includes(this.page.user.id)) void this.recheckAccess();
      return;
    }
    for (const handler of this.handlers) handler.notice(notice);
  }

  private async recheckAccess() {
    for (const handler of this.handlers) {
      try {
        await handler.recheckAccess();
      } catch (error) {
        // The periodic check (RECHECK_ACCESS_MS) still comes.
        console.error(`Live channel: access could not be checked again: ${describeFailure(error)}`);
      }
    }
  }

  catchUp() {
    for (const handler of this.handlers) handler.catchUp();
  }

  close() {
    for (const handler of this.handlers)
      handler
        .close()
        .catch((error: unknown) =>
          console.error(`Live channel: a page could not be let go: ${describeFailure(error)}`),
        );
  }
}

/**
 * What a failure says in the log: the database's own error (a drizzle error's message carries
 * the query's parameters, which may be what someone wrote).
 */
export function describeFailure(error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && "code" in cause) return `${cause.message} (${String(cause.code)})`;
  return error instanceof Error && !error.message.includes("params:") ? error.message : "database error";
}
