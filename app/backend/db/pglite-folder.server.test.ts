// vitest: own process
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runScript } from "~tests/support/run-script";
import { migratedDataFolder } from "~tests/support/test-database";
import { claimFolder, FolderInUseError, openFolder } from "./pglite-folder.server";

/*
 * `npm run db:backup` and `db:restore` as an operator runs them, against a data folder this
 * test process holds open the way the server does (openFolder is what the server's connection
 * uses): the backup is asked of the holder, the restore refused while it holds the folder.
 * The built server holds its folder through this same openFolder: a copy of the first test
 * against a started server (36 s of the browser tests) proved nothing more, and is gone.
 */

const TIMEOUT = 120_000;
let dataDir: string;
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function tempDataDir() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-backup-"));
  return dataDir;
}

/** Runs one of the scripts with DATA_DIR set; its exit code and what it printed. */
function run(script: "db-backup" | "db-restore", args: string[], env: Record<string, string> = {}) {
  return runScript(script, args, { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, ...env });
}

/** Opens the folder with PawPal's tables, as the server holds it after its first start. */
async function openMigrated() {
  await migratedDataFolder(dataDir);
  return openFolder(dataDir);
}

const addMessage = (folder: Awaited<ReturnType<typeof openFolder>>, subject: string) =>
  folder.client.query(
    `insert into contact_message (name, email, subject, message) values ('Ada', 'ada@example.com', $1, 'Hello')`,
    [subject],
  );
const subjects = async (folder: Awaited<ReturnType<typeof openFolder>>) =>
  (
    await folder.client.query<{ subject: string }>("select subject from contact_message order by subject")
  ).rows.map((row) => row.subject);

describe("db:backup and db:restore", () => {
  it(
    "back up while the folder is in use, refuse to restore into it, and restore the data after it stops",
    async () => {
      tempDataDir();
      const backup = path.join(dataDir, "backups", "one.tar.gz");
      let folder = await openMigrated();
      await addMessage(folder, "before the backup");

      // Writes keep arriving while the backup is taken; each is in it entirely or not at all.
      let writing = true;
      const writes = (async () => {
        for (let n = 0; writing; n++) {
          await addMessage(folder, `during ${String(n).padStart(4, "0")}`);
          // As a server's writes do, each waits for I/O: PGlite answers without yielding to it.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const backedUp = await run("db-backup", [backup]);
      writing = false;
      await writes;
      expect(backedUp.output).toContain(`by the running server (process ${process.pid})`);
      expect(backedUp.code).toBe(0);
      expect(fs.statSync(backup).mode & 0o777).toBe(0o600);

      // The data changes after the backup: a new message, and the first one deleted.
      await addMessage(folder, "after the backup");
      await folder.client.query("delete from contact_message where subject = 'before the backup'");

      const refused = await run("db-restore", [backup, "--force"]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${process.pid}`);
      expect(refused.output).toContain("Stop the server first");
      expect(await subjects(folder)).toContain("after the backup");
      await folder.close();

      const withoutForce = await run("db-restore", [backup]);
      expect(withoutForce.code).toBe(1);
      expect(withoutForce.output).toContain("already holds a database: add --force to replace it.");

      const restored = await run("db-restore", [backup, "--force"]);
      expect(restored.code).toBe(0);
      expect(restored.output).toMatch(/The database it replaced is kept in .*pglite\.replaced-/);

      folder = await openFolder(dataDir);
      const back = await subjects(folder);
      expect(back).toContain("before the backup");
      expect(back).not.toContain("after the backup");
      // The writes during the backup that it holds are whole and in order: none is missing between two.
      const during = back.filter((subject) => subject.startsWith("during"));
      expect(during).toEqual(during.map((_, n) => `during ${String(n).padStart(4, "0")}`));
      await folder.close();
    },
    TIMEOUT,
  );

  it(
    "back up a stopped folder and restore it into an empty one without --force",
    async () => {
      tempDataDir();
      const folder = await openMigrated();
      await addMessage(folder, "kept");
      await folder.close();
      const backup = path.join(dataDir, "stopped.tar.gz");
      const backedUp = await run("db-backup", [backup]);
      expect(backedUp.output).toContain("(with the server stopped)");
      expect(backedUp.code).toBe(0);

      fs.rmSync(path.join(dataDir, "pglite"), { recursive: true });
      expect((await run("db-restore", [backup])).code).toBe(0);
      const restored = await openFolder(dataDir);
      expect(await subjects(restored)).toEqual(["kept"]);
      await restored.close();
    },
    TIMEOUT,
  );

  it(
    "refuse a missing file, a corrupt file and another program's database, changing nothing",
    async () => {
      tempDataDir();
      const folder = await openMigrated();
      await addMessage(folder, "untouched");
      await folder.close();

      const missing = await run("db-restore", [path.join(dataDir, "no-such.tar.gz"), "--force"]);
      expect(missing.code).toBe(1);
      expect(missing.output).toContain("There is no backup file at");

      const corrupt = path.join(dataDir, "corrupt.tar.gz");
      fs.writeFileSync(corrupt, "not a backup at all");
      const fromCorrupt = await run("db-restore", [corrupt, "--force"]);
      expect(fromCorrupt.code).toBe(1);
      expect(fromCorrupt.output).toContain("This is not a backup of a PawPal database");

      // A sound PGlite folder without PawPal's tables, backed up by PGlite itself.
      const { PGlite } = await import("@electric-sql/pglite");
      const stranger = await PGlite.create();
      const foreign = path.join(dataDir, "foreign.tar.gz");
      fs.writeFileSync(foreign, Buffer.from(await (await stranger.dumpDataDir("gzip")).arrayBuffer()));
      await stranger.close();
      const fromForeign = await run("db-restore", [foreign, "--force"]);
      expect(fromForeign.code).toBe(1);
      expect(fromForeign.output).toContain("This is not a backup of a PawPal database");

      const after = await openFolder(dataDir);
      expect(await subjects(after)).toEqual(["untouched"]);
      await after.close();
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite."))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "refuse with DATABASE_URL set, pointing at pg_dump and pg_restore",
    async () => {
      tempDataDir();
      const env = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
      const backup = await run("db-backup", [], env);
      expect(backup.code).toBe(1);
      expect(backup.output).toContain("back up PostgreSQL with pg_dump");
      const restore = await run("db-restore", ["x.tar.gz"], env);
      expect(restore.code).toBe(1);
      expect(restore.output).toContain("restore PostgreSQL with pg_restore");
    },
    TIMEOUT,
  );

  it(
    "a backup of an empty data folder says there is nothing to back up",
    async () => {
      tempDataDir();
      const result = await run("db-backup", []);
      expect(result.code).toBe(1);
      expect(result.output).toContain("There is no database to back up in");
    },
    TIMEOUT,
  );
});

describe("the folder's lock", () => {
  it("lets one live process hold the folder, and takes over a lock whose process is gone", () => {
    tempDataDir();
    const release = claimFolder(dataDir);
    expect(() => claimFolder(dataDir)).toThrow(FolderInUseError);
    release();
    // A process killed with -9 leaves its lock behind; no live process has that id.
    fs.writeFileSync(path.join(dataDir, "pglite.pid"), "999999999");
    claimFolder(dataDir)();
  });
});
