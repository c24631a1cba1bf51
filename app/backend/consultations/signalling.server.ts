import { and, eq, lt, sql } from "drizzle-orm";
import { announce, type PeerNotice } from "~/backend/live/notices.server";
import { getDb } from "~/backend/db/client.server";
import { callSignal } from "~/backend/db/schema.server";
import type { CallSide, SignalData } from "~/domain/consultations";

/*
 * WebRTC signalling between the pages of a consultation room, through the database so pages on
 * different server processes reach each other: a signal is stored and its id announced with
 * pg_notify; the process holding the page it is for reads and forwards it. Signals are only
 * needed while a call is set up, so they are deleted after a few minutes.
 */

const SIGNAL_KEEP_MINUTES = 5;
/** Old signals are swept at most this often by a process, not in every signal's transaction. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = Number.NEGATIVE_INFINITY;

/** Deletes the signals older than a few minutes, when this process has not in the last minute. */
async function sweepOldSignals(now: Date) {
  if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now.getTime();
  const db = await getDb();
  await db
    .delete(callSignal)
    .where(lt(callSignal.createdAt, sql`now() - make_interval(mins => ${SIGNAL_KEEP_MINUTES})`));
}

export type StoredSignal = { from: string; fromSide: CallSide; to: string; data: SignalData };

/** Stores a signal from one page of the room to another and announces it. */
export async function sendSignal(consultationId: string, signal: StoredSignal, now = new Date()) {
  await sweepOldSignals(now);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(callSignal)
      .values({ consultationId, body: JSON.stringify(signal) })
      .returning({ id: callSignal.id });
    await announce(tx, { topic: "signal", consultationId, signalId: row!.id, to: signal.to });
  });
}

/** A stored signal of the room, or null when it is gone (older than a few minutes). */
export async function readSignal(consultationId: string, id: number): Promise<StoredSignal | null> {
  const db = await getDb();
  const [row] = await db
    .select({ body: callSignal.body })
    .from(callSignal)
    .where(and(eq(callSignal.id, id), eq(callSignal.consultationId, consultationId)));
  return row ? (JSON.parse(row.body) as StoredSignal) : null;
}

/** Tells every page of the room that one of its pages joined or left. */
export async function announcePeer(consultationId: string, peer: PeerNotice) {
  await announce(await getDb(), { topic: "peer", consultationId, peer });
}
