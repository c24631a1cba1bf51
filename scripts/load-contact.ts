/**
 * Load and durability test of the contact form (npm run bench:contact).
 *
 * Starts the production server on 127.0.0.1 with a fresh PGlite database, sends a few thousand
 * contact form posts from many client addresses (X-Forwarded-For, TRUST_PROXY=loopback, so the
 * per-address rate limit is not what is measured), stops the server with SIGTERM while the load
 * is running, then opens the database itself and checks that every message the server accepted
 * (answered 200) is stored exactly once. Refused requests (connection refused or reset while the
 * server shut down) are fine: nobody was told they were sent.
 *
 * Options (environment): LOAD_REQUESTS (3000), LOAD_CONCURRENCY (50), LOAD_SIGTERM_AT (fraction
 * of the requests answered before SIGTERM, 0.6), BUILD_DIR (build), LOAD_PORT (a free port).
 * Exits 1 when an accepted message is missing or stored twice.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { freePort } from "../tests/support/ports";

const TOTAL = Number(process.env.LOAD_REQUESTS) || 3000;
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY) || 50;
const SIGTERM_AT = Number(process.env.LOAD_SIGTERM_AT) || 0.6;
const BUILD_DIR = process.env.BUILD_DIR || "build";

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A distinct client address for every request: 10.x.y.z. */
function clientAddress(i: number) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
}

type Outcome =
  | { kind: "accepted"; token: string; ms: number }
  | { kind: "rejected"; token: string; status: number; ms: number }
  | { kind: "refused"; token: string; error: string; ms: number };

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "start.js"))) {
    console.log(`No build in ${BUILD_DIR}/: building first`);
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: process.env });
    if (build.status !== 0) throw new Error("the build failed");
  }

  const port = Number(process.env.LOAD_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-load-"));
  const run = crypto.randomBytes(4).toString("hex");
  console.log(`Server: ${BUILD_DIR}/start.js on ${origin}, DATA_DIR ${dataDir}`);

  const server = spawn(process.execPath, [path.join(BUILD_DIR, "start.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let serverLog = "";
  server.stdout.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

  for (let waited = 0; ; waited += 200) {
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null || waited > 60_000) {
      throw new Error(`the server did not start:\n${serverLog}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const outcomes: Outcome[] = [];
  let next = 0;
  let sigtermAt = 0;
  let answeredBeforeSigterm = 0;
  const start = performance.now();

  async function send(i: number): Promise<Outcome> {
    const token = `load-${run}-${i}`;
    const body = new URLSearchParams({
      name: `Load Tester ${i}`,
      email: `load${i}@example.com`,
      subject: `Durability check ${token}`,
      message: `Message ${i} of the contact load test (${token}).`,
    });
    const began = performance.now();
    try {
      const response = await fetch(`${origin}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "X-Forwarded-For": clientAddress(i),
        },
        body,
      });
      await response.arrayBuffer();
      const ms = performance.now() - began;
      return response.status === 200
        ? { kind: "accepted", token, ms }
        : { kind: "rejected", token, status: response.status, ms };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        kind: "refused",
        token,
        error: cause?.code ?? cause?.message ?? String(error),
        ms: performance.now() - began,
      };
    }
  }

  async function worker() {
    while (next < TOTAL) {
      const outcome = await send(next++);
      outcomes.push(outcome);
      if (!sigtermAt && outcomes.length >= TOTAL * SIGTERM_AT) {
        sigtermAt = performance.now();
        answeredBeforeSigterm = outcomes.length;
        console.log(`SIGTERM after ${outcomes.length} answers, with up to ${CONCURRENCY} requests in flight`);
        server.kill("SIGTERM");
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const end = performance.now();

  const timeout = setTimeout(() => server.kill("SIGKILL"), 30_000);
  const exitCode = await exited;
  clearTimeout(timeout);
  console.log(`Server exited with code ${exitCode}`);

  // The server is gone: open its database ourselves.
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  const { rows } = await db.query<{ subject: string; copies: number }>(
    `select subject, count(*)::int as copies from contact_message where subject like $1 group by subject`,
    [`Durability check load-${run}-%`],
  );
  await db.close();
  const stored = new Map(rows.map((row) => [row.subject.replace("Durability check ", ""), row.copies]));

  const accepted = outcomes.filter((o) => o.kind === "accepted");
  const rejected = outcomes.filter((o) => o.kind === "rejected");
  const refused = outcomes.filter((o) => o.kind === "refused");
  const missing = accepted.filter((o) => !stored.has(o.token));
  const duplicated = [...stored].filter(([, copies]) => copies > 1);
  const acceptedTokens = new Set(accepted.map((o) => o.token));
  const storedUnanswered = [...stored.keys()].filter((token) => !acceptedTokens.has(token));

  const latencies = outcomes
    .filter((o) => o.kind !== "refused")
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const steadySeconds = ((sigtermAt || end) - start) / 1000;
  const byStatus = new Map<number, number>();
  for (const o of rejected) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  const byError = new Map<string, number>();
  for (const o of refused) byError.set(o.error, (byError.get(o.error) ?? 0) + 1);

  console.log("");
  console.log(`Requests sent:            ${outcomes.length} (${CONCURRENCY} at a time)`);
  console.log(`Accepted (200):           ${accepted.length}`);
  console.log(
    `Rejected (other status):  ${rejected.length}${rejected.length ? ` ${JSON.stringify(Object.fromEntries(byStatus))}` : ""}`,
  );
  console.log(
    `Refused while stopping:   ${refused.length}${refused.length ? ` ${JSON.stringify(Object.fromEntries(byError))}` : ""}`,
  );
  console.log(
    `Throughput before SIGTERM: ${(answeredBeforeSigterm / steadySeconds).toFixed(0)} requests/s (${answeredBeforeSigterm} in ${steadySeconds.toFixed(2)} s)`,
  );
  console.log(
    `Latency (answered):       p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
  console.log(
    `Stored messages:          ${stored.size} distinct, ${rows.reduce((n, r) => n + r.copies, 0)} rows`,
  );
  console.log(
    `Stored but not answered:  ${storedUnanswered.length} (in flight when the connection dropped; allowed)`,
  );
  console.log(`Accepted but missing:     ${missing.length}`);
  console.log(`Stored more than once:    ${duplicated.length}`);

  fs.rmSync(dataDir, { recursive: true, force: true });
  if (exitCode !== 0) {
    const log = serverLog
      .split("\n")
      .filter((line) => !/^(mail:|\[contact\])/.test(line))
      .join("\n");
    console.error(
      `\nFAIL: the server did not shut down cleanly (exit code ${exitCode}):\n${log.slice(-2000)}`,
    );
  }
  if (accepted.length === 0) console.error("\nFAIL: no message was accepted");
  if (missing.length || duplicated.length) {
    console.error(`\nFAIL: ${missing.length} accepted messages missing, ${duplicated.length} stored twice`);
    for (const o of missing.slice(0, 5)) console.error(`  missing ${o.token}`);
    for (const [token, copies] of duplicated.slice(0, 5)) console.error(`  ${token} stored ${copies} times`);
  }
  if (exitCode !== 0 || accepted.length === 0 || missing.length || duplicated.length) process.exit(1);
  console.log("\nOK: every accepted message is stored exactly once.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
