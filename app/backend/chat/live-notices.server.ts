/*
 * What the live channel carries between server processes: pg_notify(LIVE_CHANNEL, notice)
 * in the transaction that stored the change. A notice only names what changed; each process
 * reads the rest from the database, so a notice lost or late never loses a message. A call's
 * presence (joined, left) is only announced: a page that misses it joins again when its
 * connection fails.
 */

import { sql } from "drizzle-orm";
import type { Database } from "~/backend/db/client.server";

export const LIVE_CHANNEL = "pawpal_live";

export type LiveNotice = {
  /** The conversation that changed… */
  c?: string;
  /** …and its newest message's number. */
  s?: number;
  /** Its status changed (taken, ended). */
  changed?: true;
  /** The queue of waiting conversations changed. */
  queue?: true;
  /** A vet went on or off duty: pages of conversations reload (the owner's says whether a vet is on duty). */
  duty?: true;
  /** A consultation's room: with `changed`, it ended, was cancelled or moved… */
  k?: string;
  /** …a signal (call_signal's id) for one page of it… */
  sig?: number;
  to?: string;
  /** …or a page joined or left it. */
  peer?: { pageId: string; side: "owner" | "vet"; name: string; event: "joined" | "left" | "dropped" };
  /** These accounts' rights changed (a plan, a family, a staff role, the account itself): their pages are checked again. */
  access?: string[];
};

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
 * periodic check (live-hub.server.ts).
 */
export async function announceAccessChanged(db: Pick<Database, "execute">, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await announce(db, { access: [...new Set(userIds)] });
}

export function parseNotice(payload: string): LiveNotice | null {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === "object" && value !== null ? (value as LiveNotice) : null;
  } catch {
    return null;
  }
}
