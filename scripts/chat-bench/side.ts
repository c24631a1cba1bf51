/**
 * One side of a conversation in scripts/bench-chat.ts, as its chat page is, and the run's
 * ledger of every message the sides wrote and received, which the report reads at the end.
 */
import crypto from "node:crypto";
import WebSocket from "ws";
import { LIVE_PATH, type ServerFrame } from "~/domain/live";
import type { BuiltServer } from "../../tests/support/built-server";
import { now, sleep } from "./clock";

/** Part of every key this run sends (b<RUN_ID>_…), the opening messages' included. */
export const RUN_ID = crypto.randomBytes(3).toString("hex");

/** A message one side wrote, from its first `send` to the other side's `message` frame. */
export type Outgoing = {
  id: string;
  key: string;
  body: string;
  from: Side;
  sentAt: number;
  /** Its number, once answered "sent". */
  seq?: number;
  refused?: string;
  receivedAt?: number;
  sends: number;
};

/** What the sides wrote and saw over the whole run: the report reads it. */
export const ledger = {
  /** Every message written, by body (how the other side recognises it) and by key. */
  messages: new Map<string, Outgoing>(),
  messagesByKey: new Map<string, Outgoing>(),
  doubles: [] as { side: string; seq: number; at: number }[],
  refusals: [] as string[],
  /** "sent" answered twice for one message with different numbers: stored twice. */
  renumbered: [] as string[],
};

/** How the benchmark steers every side. */
export const control = {
  /** Set at clean-up: a socket that closes then is not opened again. */
  stopping: false,
  /** Set when A is to be killed: called just after an owner on A sent a message. */
  afterOwnerSend: undefined as (() => void) | undefined,
};

/**
 * One side of a conversation as its page is: a WebSocket to one server, the numbers it has,
/**
 * One side of a conversation as its page is: a WebSocket to one server, the numbers it has,
 * and the messages not yet answered "sent" (sent again, with their key, after a reconnection).
 */
export class Side {
  ws: WebSocket | null = null;
  readonly received = new Set<number>();
  lastSeq = 0;
  readonly unanswered = new Map<string, Outgoing>();
  written = 0;
  connections = 0;
  /** When the connection dropped, and when the next one opened (the reconnection time). */
  droppedAt?: number;
  reconnectMs?: number;
  peer!: Side;

  constructor(
    readonly name: string,
    readonly conversationId: string,
    readonly cookie: string,
    public server: BuiltServer,
    /** Where a dropped socket connects again: B, which the balancer gives a page once A is gone. */
    readonly fallback: BuiltServer,
  ) {}

  /**
   * Connects and resolves once the socket is open (the first connection must succeed); when it
   * drops, it reconnects by itself, as the chat page does.
   */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${this.server.port}${LIVE_PATH}`, {
        headers: { Cookie: this.cookie, Origin: this.server.origin },
      });
      let failure = "";
      ws.on("open", () => {
        this.ws = ws;
        this.connections++;
        if (this.droppedAt !== undefined) this.reconnectMs ??= now() - this.droppedAt;
        this.frame({ type: "watch", conversationId: this.conversationId, after: this.lastSeq });
        // Oldest first, with their keys: a message stored just before the drop is answered, not stored again.
        for (const message of this.unanswered.values()) this.transmit(message);
        resolve();
      });
      ws.on("message", (raw) => this.receive(JSON.parse(String(raw)) as ServerFrame));
      ws.on("error", (error) => (failure = error.message)); // "close" follows
      ws.on("close", () => {
        if (this.ws === ws) this.ws = null;
        if (control.stopping) return resolve();
        if (this.connections === 0) return reject(new Error(`${this.name} could not connect: ${failure}`));
        this.droppedAt ??= now();
        // A page reconnects after a short pause, to whichever process the balancer gives it: B.
        this.server = this.fallback;
        void sleep(250).then(() => this.connect().catch(() => undefined));
      });
    });
  }

  /** Writes a new message (kept until answered, so a reconnection sends it again). */
  write() {
    const id = `${this.name}-${++this.written}`;
    const message: Outgoing = {
      id,
      key: `b${RUN_ID}_${id}`,
      body: `bench ${id} sent at ${Date.now()}`,
      from: this,
      sentAt: now(),
      sends: 0,
    };
    ledger.messages.set(message.body, message);
    ledger.messagesByKey.set(message.key, message);
    this.unanswered.set(message.key, message);
    if (this.ws) this.transmit(message);
    if (this.server !== this.fallback) control.afterOwnerSend?.(); // only owners are on A, until it dies
  }

  private transmit(message: Outgoing) {
    message.sends++;
    this.frame({ type: "send", conversationId: this.conversationId, key: message.key, body: message.body });
  }

  private frame(frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private receive(frame: ServerFrame) {
    if (frame.type === "sent") {
      const message = ledger.messagesByKey.get(frame.key);
      if (!message) return;
      this.unanswered.delete(frame.key);
      // Answered again (sent twice around the kill): it must keep its number.
      if (message.seq !== undefined && message.seq !== frame.seq) ledger.renumbered.push(message.id);
      message.seq ??= frame.seq;
    } else if (frame.type === "refused") {
      ledger.refusals.push(frame.error);
      if (!frame.key) return;
      this.unanswered.delete(frame.key);
      const message = ledger.messagesByKey.get(frame.key);
      if (message) message.refused = frame.error;
    } else if (frame.type === "message" && frame.conversationId === this.conversationId) {
      const { seq, body } = frame.message;
      if (this.received.has(seq)) {
        ledger.doubles.push({ side: this.name, seq, at: now() });
        return;
      }
      this.received.add(seq);
      this.lastSeq = Math.max(this.lastSeq, seq);
      const message = ledger.messages.get(body);
      if (message && message.from === this.peer) message.receivedAt ??= now();
    }
  }

  close() {
    this.ws?.close();
  }
}
