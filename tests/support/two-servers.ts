import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILD_DIR, startBuiltServer, stopBuiltServer, type BuiltServer } from "./built-server";
import { withPostgres } from "./postgres-admin";

/*
 * Two server processes of the production build on one PostgreSQL database, as behind a load
 * balancer: the browser tests and the benchmarks of what crosses processes (rate limits, the
 * mail queue, the chat's and the calls' LISTEN/NOTIFY) start them here.
 *
 * The database is a new one of their own on the PostgreSQL server they are given
 * (E2E_DATABASE_URL, as scripts/with-postgres.sh sets it, by default): the pairs of other tests
 * run on the same server at the same time, and one pair's job runners must not send another
 * pair's mails into their outbox. The servers migrate it as
 * they start, both at once, as a deployment's processes do (the advisory lock of
 * app/backend/db/client.server.ts has them take turns): once both answer /healthz, it is migrated.
 */

export type TwoServers = {
  /** A and B, both answering /healthz. */
  servers: [BuiltServer, BuiltServer];
  databaseName: string;
  /** The database's URL: for a test's own queries, or the DATABASE_URL of a process beside them. */
  databaseUrl: string;
  /** Both servers' DATA_DIR (the outbox of their mails); stopTwoServers removes it. */
  dataDir: string;
  /** The PostgreSQL server the database is on (to drop it). */
  serverUrl: string;
};

export type TwoServersOptions = {
  /** In the database's and the data folder's names: pawpal_<name>_<random>. */
  name: string;
  /** A PostgreSQL server's URL (default E2E_DATABASE_URL). */
  serverUrl?: string;
  /** More environment for both, over the defaults of startTwoServers. */
  env?: NodeJS.ProcessEnv;
};

/** Creates the database, starts A and B on it (their own ports on 127.0.0.1) and waits for both. */
export async function startTwoServers({
  name,
  serverUrl = process.env.E2E_DATABASE_URL,
  env = {},
}: TwoServersOptions): Promise<TwoServers> {
  if (!serverUrl) throw new Error("Two servers need a PostgreSQL server: run under scripts/with-postgres.sh");
  const databaseName = `pawpal_${name}_${crypto.randomBytes(4).toString("hex")}`;
  await withPostgres((client) => client.query(`create database "${databaseName}"`), serverUrl);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pawpal-${name}-`));
  // The browser tests' server's settings (playwright.config.ts) that concern them, and one
  // DATA_DIR and one secret, as behind a load balancer: a session cookie works on both.
  const serverEnv: NodeJS.ProcessEnv = {
    // Each client poses as its own address (X-Forwarded-For), as the balancer would pass it.
    TRUST_PROXY: "loopback",
    // A consultation booked now (at least 15 minutes ahead) can be joined at once.
    ROOM_OPENS_MINUTES: "60",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64"),
    ...env,
  };
  const started = await Promise.allSettled(
    [0, 1].map(() => startBuiltServer({ dataDir, databaseUrl, env: serverEnv })),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const two = {
    servers: servers as [BuiltServer, BuiltServer],
    databaseName,
    databaseUrl,
    dataDir,
    serverUrl,
  };
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await stopTwoServers(two);
    throw failure.reason;
  }
  return two;
}

/** Stops whichever of them still runs (SIGTERM), drops the database and removes the data folder. */
export async function stopTwoServers(two: TwoServers | undefined) {
  if (!two) return;
  try {
    await Promise.all(two.servers.map(stopBuiltServer));
    await withPostgres(
      (client) => client.query(`drop database if exists "${two.databaseName}" with (force)`),
      two.serverUrl,
    );
  } finally {
    fs.rmSync(two.dataDir, { recursive: true, force: true });
  }
}

/*
 * What the benchmarks on two servers (scripts/bench-chat.ts, scripts/bench-consult.ts) share.
 */

/**
 * The PostgreSQL server a benchmark runs on: DATABASE_URL or E2E_DATABASE_URL. The build is
 * made first when BUILD_DIR has none. Without a server, the benchmark (`script`, with its
 * arguments) runs again under scripts/with-postgres.sh, a throwaway one, as
 * scripts/ci/test-postgres.sh does, and this process exits with its status.
 */
export function benchPostgresServer(script: string): string {
  if (!fs.existsSync(path.join(BUILD_DIR, "start.js"))) {
    console.log(`No build in ${BUILD_DIR}/: building first`);
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const serverUrl = process.env.DATABASE_URL || process.env.E2E_DATABASE_URL;
  if (serverUrl) return serverUrl;
  const rerun = spawnSync(
    "scripts/with-postgres.sh",
    [process.execPath, "--import", "tsx", script, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(rerun.status ?? 1);
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `task` on every item, `limit` at a time. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Backend calls log a line each (plans, …): quiet while the accounts are set up. */
export async function quietly<T>(task: () => Promise<T>): Promise<T> {
  const info = console.info;
  console.info = () => undefined;
  try {
    return await task();
  } finally {
    console.info = info;
  }
}

export type Cookie = { name: string; value: string };
export type BenchAccount = { id: string; name: string; email: string; cookies: Cookie[] };

/**
 * `count` owners (with a pet each) signed up on A and as many future vets signed up on B,
 * through the site's form (password hashing is the slow part: `concurrency` pairs at a time),
 * each from its own address 10.<network>.x.y (the sign-up limit is per address).
 */
export async function signUpOwnersAndVets(
  { servers: [serverA, serverB], databaseUrl }: TwoServers,
  {
    count,
    concurrency,
    network,
    password,
  }: { count: number; concurrency: number; network: number; password: string },
): Promise<{ owner: BenchAccount; vet: BenchAccount }[]> {
  const run = crypto.randomBytes(3).toString("hex");
  const pairs: { owner: BenchAccount; vet: BenchAccount }[] = [];
  const address = (n: number) => `10.${network}.${(n >> 8) & 255}.${n & 255}`;
  await eachLimited(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      const owner = { id: "", name: `Owner ${i}`, email: `bench-owner-${run}-${i}@example.com` };
      const vet = { id: "", name: `Vet ${i}`, email: `bench-vet-${run}-${i}@example.com` };
      pairs[i] = {
        owner: {
          ...owner,
          cookies: await signUpByForm(serverA, address(2 * i), { ...owner, password, petName: `Pet ${i}` }),
        },
        vet: { ...vet, cookies: await signUpByForm(serverB, address(2 * i + 1), { ...vet, password }) },
      };
    },
  );
  const ids = await withPostgres(async (client) => {
    const emails = pairs.flatMap(({ owner, vet }) => [owner.email, vet.email]);
    const { rows } = await client.query<{ id: string; email: string }>(
      `select id, email from "user" where email = any($1)`,
      [emails],
    );
    return new Map(rows.map((row) => [row.email, row.id]));
  }, databaseUrl);
  for (const account of pairs.flatMap(({ owner, vet }) => [owner, vet])) account.id = ids.get(account.email)!;
  return pairs;
}

/** Signs up through the site's form (with a pet when `petName` is given) and answers the session's cookies. */
async function signUpByForm(
  server: BuiltServer,
  address: string,
  account: { name: string; email: string; password: string; petName?: string },
): Promise<Cookie[]> {
  const response = await fetch(`${server.origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.origin,
      "X-Forwarded-For": address,
    },
    body: new URLSearchParams({
      intent: "signup",
      name: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      ...(account.petName ? { petName: account.petName, petType: "dog" } : {}),
    }),
  });
  const cookies = response.headers.getSetCookie().map((line) => {
    const pair = line.split(";")[0]!;
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  if (response.status !== 302 || !cookies.some((cookie) => cookie.name.includes("session_token"))) {
    throw new Error(
      `sign-up of ${account.email} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return cookies;
}

/** Prints how many lines of each server's output complain (an error, the live channel), and the first five. */
export function reportServerErrors(two: TwoServers | undefined, label: string) {
  const complaints = (two?.servers ?? []).map((server) =>
    server
      .output()
      .split("\n")
      .filter((line) => /error|Live channel/i.test(line)),
  );
  console.log(`${label}A ${complaints[0]?.length ?? 0}, B ${complaints[1]?.length ?? 0}`);
  for (const line of complaints.flat().slice(0, 5)) console.error(`  ${line.slice(0, 300)}`);
}

/**
 * Runs a benchmark: `main` answers its exit code; when it throws, the error and the end of each
 * server's output are printed. `cleanUp` runs after it, or on Ctrl-C; then the process exits.
 */
export async function runBench(
  main: () => Promise<number>,
  cleanUp: () => Promise<void>,
  two: () => TwoServers | undefined,
): Promise<never> {
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    console.error(error);
    for (const [i, server] of (two()?.servers ?? []).entries()) {
      console.error(
        `--- server ${i === 0 ? "A" : "B"} output (last 2000 characters) ---\n${server.output().slice(-2000)}`,
      );
    }
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}
