/**
 * The PostgreSQL run of scripts/load-contact.ts: two servers on one database, as behind a load
 * balancer, posts retried on the other server with the form's submission key, a SIGTERM and
 * restart of one and a kill -9 and restart of the other mid-load; then every accepted message
 * must be stored once and mailed.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startBuiltServer, type BuiltServer } from "../../tests/support/built-server";
import { freePort } from "../../tests/support/ports";
import { percentile } from "../../tests/support/two-servers";
import { contactForm, postContactForm } from "./contact-form";
import { BUILD_DIR, CONCURRENCY, SIGTERM_AT, TOTAL } from "./settings";

/** Every server process of the two-server run, the stopped and killed ones included (for their logs). */
const startedServers: BuiltServer[] = [];

/** One PawPal process of the two-server run, restarted on the same port as a deployment would. */
async function startServer(port: number, dataDir: string, databaseUrl: string): Promise<BuiltServer> {
  const server = await startBuiltServer({
    dataDir,
    databaseUrl,
    port,
    buildDir: BUILD_DIR,
    env: { TRUST_PROXY: "loopback" },
  });
  startedServers.push(server);
  return server;
}

/** Tries per post: the other server answers while one restarts, and 8 stay under the contact limit (10). */
const MAX_TRIES = 8;

type Post = { token: string; status: number | "no answer"; tries: number; ms: number };

export async function runOnPostgres(url: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-load-two-"));
  const run = crypto.randomBytes(4).toString("hex");
  const ports = [await freePort(), await freePort()];
  // One DATA_DIR for both, as behind a load balancer: the session secret and the outbox folder.
  const launch = (i: 0 | 1) => startServer(ports[i]!, dataDir, url);
  const servers = [await launch(0), await launch(1)];
  console.log(
    `Two servers: ${BUILD_DIR}/start.js on ports ${ports.join(" and ")}, one PostgreSQL, DATA_DIR ${dataDir}`,
  );

  const posts: Post[] = [];
  let next = 0;
  const events: string[] = [];
  const start = performance.now();
  const note = (event: string) => {
    events.push(`${((performance.now() - start) / 1000).toFixed(1)} s: ${event}`);
    console.log(events.at(-1));
  };

  // Server 0 is stopped gracefully and started again (a rolling deploy); once it is back,
  // server 1 is killed with -9 and started again (a crash), leaving claimed mails behind.
  let sigtermExit: number | null | undefined;
  let rolling: Promise<void> | undefined;
  let rolled = false;
  let crash: Promise<void> | undefined;
  const rollServer0 = async () => {
    note(`SIGTERM to server 0 after ${posts.length} answers`);
    servers[0]!.child.kill("SIGTERM");
    sigtermExit = await servers[0]!.exited;
    note(`server 0 exited with code ${sigtermExit}; starting it again`);
    servers[0] = await launch(0);
    note("server 0 is back");
    rolled = true;
  };
  const crashServer1 = async () => {
    note(`kill -9 of server 1 after ${posts.length} answers`);
    servers[1]!.child.kill("SIGKILL");
    await servers[1]!.exited;
    servers[1] = await launch(1);
    note("server 1 is back");
  };

  async function send(i: number): Promise<Post> {
    const token = `load-${run}-${i}`;
    // The key the form makes when it renders: every retry of this post sends the same one.
    const body = contactForm(token, i, `key-${run}-${String(i).padStart(6, "0")}`);
    const began = performance.now();
    for (let tries = 1; ; tries++) {
      const server = servers[(i + tries - 1) % 2]!;
      try {
        const response = await postContactForm(server.origin, i, body);
        await response.arrayBuffer();
        if (response.status < 500)
          return { token, status: response.status, tries, ms: performance.now() - began };
      } catch {
        // No answer (refused, reset by a stopping or killed server): retry, as a client would.
      }
      if (tries === MAX_TRIES) return { token, status: "no answer", tries, ms: performance.now() - began };
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * tries, 2_000)));
    }
  }

  async function worker() {
    while (next < TOTAL) {
      posts.push(await send(next++));
      if (!rolling && posts.length >= (TOTAL * SIGTERM_AT) / 2) rolling = rollServer0();
      if (rolled && !crash && posts.length >= TOTAL * SIGTERM_AT) crash = crashServer1();
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const loadSeconds = (performance.now() - start) / 1000;
  await rolling;
  await crash;
  note("load done");

  const accepted = posts.filter((p) => p.status === 200);
  const acceptedTokens = new Set(accepted.map((p) => p.token));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const storedNow = async () => {
    const { rows } = await client.query<{ subject: string; copies: number; mailed: number }>(
      `select subject, count(*)::int as copies, count(mailed_at)::int as mailed
       from contact_message where subject like $1 group by subject`,
      [`Durability check load-${run}-%`],
    );
    return new Map(rows.map((row) => [row.subject.replace("Durability check ", ""), row]));
  };
  // Mails claimed by the killed server wait for their 2-minute lease to end.
  let stored = await storedNow();
  const unmailed = () => accepted.filter((p) => !stored.get(p.token)?.mailed);
  const waitFrom = performance.now();
  while (unmailed().length > 0 && performance.now() - waitFrom < 200_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stored = await storedNow();
  }
  const caughtUpSeconds = (performance.now() - waitFrom) / 1000;
  await client.end();

  const mailsPerToken = new Map<string, number>();
  const outbox = path.join(dataDir, "outbox");
  for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
    const token = new RegExp(`load-${run}-\\d+`).exec(fs.readFileSync(path.join(outbox, file), "utf8"))?.[0];
    if (token) mailsPerToken.set(token, (mailsPerToken.get(token) ?? 0) + 1);
  }

  for (const server of servers) server.child.kill("SIGTERM");
  const finalExits = await Promise.all(servers.map((server) => server.exited));

  const missing = accepted.filter((p) => !stored.has(p.token));
  const duplicates = [...stored.values()].filter((row) => row.copies > 1);
  const notAcknowledged = [...stored.keys()].filter((token) => !acceptedTokens.has(token));
  const mailedTwice = [...mailsPerToken.values()].filter((n) => n > 1).length;
  const unanswered = posts.filter((p) => p.status === "no answer");
  const rejected = posts.filter((p) => p.status !== 200 && p.status !== "no answer");
  const latencies = accepted.map((p) => p.ms).sort((a, b) => a - b);
  const stillUnmailed = unmailed();

  console.log("");
  console.log(
    `Posts:                    ${posts.length} (${CONCURRENCY} at a time, in ${loadSeconds.toFixed(1)} s)`,
  );
  console.log(
    `Retried:                  ${posts.filter((p) => p.tries > 1).length} posts, ${posts.reduce((n, p) => n + p.tries, 0) - posts.length} retries`,
  );
  console.log(`Accepted (200):           ${accepted.length}`);
  console.log(`Rejected (4xx):           ${rejected.length}`);
  console.log(`No answer after ${MAX_TRIES} tries:  ${unanswered.length}`);
  // Posts stored by a server that stopped or died before the answer reached the client.
  const keptByKey = startedServers.map(
    (server) => server.output().split("retried post, already stored").length - 1,
  );
  console.log(
    `Retries already stored:   ${keptByKey.reduce((a, b) => a + b, 0)} (answered from the submission key, not stored again)`,
  );
  console.log(
    `Stored:                   ${stored.size} distinct, ${[...stored.values()].reduce((n, r) => n + r.copies, 0)} rows`,
  );
  console.log(`Duplicates:               ${duplicates.length}`);
  console.log(`Stored, not acknowledged: ${notAcknowledged.length} (the client gave up; allowed)`);
  console.log(`Accepted but missing:     ${missing.length}`);
  console.log(
    `Mailed (accepted):        ${accepted.length - stillUnmailed.length} of ${accepted.length}, ${caughtUpSeconds.toFixed(0)} s after the load`,
  );
  console.log(`Team mails written twice: ${mailedTwice} (a kill -9 between sending and recording one)`);
  console.log(
    `Latency (accepted, with retries): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });

  const failures = [
    !crash && "the load ended before the kill -9: raise LOAD_REQUESTS",
    sigtermExit !== 0 && `server 0 exited with code ${sigtermExit} after SIGTERM`,
    finalExits.some((code) => code !== 0) && `the servers exited with ${finalExits.join(", ")} at the end`,
    accepted.length === 0 && "no message was accepted",
    duplicates.length > 0 && `${duplicates.length} messages stored more than once`,
    missing.length > 0 && `${missing.length} accepted messages missing`,
    stillUnmailed.length > 0 && `${stillUnmailed.length} accepted messages never mailed`,
  ].filter((failure): failure is string => Boolean(failure));
  if (failures.length) {
    for (const failure of failures) console.error(`FAIL: ${failure}`);
    for (const p of missing.slice(0, 5)) console.error(`  missing ${p.token}`);
    for (const p of stillUnmailed.slice(0, 5)) console.error(`  unmailed ${p.token}`);
    process.exit(1);
  }
  console.log("\nOK: every accepted message is stored once and mailed, across a SIGTERM and a kill -9.");
}
