import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";

/*
 * A second server, started by the test, whose DATABASE_URL points at a port where nothing
 * listens: it must still start, answer /healthz with 503, and connect once the database
 * answers (checked when a PostgreSQL server is available: scripts/with-postgres.sh).
 */

/** A server of the production build on `port`, with its own data folder. */
function startServer(port: number, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-dbdown-"));
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR || "build"}/start.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, dataDir, output: () => output };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function healthz(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  } catch {
    return { status: 0, body: {} };
  }
}

test.describe.configure({ timeout: 90_000 });

test("/healthz answers 503 while the database is unreachable, and 200 once it answers", async () => {
  const databasePort = await freePort();
  const serverPort = await freePort();
  // With a real PostgreSQL server (E2E_DATABASE_URL), its database comes "back" on that port later.
  const real = process.env.E2E_DATABASE_URL ? new URL(process.env.E2E_DATABASE_URL) : undefined;
  const unreachable = new URL(real ?? "postgres://pawpal@127.0.0.1/pawpal");
  unreachable.hostname = "127.0.0.1";
  unreachable.port = String(databasePort);
  const { child, dataDir, output } = startServer(serverPort, unreachable.href);
  let proxy: net.Server | undefined;
  try {
    await expect
      .poll(async () => (await healthz(serverPort)).status, { timeout: 30_000, message: output() })
      .toBe(503);
    expect((await healthz(serverPort)).body).toEqual({ status: "unavailable", database: "unreachable" });
    expect(child.exitCode, "the server keeps running").toBeNull();
    // Pages that need no database are still served.
    expect((await fetch(`http://127.0.0.1:${serverPort}/about`)).status).toBe(200);

    if (real) {
      proxy = net.createServer((socket) => {
        const upstream = net.connect(Number(real.port), real.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => proxy!.listen(databasePort, "127.0.0.1", resolve));
      await expect
        .poll(async () => (await healthz(serverPort)).status, { timeout: 30_000, message: output() })
        .toBe(200);
    }
  } finally {
    await stopServer(child);
    proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
