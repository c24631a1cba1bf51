import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer, stopBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "./support";

/*
 * `npm run db:backup` against the production server on the embedded database (PGlite, its own
 * data folder) while it takes sign-ups, then `db:restore` once it has stopped: the accounts of
 * before the backup come back, the later one is gone. (The scripts' error paths are in
 * app/backend/db/pglite-folder.server.test.ts.)
 */

test.describe.configure({ timeout: 180_000 });

function script(name: "db-backup" | "db-restore", dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${name}.ts`, ...args],
      { env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

const PASSWORD = "backup-password-1";
let client = 0;
const address = (n: number) => `10.77.${n >> 8}.${(n & 255) + 1}`;

/** Signs up (status 302) or logs in (302, or 401 for an unknown account) from its own address. */
function post(server: BuiltServer, intent: "signup" | "login", email: string) {
  return fetch(`${server.origin}/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address(++client) },
    body: new URLSearchParams({ intent, name: "Ada", email, password: PASSWORD, confirmPassword: PASSWORD }),
    redirect: "manual",
  }).then((response) => response.status);
}

test("a backup taken while the server runs restores the accounts it held, after the server stops", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-backups-"));
  const backup = path.join(dataDir, "backups", "running.tar.gz");
  const tag = crypto.randomUUID().slice(0, 8);
  const before = `before-${tag}@example.com`;
  const after = `after-${tag}@example.com`;
  // The embedded database, in the PostgreSQL run too; behind a proxy, so each sign-up has its own address.
  const start = () => startBuiltServer({ dataDir, env: { TRUST_PROXY: "loopback" } });
  let server = await start();
  try {
    expect(await post(server, "signup", before)).toBe(302);

    // Sign-ups go on while the backup is taken.
    let busy = true;
    const load = (async () => {
      for (let n = 0; busy; n++)
        expect(await post(server, "signup", `during-${n}-${tag}@example.com`)).toBe(302);
    })();
    const backedUp = await script("db-backup", dataDir, [backup]);
    busy = false;
    await load;
    expect(backedUp.output).toContain(`by the running server (process ${server.child.pid})`);
    expect(backedUp.code).toBe(0);

    expect(await post(server, "signup", after)).toBe(302);
    const whileRunning = await script("db-restore", dataDir, [backup, "--force"]);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain("Stop the server first");

    await stopBuiltServer(server);
    const restored = await script("db-restore", dataDir, [backup, "--force"]);
    expect(restored.output).toContain("Restored");
    expect(restored.code).toBe(0);

    server = await start();
    expect(await post(server, "login", before)).toBe(302);
    expect(await post(server, "login", after)).toBe(401);
  } finally {
    if (server.child.exitCode === null) await stopBuiltServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
