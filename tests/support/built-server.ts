import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";
import { freePort } from "./ports";

/**
 * A server of the production build started by a test or a benchmark script, as an operator
 * starts it (`node build/start.js`), on 127.0.0.1. For tests that stop, swap or reconfigure a
 * server; the other browser tests share the one playwright.config.ts starts.
 */
export type BuiltServer = {
  child: ChildProcess;
  port: number;
  origin: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
};

export type BuiltServerOptions = {
  dataDir: string;
  /** PostgreSQL to use; without one the server uses the embedded database, in the PostgreSQL run too. */
  databaseUrl?: string;
  port?: number;
  buildDir?: string;
  env?: NodeJS.ProcessEnv;
  /** The /healthz status to wait for (default 200); null returns at once. */
  readyStatus?: number | null;
};

export const BUILD_DIR = process.env.BUILD_DIR || "build";

export async function startBuiltServer({
  dataDir,
  databaseUrl,
  port,
  buildDir = BUILD_DIR,
  env = {},
  readyStatus = 200,
}: BuiltServerOptions): Promise<BuiltServer> {
  port ??= await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    ...env,
  };
  if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl;
  else delete serverEnv.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(buildDir, "start.js")], {
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const server: BuiltServer = {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
  };
  if (readyStatus !== null) {
    try {
      await expectHealth(server, readyStatus);
    } catch (error) {
      await stopBuiltServer(server);
      throw error;
    }
  }
  return server;
}

/** Waits until /healthz answers `status`; fails early, with the server's output, if it exits. */
export async function expectHealth(server: BuiltServer, status: number, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        if (server.child.exitCode !== null) {
          throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
        }
        return (await healthz(server)).status;
      },
      { timeout, message: `server on ${server.origin}: ${server.output()}` },
    )
    .toBe(status);
}

/** /healthz's status and body; status 0 while nothing answers. */
export async function healthz({ origin }: BuiltServer) {
  try {
    const response = await fetch(`${origin}/healthz`);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  } catch {
    return { status: 0, body: {} };
  }
}

/** SIGTERM, then waits for the process to exit (a server that already exited is left alone). */
export async function stopBuiltServer({ child, exited }: BuiltServer) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await exited;
}
