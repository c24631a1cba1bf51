import { z } from "~/utils/zod";
import { clientKeySchema, type ChatMessage } from "./chat";
import { pageIdSchema, signalDataSchema, type CallSide, type SignalData } from "./consultations";
import { idSchema } from "./ids";

/*
 * The live channel's frames, shared by server and browser: one WebSocket per page at LIVE_PATH,
 * JSON frames, carrying what the chat and the consultation room each send and receive.
 */

export const LIVE_PATH = "/live";

/** What a page sends. */
export const clientFrameSchema = z.discriminatedUnion("type", [
  /** Deliver this conversation's messages numbered above `after`, then each new one. */
  z.object({ type: z.literal("watch"), conversationId: idSchema, after: z.number().int().min(0) }),
  /** The page no longer shows this conversation. */
  z.object({ type: z.literal("unwatch"), conversationId: idSchema }),
  /** A vet's console: say when the queue changes. */
  z.object({ type: z.literal("watchQueue") }),
  /** A text message; answered by "sent" (stored) or "refused". */
  z.object({
    type: z.literal("send"),
    conversationId: idSchema,
    key: clientKeySchema,
    body: z.string().max(20_000),
  }),
  /** A consultation's call: this page is in the room (again, after a reconnection). */
  z.object({ type: z.literal("joinCall"), consultationId: idSchema, pageId: pageIdSchema }),
  z.object({ type: z.literal("leaveCall"), consultationId: idSchema }),
  /** An offer, answer, ICE candidate or hello for one page of the room. */
  z.object({ type: z.literal("signal"), consultationId: idSchema, to: pageIdSchema, data: signalDataSchema }),
]);
export type ClientFrame = z.output<typeof clientFrameSchema>;

/** What the server sends. */
export type ServerFrame =
  | { type: "message"; conversationId: string; message: ChatMessage }
  | { type: "sent"; conversationId: string; key: string; seq: number }
  /** Not done; with `retry`, a failure of ours: the page sends it again (same key) when it reconnects. */
  | {
      type: "refused";
      conversationId?: string;
      consultationId?: string;
      key?: string;
      error: string;
      retry?: true;
    }
  /** The conversation's status changed (taken, ended): reload what the page shows. */
  | { type: "changed"; conversationId: string }
  | { type: "queue" }
  /** A page of the consultation's other side joined or left its room. */
  | {
      type: "peer";
      consultationId: string;
      pageId: string;
      side: CallSide;
      name: string;
      /** left: the page left the call; dropped: its connection to the server closed (its media may still flow). */
      event: "joined" | "left" | "dropped";
    }
  | { type: "signal"; consultationId: string; from: string; data: SignalData }
  /** This page is in the room; `side` is its own. */
  | { type: "callJoined"; consultationId: string; side: CallSide }
  /** The consultation ended or was cancelled: the room is closed. */
  | { type: "callChanged"; consultationId: string };
