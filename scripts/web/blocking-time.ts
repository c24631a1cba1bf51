/**
 * Total Blocking Time read from a Lighthouse trace twice: from each task's length as it was
 * observed (wall clock), and from the main thread's own CPU time in it. Lighthouse's simulated
 * TBT stretches each observed task 4x and counts what lies beyond 50 ms; a task's wall time also
 * holds the time its thread waited, for a core or on the browser's other threads (V8's background
 * compilers, the compositor) that were themselves waiting for one, so on a busy 2-core machine
 * the two readings tell the page's own work from the machine's contention.
 */

/** The part of a Chrome trace event these readings use. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall-clock duration, microseconds. */
  dur?: number;
  /** The thread's own CPU time, microseconds. */
  tdur?: number;
};

/** Lighthouse's mobile CPU slowdown and its long-task threshold. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * Blocking time of the page's main-thread tasks that start at or after its first contentful
 * paint, with Lighthouse's rule (4 x the task, less 50 ms), in milliseconds: `wallMs` from their
 * observed length, `cpuMs` from the thread's CPU time in them. Lighthouse counts from its
 * simulated FCP to its simulated TTI; this counts from the observed FCP to the end of the trace,
 * so it is a reading beside Lighthouse's, not a copy of it. Undefined without an FCP event.
 */
export function blockingTime(events: TraceEvent[]): { wallMs: number; cpuMs: number } | undefined {
  // The FCP mark is written on the page's renderer main thread.
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) return undefined;
  const tasks = events.filter(
    (event) =>
      event.pid === fcp.pid &&
      event.tid === fcp.tid &&
      event.ph === "X" &&
      event.name === "RunTask" &&
      event.ts >= fcp.ts,
  );
  const blocking = (microseconds: number) => Math.max(0, (microseconds / 1000) * CPU_SLOWDOWN - LONG_TASK_MS);
  let wallMs = 0;
  let cpuMs = 0;
  for (const task of tasks) {
    wallMs += blocking(task.dur ?? 0);
    cpuMs += blocking(task.tdur ?? task.dur ?? 0);
  }
  return { wallMs, cpuMs };
}
