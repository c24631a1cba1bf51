/*
 * What the live channel carries between server processes: pg_notify(LIVE_CHANNEL, notice) in the
 * transaction that stored the change. A notice only names what changed; each process reads the
 * rest from the database, so a notice lost or late never loses a message. A call's presence
 * (joined, left) is only announced: a page that misses it joins again when its connection fails.
 */

import { sql } from "drizzle-orm";
import type { Database } from "~/backend/db/client.server";
import { z } from "~/utils/zod";

export const LIVE_CHANNEL = "pawpal_live";

const peerSchema = z.object({
  pageId: z.string(),
  side: z.enum(["owner", "vet"]),
  name: z.string(),
  event: z.enum(["joined", "left", "dropped"]),
});

const noticeSchema = z.discriminatedUnion("topic", [
  /** A conversation got its message `newestSeq`, or its status changed (taken, ended), or the queue of waiting ones did. */
  z.object({
    topic: z.literal("conversation"),
    conversationId: z.string(),
    newestSeq: z.number().int().optional(),
    statusChanged: z.boolean().optional(),
    queueChanged: z.boolean().optional(),
  }),
  /** A vet went on or off duty: pages of conversations reload (the owner's says whether a vet is on duty). */
  z.object({ topic: z.literal("duty") }),
  /** A consultation ended, was cancelled or moved: its room closes. */
  z.object({ topic: z.literal("room"), consultationId: z.string() }),
  /** A call signal (call_signal's id) for one page of a consultation's room. */
  z.object({
    topic: z.literal("signal"),
    consultationId: z.string(),
    signalId: z.number().int(),
    to: z.string(),
  }),
  /** A page joined or left a consultation's room. */
  z.object({ topic: z.literal("peer"), consultationId: z.string(), peer: peerSchema }),
  /** These accounts' rights changed (a plan, a family, a staff role, the account itself): their pages are checked again. */
  z.object({ topic: z.literal("access"), userIds: z.array(z.string()) }),
]);

export type LiveNotice = z.output<typeof noticeSchema>;
export type PeerNotice = z.output<typeof peerSchema>;

/**
 * Puts a notice on the live channel. In a transaction, it is sent when the transaction commits:
 * never for what was not stored.
 */
export async function announce(db: Pick<Database, "execute">, notice: LiveNotice) {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Tells every process that these accounts' rights changed, in the transaction that changed
 * them: their open pages stop receiving what they may no longer read at once, not at the next
 * periodic check (hub.server.ts).
 */
export async function announceAccessChanged(db: Pick<Database, "execute">, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await announce(db, { topic: "access", userIds: [...new Set(userIds)] });
}

/** A notice read from the channel, or null for anything else (another version's, or garbage). */
export function parseNotice(payload: string): LiveNotice | null {
  try {
    return noticeSchema.safeParse(JSON.parse(payload)).data ?? null;
  } catch {
    return null;
  }
}
