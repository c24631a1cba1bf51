/**
 * The embedded-database run of scripts/load-contact.ts: one server on a fresh PGlite database,
 * SIGTERM while the load runs, then the database opened here to check that every accepted
 * message is stored exactly once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startBuiltServer } from "../../tests/support/built-server";
import { percentile } from "../../tests/support/two-servers";
import { contactForm, postContactForm } from "./contact-form";
import { BUILD_DIR, CONCURRENCY, SIGTERM_AT, TOTAL } from "./settings";

type Outcome =
  | { kind: "accepted"; token: string; ms: number }
  | { kind: "rejected"; token: string; status: number; ms: number }
  | { kind: "refused"; token: string; error: string; ms: number };

export async function runEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-load-"));
  const run = crypto.randomBytes(4).toString("hex");
  const server = await startBuiltServer({
    dataDir,
    buildDir: BUILD_DIR,
    port: Number(process.env.LOAD_PORT) || undefined,
    env: { TRUST_PROXY: "loopback" },
  });
  const { origin } = server;
  console.log(`Server: ${BUILD_DIR}/start.js on ${origin}, DATA_DIR ${dataDir}`);

  const outcomes: Outcome[] = [];
  let next = 0;
  let sigtermAt = 0;
  let answeredBeforeSigterm = 0;
  const start = performance.now();

  async function send(i: number): Promise<Outcome> {
    const token = `load-${run}-${i}`;
    const body = contactForm(token, i);
    const began = performance.now();
    try {
      const response = await postContactForm(origin, i, body);
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
        server.child.kill("SIGTERM");
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const end = performance.now();

  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
  const exitCode = await server.exited;
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
    const log = server
      .output()
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
