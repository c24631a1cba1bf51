import { createHash } from "node:crypto";
import { planRefusal } from "~/backend/chat/vet-care.server";
import { describeFailure, RECHECK_ACCESS_MS, liveFeature, type LivePage } from "~/backend/live/hub.server";
import type { LiveNotice } from "~/backend/live/notices.server";
import { CONSULTATION_ERRORS, roomState, type CallSide } from "~/domain/consultations";
import type { ClientFrame } from "~/domain/live";
import { roomOpensMinutes } from "./call-config.server";
import { findConsultation, NO_SUCH_CONSULTATION } from "./consultations.server";
import { announcePeer, readSignal, sendSignal } from "./signalling.server";

/*
 * A consultation's call on the live channel: a page joins the room, is told when a page of the
 * other side joins or leaves, and exchanges WebRTC signals with it (signalling.server.ts).
 */

/** Signals one page may send over its connection: a call takes a few dozen; a reconnection starts afresh. */
const MAX_SIGNALS_PER_PAGE = 2_000;

const CALL_RETRY_LATER = "The call could not be set up just now: it is tried again when you reconnect.";

type CallFrameType = "joinCall" | "leaveCall" | "signal";
type CallFrame = Extract<ClientFrame, { type: CallFrameType }>;

/** This page in a consultation's room: its scoped id, side and name, and when its right to be there was checked. */
type InCall = { pageId: string; side: CallSide; name: string; checkedAt: number };

/** A page's id in a room, scoped by its account (hex, so it passes the frames' page id check). */
export function scopedPageId(userId: string, pageId: string) {
  return createHash("sha256").update(`${userId}:${pageId}`).digest("hex").slice(0, 32);
}

export const liveCall = liveFeature<CallFrameType>({
  frames: ["joinCall", "leaveCall", "signal"],
  open: (page) => new CallPage(page),
});

class CallPage {
  private readonly calls = new Map<string, InCall>();
  /** The page's signals being stored, and those for it being read: each in order. */
  private signals: Promise<void> = Promise.resolve();
  private signalsSent = 0;
  private forwarded: Promise<void> = Promise.resolve();

  constructor(private readonly page: LivePage) {}

  async receive(frame: CallFrame) {
    const { consultationId } = frame;
    const refuse = (error: string) => this.page.send({ type: "refused", consultationId, error });
    if (frame.type === "leaveCall") {
      const call = this.calls.get(consultationId);
      this.calls.delete(consultationId);
      if (call) await announcePeer(consultationId, { ...peerOf(call), event: "left" });
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
    const { reader } = admitted.found;
    const call: InCall = {
      // Scoped by the account: another page of the room cannot take this page's id, and so
      // cannot receive what is sent to it or speak in its name.
      pageId: scopedPageId(this.page.user.id, frame.pageId),
      side: reader.side,
      name: reader.side === "vet" ? reader.vet.displayName : this.page.user.name,
      checkedAt: Date.now(),
    };
    this.calls.set(consultationId, call);
    this.page.send({ type: "callJoined", consultationId, side: call.side });
    await announcePeer(consultationId, { ...peerOf(call), event: "joined" });
  }

  failed(frame: CallFrame) {
    return {
      type: "refused" as const,
      consultationId: frame.consultationId,
      error: CALL_RETRY_LATER,
      retry: true as const,
    };
  }

  notice(notice: LiveNotice) {
    if (notice.topic !== "room" && notice.topic !== "peer" && notice.topic !== "signal") return;
    const { consultationId } = notice;
    const call = this.calls.get(consultationId);
    if (!call) return;
    if (notice.topic === "room") {
      // Ended, cancelled or moved: this page is out of the room (it may join again if it still can).
      this.calls.delete(consultationId);
      this.page.send({ type: "callChanged", consultationId });
      return;
    }
    if (notice.topic === "peer") {
      const { peer } = notice;
      // Each side talks only with the other: an owner's page with the vet's, never with a family member's.
      if (peer.pageId !== call.pageId && peer.side !== call.side)
        this.page.send({ type: "peer", consultationId, ...peer });
      return;
    }
    if (notice.to !== call.pageId) return;
    const id = notice.signalId;
    // Read in the order announced (the order stored), so they are forwarded in that order.
    this.forwarded = this.forwarded
      .then(async () => {
        const signal = await readSignal(consultationId, id);
        const here = this.calls.get(consultationId);
        // Only from the other side: a page never hears its own side's signals.
        if (signal && here?.pageId === signal.to && signal.fromSide !== here.side) {
          this.page.send({ type: "signal", consultationId, from: signal.from, data: signal.data });
        }
      })
      .catch((error: unknown) =>
        console.error(`Live channel: a call signal could not be read: ${describeFailure(error)}`),
      );
  }

  /** Each room the page is in is checked again now: one it may no longer be in, it leaves. */
  async recheckAccess() {
    for (const [consultationId, call] of this.calls) {
      const admitted = await this.admission(consultationId);
      if (!("refusal" in admitted)) {
        call.checkedAt = Date.now();
        continue;
      }
      await this.removeFromCall(consultationId, call, admitted.refusal);
    }
  }

  /** Room changes are not read back: a page that missed one hears of it at its next signal or reconnection. */
  catchUp() {}

  /** The page's socket closed: the other side of each of its calls is told it dropped. */
  async close() {
    const calls = [...this.calls.entries()];
    this.calls.clear();
    for (const [consultationId, call] of calls) {
      await announcePeer(consultationId, { ...peerOf(call), event: "dropped" }).catch((error: unknown) =>
        console.error(`Live channel: a call's leaving could not be announced: ${describeFailure(error)}`),
      );
    }
  }

  /** Takes this page out of a call it may no longer be in: the other side hears it left, the page why. */
  private async removeFromCall(consultationId: string, call: InCall, refusal: string) {
    this.calls.delete(consultationId);
    await announcePeer(consultationId, { ...peerOf(call), event: "left" });
    this.page.send({ type: "refused", consultationId, error: refusal });
  }

  /** Whether this page may be in the consultation's room now: who it is there, or why not. */
  private async admission(
    consultationId: string,
  ): Promise<{ found: NonNullable<Awaited<ReturnType<typeof findConsultation>>> } | { refusal: string }> {
    const found = await findConsultation(this.page.user, consultationId);
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
}

function peerOf(call: InCall) {
  return { pageId: call.pageId, side: call.side, name: call.name };
}
