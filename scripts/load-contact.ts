/**
 * Load and durability test of the contact form (npm run bench:contact).
 *
 * Embedded database (default): starts the production server on 127.0.0.1 with a fresh PGlite
 * database, sends a few thousand contact form posts from many client addresses
 * (X-Forwarded-For, TRUST_PROXY=loopback, so the per-address rate limit is not what is
 * measured), stops the server with SIGTERM while the load is running, then opens the database
 * itself and checks that every message the server accepted (answered 200) is stored exactly
 * once. Refused requests (connection refused or reset while the server shut down) are fine:
 * nobody was told they were sent.
 *
 * PostgreSQL (DATABASE_URL or E2E_DATABASE_URL set, e.g. `scripts/with-postgres.sh npm run
 * bench:contact`): two server processes on that database, as behind a load balancer. Each post
 * carries the form's submission key and is retried, with the same key, on the other server
 * when it gets no answer. One server gets SIGTERM mid-load and is started again; later the other
 * is killed with -9 and started again, so the outbox catches up with the mails it had claimed.
 * Then: accepted, stored, duplicates (must be 0), mailed (must equal accepted), p50/p99.
 *
 * Options (environment): LOAD_REQUESTS (3000), LOAD_CONCURRENCY (50), LOAD_SIGTERM_AT (fraction
 * of the requests answered before SIGTERM, 0.6; with two servers the SIGTERM comes at half of
 * it and the kill -9 at it), BUILD_DIR (build), LOAD_PORT (a free port; PGlite mode).
 * Exits 1 when an accepted message is missing, stored twice or (PostgreSQL) never mailed.
 * The two runs are scripts/contact-load/embedded-run.ts and postgres-run.ts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runEmbedded } from "./contact-load/embedded-run";
import { runOnPostgres } from "./contact-load/postgres-run";
import { BUILD_DIR } from "./contact-load/settings";

const DATABASE_URL = process.env.DATABASE_URL || process.env.E2E_DATABASE_URL;

function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, "start.js"))) return;
  console.log(`No build in ${BUILD_DIR}/: building first`);
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) throw new Error("the build failed");
}

async function main() {
  ensureBuild();
  if (DATABASE_URL) return runOnPostgres(DATABASE_URL);
  return runEmbedded();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
