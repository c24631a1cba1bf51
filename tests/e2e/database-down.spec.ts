import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expectHealth, healthz, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { freePort } from "../support/ports";
import { expect, test } from "./support";

/*
 * A second server, started by the test, whose DATABASE_URL points at a port where nothing
 * listens: it must still start, answer /healthz with 503, and connect once the database
 * answers (checked when a PostgreSQL server is available: scripts/with-postgres.sh).
 */

test.describe.configure({ timeout: 90_000 });

test("/healthz answers 503 while the database is unreachable, and 200 once it answers", async () => {
  const databasePort = await freePort();
  // With a real PostgreSQL server (E2E_DATABASE_URL), its database comes "back" on that port later.
  const real = process.env.E2E_DATABASE_URL ? new URL(process.env.E2E_DATABASE_URL) : undefined;
  const unreachable = new URL(real ?? "postgres://pawpal@127.0.0.1/pawpal");
  unreachable.hostname = "127.0.0.1";
  unreachable.port = String(databasePort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-dbdown-"));
  const server = await startBuiltServer({ dataDir, databaseUrl: unreachable.href, readyStatus: 503 });
  let proxy: net.Server | undefined;
  try {
    expect((await healthz(server)).body).toEqual({ status: "unavailable", database: "unreachable" });
    expect(server.child.exitCode, "the server keeps running").toBeNull();
    // Pages that need no database are still served.
    expect((await fetch(`${server.origin}/about`)).status).toBe(200);

    if (real) {
      proxy = net.createServer((socket) => {
        const upstream = net.connect(Number(real.port), real.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => proxy!.listen(databasePort, "127.0.0.1", resolve));
      await expectHealth(server, 200, 30_000);
    }
  } finally {
    await stopBuiltServer(server);
    proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
