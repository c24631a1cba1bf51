/**
 * Runs one reminder scan as if it were `--now`, then sends what is queued:
 *   npm run reminders:run [-- --now 2027-03-01]
 * For operators and tests; every server process scans every few minutes on its own, and each
 * reminder is queued once whoever finds it first. With PGlite (no DATABASE_URL) run it while the
 * server is stopped: one process at a time opens the folder. With PostgreSQL it may run beside
 * the servers.
 */
import { parseArgs } from "node:util";
import { closeDatabase } from "~/backend/db/client.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { scanReminders } from "~/backend/reminders.server";

const { values } = parseArgs({ options: { now: { type: "string" } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be a date, like 2027-03-01 or 2027-03-01T09:00:00Z (got "${values.now}")`);
  process.exit(2);
}
try {
  const due = await scanReminders({ now });
  // The jobs were queued just now: a --now in the past must not leave them waiting.
  const runAt = new Date(Math.max(now.getTime(), Date.now()));
  const { ran, failed } = await runDueJobs(JOB_HANDLERS, { now: runAt });
  console.log(
    `Reminders due by ${now.toISOString().slice(0, 10)}: ${due} (each queued once). Jobs: ${ran} ran, ${failed} failed (retried later).`,
  );
} finally {
  await closeDatabase();
}
