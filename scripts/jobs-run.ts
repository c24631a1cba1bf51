/**
 * Runs one pass of the background jobs (mails in the outbox, …) as if it were `--now`:
 *   npm run jobs:run [-- --now 2027-03-01T09:00:00Z]
 * For operators and tests; the server runs the same passes every few seconds. With PGlite
 * (no DATABASE_URL) run it while the server is stopped: one process at a time opens the folder.
 */
import { parseArgs } from "node:util";
import { closeDatabase } from "~/backend/db/client.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";

const { values } = parseArgs({ options: { now: { type: "string" } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be a date, like 2027-03-01 or 2027-03-01T09:00:00Z (got "${values.now}")`);
  process.exit(2);
}
try {
  const { ran, failed } = await runDueJobs(JOB_HANDLERS, { now });
  console.log(`Jobs due at ${now.toISOString()}: ${ran} ran, ${failed} failed (retried later).`);
} finally {
  await closeDatabase();
}
