import { createHash } from "node:crypto";
import { listenToDatabase, type Listener } from "~/backend/db/client.server";
import { roomOpensMinutes } from "~/backend/consultations/call-config.server";
import { findConsultation, NO_SUCH_CONSULTATION } from "~/backend/consultations/consultations.server";
import { announcePeer, readSignal, sendSignal } from "~/backend/consultations/signalling.server";
import { findVet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { clientFrameSchema, messageBodySchema, type ClientFrame, type ServerFrame } from "~/domain/chat";
import { CONSULTATION_ERRORS, roomState, type CallSide } from "~/domain/consultations";
import { findConversation, messagesAfter, NO_SUCH_CONVERSATION, sendMessage } from "./conversations.server";
import { LIVE_CHANNEL, parseNotice, type LiveNotice } from "./live-notices.server";
import { planRefusal } from "./vet-care.server";

/*
 * The live channel of one server process: the pages connected to it (host/live-socket.ts
 * carries their frames), what each watches, and the notices of every process (LISTEN on
 * PostgreSQL, so a message stored by one process reaches a page connected to another).
 *
 * A page says the last message number it has; the hub sends what follows, read from the
 * database, then each new one as its notice arrives. Numbers only go up per page, so a page
 * gets no gaps and no doubles, also after it reconnects to another process.
 *
 * A consultation's call is set up here too: a page joins the room, is told when a page of the
 * other side joins or leaves, and exchanges WebRTC signals with it (signalling.server.ts).
 */

/** Messages read at a time for one page. */
const READ_BATCH = 500;

/**
 * How long a page's right to read a conversation is trusted before it is checked again. A change
 * of rights that is announced (announceAccessChanged: a plan, a family, a staff role, an account
 * deleted) is checked at once; this is the backstop for any other (a vet whose conversation went
 * back to the queue).
 */
export const RECHECK_ACCESS_MS = 30_000;

type Watch = { after: number; reading: boolean; again: boolean; checkedAt: number };

/** This page in a consultation's room: its scoped id, side and name, and when its right to be there was checked. */
type InCall = { pageId: string; side: CallSide; name: string; checkedAt: number };

/** Signals one page may send over its connection: a call takes a few dozen; a reconnection starts afresh. */
const MAX_SIGNALS_PER_PAGE = 2_000;

/** A page's id in a room, scoped by its account (hex, so it passes the frames' page id check). */
export function scopedPageId(userId: string, pageId: string) {
  return createHash("sha256").update(`${userId}:${pageId}`).digest("hex").slice(0, 32);
}

export type LiveConnection = {
  /** A frame the page sent (JSON already parsed, not yet checked). */
  receive: (frame: unknown) => Promise<void>;
  close: () => void;
};

export class LiveHub {
  private readonly connections = new Set<PageConnection>();
  private listener: Listener | undefined;

  /** Listens for every process's notices; `close` stops. */
  static async start(): Promise<LiveHub> {
    const hub = new LiveHub();
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
    const connection = new PageConnection(user, send);
    this.connections.add(connection);
    return {
      receive: (frame) => connection.receive(frame),
      close: () => {
        this.connections.delete(connection);
        void connection.leaveCalls();
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
  private readonly watches = new Map<string, Watch>();
  private readonly calls = new Map<string, InCall>();
  /** The page's signals being stored, and those for it being read: each in order. */
  private signals: Promise<void> = Promise.resolve();
  private signalsSent = 0;
  private forwarded: Promise<void> = Promise.resolve();
  private watchingQueue = false;

  constructor(
    private readonly user: SessionUser,
    private readonly send: (frame: ServerFrame) => void,
  ) {}

  /** Never throws: a database that fails now is a refusal the page can retry, not a crash. */
  async receive(raw: unknown) {
    try {
      await this.handle(raw);
    } catch (error) {
      console.error(`Live channel: a frame could not be handled: ${describe(error)}`);
      const frame = clientFrameSchema.safeParse(raw).data;
      if (frame && "consultationId" in frame) {
        this.send({
          type: "refused",
          consultationId: frame.consultationId,
          error: CALL_RETRY_LATER,
          retry: true,
        });
        return;
      }
      this.send({
        type: "refused",
        conversationId: frame && "conversationId" in frame ? frame.conversationId : undefined,
        key: frame?.type === "send" ? frame.key : undefined,
        error: RETRY_LATER,
        retry: true,
      });
    }
  }

  private async handle(raw: unknown) {
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      this.send({
        type: "refused",
        error: "This page sent something the server does not understand: reload it.",
      });
      return;
    }
    const frame = parsed.data;
    if (frame.type === "watchQueue") {
      if (await findVet(this.user)) this.watchingQueue = true;
      else this.send({ type: "refused", error: "Only vets see the queue." });
      return;
    }
    if (frame.type === "joinCall" || frame.type === "leaveCall" || frame.type === "signal") {
      await this.handleCall(frame);
      return;
    }
    const { conversationId } = frame;
    if (frame.type === "watch") {
      if (!(await findConversation(this.user, conversationId))) {
        this.send({ type: "refused", conversationId, error: NO_SUCH_CONVERSATION });
        return;
      }
      // Asked again on the same socket: the same watch, never back before what it was sent.
      const watch = this.watches.get(conversationId);
      if (watch) watch.after = Math.max(watch.after, frame.after);
      else
        this.watches.set(conversationId, {
          after: frame.after,
          reading: false,
          again: false,
          checkedAt: Date.now(),
        });
      await this.pump(conversationId);
      return;
    }
    const refuse = (error: string) => this.send({ type: "refused", conversationId, key: frame.key, error });
    const body = messageBodySchema.safeParse(frame.body);
    if (!body.success) return refuse(body.error.issues[0]!.message);
    const outcome = await sendMessage(this.user, conversationId, { body: body.data, key: frame.key });
    if (!outcome.ok) return refuse(outcome.error);
    this.send({ type: "sent", conversationId, key: frame.key, seq: outcome.message.seq });
  }

  private async handleCall(frame: Extract<ClientFrame, { type: "joinCall" | "leaveCall" | "signal" }>) {
    const { consultationId } = frame;
    const refuse = (error: string) => this.send({ type: "refused", consultationId, error });
    if (frame.type === "leaveCall") {
      const call = this.calls.get(consultationId);
      this.calls.delete(consultationId);
      if (call)
        await announcePeer(consultationId, {
          pageId: call.pageId,
          side: call.side,
          name: call.name,
          event: "left",
        });
      return;
    }
    if (frame.type === "signal") {
      const call = this.calls.get(consultationId);
      if (!call) return refuse("Join the call before sending to it.");
      // The right to be in the room is checked again now and then (a family member removed, a
      // consultation cancelled or ended, a vet no longer a vet).
      if (Date.now() - call.checkedAt >= RECHECK_ACCESS_MS) {
        const admitted = await this.admission(consultationId);
        if ("refusal" in admitted) return this.removeFromCall(consultationId, call, admitted.refusal);
        call.checkedAt = Date.now();
      }
      if (this.signalsSent >= MAX_SIGNALS_PER_PAGE)
        return refuse("This page sent too many call signals: reload it.");
      this.signalsSent += 1;
      // One after the other: an answer and its ICE candidates reach the other page in the order sent.
      const sent = this.signals.then(() =>
        sendSignal(consultationId, {
          from: call.pageId,
          fromSide: call.side,
          to: frame.to,
          data: frame.data,
        }),
      );
      this.signals = sent.catch(() => {});
      await sent;
      return;
    }
    const admitted = await this.admission(consultationId);
    if ("refusal" in admitted) return refuse(admitted.refusal);
    const found = admitted.found;
    const call: InCall = {
      // Scoped by the account: another page of the room cannot take this page's id, and so
      // cannot receive what is sent to it or speak in its name.
      pageId: scopedPageId(this.user.id, frame.pageId),
      side: found.reader.side,
      name: found.reader.side === "vet" ? found.reader.vet.displayName : this.user.name,
      checkedAt: Date.now(),
    };
    this.calls.set(consultationId, call);
    this.send({ type: "callJoined", consultationId, side: call.side });
    await announcePeer(consultationId, {
      pageId: call.pageId,
      side: call.side,
      name: call.name,
      event: "joined",
    });
  }

  /** Takes this page out of a call it may no longer be in: the other side hears it left, the page why. */
  private async removeFromCall(consultationId: string, call: InCall, refusal: string) {
    this.calls.delete(consultationId);
    await announcePeer(consultationId, {
      pageId: call.pageId,
      side: call.side,
      name: call.name,
      event: "left",
    });
    this.send({ type: "refused", consultationId, error: refusal });
  }

  /** Whether this page may be in the consultation's room now: who it is there, or why not. */
  private async admission(
    consultationId: string,
  ): Promise<{ found: NonNullable<Awaited<ReturnType<typeof findConsultation>>> } | { refusal: string }> {
    const found = await findConsultation(this.user, consultationId);
    if (!found) return { refusal: NO_SUCH_CONSULTATION };
    const { consultation, reader } = found;
    if (consultation.status !== "booked") return { refusal: CONSULTATION_ERRORS.roomClosed };
    const state = roomState(consultation.startsAt, new Date(), roomOpensMinutes());
    if (state === "not-yet") return { refusal: CONSULTATION_ERRORS.roomNotOpen };
    if (state === "closed") return { refusal: CONSULTATION_ERRORS.roomClosed };
    const notInPlan = reader.side === "owner" ? await planRefusal(reader.pet, "consultations") : null;
    if (notInPlan) return { refusal: notInPlan.error };
    return { found };
  }

  /** The page's socket closed: the other side of each of its calls is told it left. */
  async leaveCalls() {
    const calls = [...this.calls.entries()];
    this.calls.clear();
    for (const [consultationId, call] of calls) {
      await announcePeer(consultationId, {
        pageId: call.pageId,
        side: call.side,
        name: call.name,
        event: "dropped",
      }).catch((error: unknown) =>
        console.error(`Live channel: a call's leaving could not be announced: ${describe(error)}`),
      );
    }
  }

  private callNotice(notice: LiveNotice & { k: string }) {
    const call = this.calls.get(notice.k);
    if (!call) return;
    const consultationId = notice.k;
    if (notice.changed) {
      // Ended, cancelled or moved: this page is out of the room (it may join again if it still can).
      this.calls.delete(consultationId);
      this.send({ type: "callChanged", consultationId });
      return;
    }
    const peer = notice.peer;
    // Each side talks only with the other: an owner's page with the vet's, never with a family member's.
    if (peer && peer.pageId !== call.pageId && peer.side !== call.side) {
      this.send({ type: "peer", consultationId, ...peer });
    }
    if (notice.sig !== undefined && notice.to === call.pageId) {
      const id = notice.sig;
      // Read in the order announced (the order stored), so they are forwarded in that order.
      this.forwarded = this.forwarded
        .then(async () => {
          const signal = await readSignal(consultationId, id);
          const here = this.calls.get(consultationId);
          // Only from the other side: a page never hears its own side's signals.
          if (signal && here?.pageId === signal.to && signal.fromSide !== here.side) {
            this.send({ type: "signal", consultationId, from: signal.from, data: signal.data });
          }
        })
        .catch((error: unknown) =>
          console.error(`Live channel: a call signal could not be read: ${describe(error)}`),
        );
    }
  }

  notice(notice: LiveNotice) {
    if (notice.access?.includes(this.user.id)) void this.recheckAccess();
    if (notice.k) this.callNotice({ ...notice, k: notice.k });
    if (notice.queue && this.watchingQueue) this.send({ type: "queue" });
    if (notice.duty)
      for (const conversationId of this.watches.keys()) this.send({ type: "changed", conversationId });
    if (!notice.c || !this.watches.has(notice.c)) return;
    if (notice.changed) this.send({ type: "changed", conversationId: notice.c });
    if (notice.s !== undefined && notice.s > this.watches.get(notice.c)!.after) void this.pump(notice.c);
  }

  /** This account's rights changed: each conversation and room it has open is checked again now. */
  private async recheckAccess() {
    try {
      if (this.watchingQueue && !(await findVet(this.user))) this.watchingQueue = false;
      for (const [conversationId, watch] of this.watches) {
        watch.checkedAt = 0;
        void this.pump(conversationId);
      }
      for (const [consultationId, call] of this.calls) {
        const admitted = await this.admission(consultationId);
        if (!("refusal" in admitted)) {
          call.checkedAt = Date.now();
          continue;
        }
        await this.removeFromCall(consultationId, call, admitted.refusal);
      }
    } catch (error) {
      // The periodic check (RECHECK_ACCESS_MS) still comes.
      console.error(`Live channel: access could not be checked again: ${describe(error)}`);
    }
  }

  catchUp() {
    if (this.watchingQueue) this.send({ type: "queue" });
    for (const conversationId of this.watches.keys()) {
      this.send({ type: "changed", conversationId });
      void this.pump(conversationId);
    }
  }

  /** Sends what follows the last message sent, in order; one read at a time per conversation. */
  private async pump(conversationId: string) {
    const watch = this.watches.get(conversationId);
    if (!watch) return;
    if (watch.reading) {
      watch.again = true;
      return;
    }
    watch.reading = true;
    try {
      if (Date.now() - watch.checkedAt >= RECHECK_ACCESS_MS) {
        if (!(await findConversation(this.user, conversationId))) {
          this.watches.delete(conversationId);
          this.send({ type: "refused", conversationId, error: "You can no longer read this conversation." });
          return;
        }
        watch.checkedAt = Date.now();
      }
      do {
        watch.again = false;
        const messages = await messagesAfter(conversationId, watch.after, READ_BATCH);
        for (const message of messages) {
          if (message.seq <= watch.after) continue;
          watch.after = message.seq;
          this.send({ type: "message", conversationId, message });
        }
        // A page far behind gets the rest in batches.
        if (messages.length === READ_BATCH) watch.again = true;
      } while (watch.again);
    } catch (error) {
      // The next notice, or the page's reconnection, reads again from the same number.
      console.error(`Live channel: messages could not be read: ${describe(error)}`);
    } finally {
      watch.reading = false;
    }
  }
}

const RETRY_LATER = "Your message could not be sent just now: it will be sent again when you reconnect.";
const CALL_RETRY_LATER = "The call could not be set up just now: it is tried again when you reconnect.";

/**
 * What a failure says in the log: the database's own error (a drizzle error's message carries
 * the query's parameters, which may be what someone wrote).
 */
function describe(error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && "code" in cause) return `${cause.message} (${String(cause.code)})`;
  return error instanceof Error && !error.message.includes("params:") ? error.message : "database error";
}
