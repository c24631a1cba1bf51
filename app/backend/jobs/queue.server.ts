import { sql } from "drizzle-orm";
import { getDb, listenToDatabase, type Database, type Listener } from "~/backend/db/client.server";
import { job } from "~/backend/db/schema.server";

/*
 * A job queue in the database: what is enqueued is kept until it has run, survives restarts,
 * and runs once even with several server processes on one PostgreSQL (each claims due jobs
 * with FOR UPDATE SKIP LOCKED under a lease). A failed run is retried with growing pauses.
 */

/** What a kind of job does with its payload; throwing means "try again later". */
export type JobHandler = (payload: unknown) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** A transaction or the database itself: enqueue inside the transaction that stores what it is about. */
export type Executor = Pick<Database, "insert" | "execute">;

/** Announced when a job is enqueued, at its commit: every process's runner wakes and looks. */
const JOBS_CHANNEL = "pawpal_jobs";

export const MAX_ATTEMPTS = 8;
/** How long a claim lasts: a process that dies mid-run releases its jobs after this. */
const LEASE_SECONDS = 120;

/** Thrown by a handler whose service asked for a pause (e.g. Retry-After): the job runs again after it. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterSeconds: number | undefined,
  ) {
    super(message);
  }
}

/** 30 s, 1 min, 2 min … capped at 1 h: a mail server that is down gets time to come back. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(30 * 2 ** (attempts - 1), 60 * 60);
}

/** Where a job goes: its key, when, in which transaction, and the account it belongs to. */
export type EnqueueOptions = {
  key?: string;
  runAfter?: Date;
  db?: Executor;
  /** The account the job belongs to; deleting the account deletes its jobs (and only those). */
  userId?: string | null;
};

/**
 * Adds a job; with a key, a job already enqueued under it (done or not) makes this a no-op.
 * The runners of every process are woken when it commits, so it does not wait for their next tick.
 */
export async function enqueueJob(
  kind: string,
  payload: unknown,
  { key, runAfter, db, userId }: EnqueueOptions = {},
) {
  const executor = db ?? (await getDb());
  await executor
    .insert(job)
    // Due from this process's clock, the one a pass compares with (`now` in runDueJobs): the
    // database's now() has microseconds, and a job queued in the millisecond a pass began would
    // not be due for that pass.
    .values({ kind, payload, key, userId: userId ?? null, runAfter: runAfter ?? new Date() })
    .onConflictDoNothing({ target: job.key });
  // Inside a transaction, delivered when it commits: the moment the job becomes visible.
  // (The payload is the kind, for a log: an empty one is not delivered by every client.)
  await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
}

type ClaimedJob = { id: string; kind: string; payload: unknown; attempts: number };

/** Claims up to `limit` due jobs for this process (a lease, so a crash lets them go again). */
async function claimDueJobs(db: Database, now: Date, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    update ${job} set attempts = attempts + 1,
      locked_until = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from ${job}
      where done_at is null and failed_at is null
        and run_after <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
      order by run_after, created_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, run_after, created_at`);
  // In the order they fell due: RETURNING gives the updated rows in no particular order (on
  // PostgreSQL, the table's), and two notifications of one conversation must arrive in order.
  const rows = (result as unknown as { rows: (ClaimedJob & { run_after: string; created_at: string })[] })
    .rows;
  const at = (value: string | Date) => new Date(value).getTime();
  return rows
    .sort((a, b) => at(a.run_after) - at(b.run_after) || at(a.created_at) - at(b.created_at))
    .map(({ id, kind, payload, attempts }) => ({ id, kind, payload, attempts }));
}

/**
 * Runs the jobs due at `now` (one pass), each with its kind's handler, and answers how many
 * ran and how many failed. Safe to call from several processes at once.
 */
export async function runDueJobs(
  handlers: JobHandlers,
  { now = new Date(), limit = 20, signal }: { now?: Date; limit?: number; signal?: AbortSignal } = {},
) {
  const db = await getDb();
  let ran = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDueJobs(db, now, limit);
    for (const { id, kind, payload, attempts } of claimed) {
      try {
        const handler = handlers[kind];
        if (!handler) throw new Error(`No handler for jobs of kind "${kind}"`);
        await handler(payload);
        // Done, the payload goes: a sent mail's links (password resets, invitations) must not
        // outlive it in the database. The row stays, so its key still refuses a second run.
        await db.execute(
          sql`update ${job} set done_at = now(), locked_until = null, last_error = null, payload = '{}'::jsonb
            where id = ${id}`,
        );
        ran += 1;
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= MAX_ATTEMPTS;
        const pause =
          error instanceof RetryLater && error.afterSeconds !== undefined
            ? Math.min(error.afterSeconds, 24 * 60 * 60)
            : retryDelaySeconds(attempts);
        console.error(
          `[jobs] ${kind} ${id} failed (attempt ${attempts}${giveUp ? ", giving up" : ""}): ${message}`,
        );
        await db.execute(sql`
          update ${job} set locked_until = null, last_error = ${message.slice(0, 2000)},
            run_after = ${now.toISOString()}::timestamptz + make_interval(secs => ${pause}),
            failed_at = ${giveUp ? sql`now()` : sql`null`}
          where id = ${id}`);
      }
    }
    // A stopping process finishes the batch it claimed, not the whole queue: the others take the rest.
    if (claimed.length < limit || signal?.aborted) return { ran, failed };
  }
}

/**
 * Runs due jobs in this process until stopped: when a job is enqueued anywhere (woken through the
 * database), and every `intervalMs` for jobs that fall due later. Passes never overlap; a wake
 * during a pass runs one more after it.
 */
export function startJobRunner(handlers: JobHandlers, intervalMs = 5_000) {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const stopping = new AbortController();
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueJobs(handlers, { signal: stopping.signal })
      .catch((error: unknown) => console.error("[jobs] pass failed:", error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  // Without the wake (the database not listening yet, or its connection lost) the interval still runs them.
  const listening: Promise<Listener | undefined> = listenToDatabase(JOBS_CHANNEL, pass, pass).catch(
    (error: unknown) => {
      console.error("[jobs] could not listen for new jobs:", error instanceof Error ? error.message : error);
      return undefined;
    },
  );
  pass();
  return {
    /** Settles once the runner listens for new jobs (or gave up listening). */
    listening: listening.then(() => {}),
    /** Stops taking new passes and waits for the one running. */
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await (await listening)?.close();
      await running;
    },
  };
}
