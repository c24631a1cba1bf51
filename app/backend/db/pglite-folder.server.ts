import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/*
 * The embedded database's folder, DATA_DIR/pglite. PGlite does not stop a second process from
 * opening a folder (two would corrupt it), so whoever opens it writes its process id to
 * DATA_DIR/pglite.pid, and while it holds the folder it takes backup requests on a Unix socket
 * beside it (DATA_DIR/backup.sock, only for the folder's owner): `npm run db:backup` asks the
 * running server for a consistent copy instead of reading files it is writing. See
 * docs/decisions/008-pglite-backups.md.
 */

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, "pglite");
}
const lockFile = (dataDir: string) => path.join(dataDir, "pglite.pid");
export const backupSocket = (dataDir: string) => path.join(dataDir, "backup.sock");

/** True when the folder holds a database (PostgreSQL writes PG_VERSION first). */
export function hasDatabase(dataDir: string) {
  return fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

export class FolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${pgliteDir(dataDir)} is in use by process ${pid}: one process at a time may open it.`,
    );
  }
}

/** The live process holding the folder, if any: a lock left by a killed process does not count. */
export function folderHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0); // signal 0 only asks whether the process exists
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

/** Takes the folder for this process, or throws FolderInUseError; returns the release. */
export function claimFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = folderHolder(dataDir);
      if (pid !== undefined) throw new FolderInUseError(dataDir, pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
}

/**
 * A gzipped tar of the folder, as PGlite's loadDataDir takes it. After a checkpoint, and while
 * this holds PGlite's transaction lock: no transaction is half done while the files are read,
 * so the copy holds exactly the transactions committed before it.
 */
export async function dumpFolder(client: PGlite): Promise<Buffer> {
  await client.query("checkpoint");
  let tar: Blob | undefined;
  await client.transaction(async () => {
    tar = await client.dumpDataDir("gzip");
  });
  return Buffer.from(await tar!.arrayBuffer());
}

/** Writes `bytes` to `file` whole or not at all, readable by its owner only (it holds password hashes). */
export function writeBackupFile(file: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/**
 * Opens the folder for this process: the lock, PGlite, and the backup socket. `close` undoes
 * all three. Throws FolderInUseError while another live process has it.
 */
export async function openFolder(dataDir: string): Promise<{ client: PGlite; close: () => Promise<void> }> {
  const release = claimFolder(dataDir);
  let client: PGlite;
  try {
    fs.mkdirSync(pgliteDir(dataDir), { recursive: true });
    client = await PGlite.create(pgliteDir(dataDir));
  } catch (error) {
    release();
    throw error;
  }
  const socket = serveBackups(dataDir, client);
  return {
    client,
    close: async () => {
      await new Promise((resolve) => socket.close(resolve));
      await client.close();
      release();
    },
  };
}

type BackupReply = { ok: true; bytes: number } | { ok: false; error: string };
export type OperatorReply = { ok: true; message: string } | { ok: false; error: string };
/** Runs an operator command (`npm run plan:set`, `staff:create`) in the process holding the folder. */
export type OperatorHandler = (command: string, argv: string[]) => Promise<OperatorReply>;

const operator = globalThis as typeof globalThis & { __pawpalOperator?: OperatorHandler };

/** The server registers what its operator commands do (host/start.ts); a script alone has none. */
export function registerOperatorHandler(handler: OperatorHandler) {
  operator.__pawpalOperator = handler;
}

/**
 * Answers one JSON line: `{ "out": "/absolute/file.tar.gz" }` writes a consistent backup there;
 * `{ "command": "plan:set", "argv": [...] }` runs an operator command in this process, which is
 * the only one that may open the folder.
 */
function serveBackups(dataDir: string, client: PGlite) {
  const file = backupSocket(dataDir);
  fs.rmSync(file, { force: true }); // left by a killed process: we hold the lock now
  const server = net.createServer((connection) => {
    let request = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      request += chunk;
      if (!request.includes("\n")) return;
      void (async (): Promise<BackupReply | OperatorReply> => {
        try {
          const { out, command, argv } = JSON.parse(request) as {
            out?: unknown;
            command?: unknown;
            argv?: unknown;
          };
          if (typeof command === "string") {
            if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === "string"))
              throw new Error("argv must be a list of strings");
            const handler = operator.__pawpalOperator;
            if (!handler) throw new Error("this process takes no operator commands");
            return await handler(command, argv);
          }
          if (typeof out !== "string" || !path.isAbsolute(out))
            throw new Error("out must be an absolute path");
          const bytes = await dumpFolder(client);
          writeBackupFile(out, bytes);
          return { ok: true, bytes: bytes.length };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      })().then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
    connection.on("error", () => {}); // the asking script went away; nothing to answer
  });
  server.on("error", (error) =>
    console.error(`Backups of the running server are unavailable: ${error.message}`),
  );
  // Only this user may connect (it can create staff accounts): the socket is made with mode
  // 0600 from the start, not changed after others could have connected.
  const umask = process.umask(0o077);
  try {
    server.listen(file, () => fs.chmodSync(file, 0o600));
  } finally {
    process.umask(umask);
  }
  return server;
}

/** Far longer than copying a small site's database takes; a holder that never answers is stuck. */
const BACKUP_TIMEOUT_MS = 5 * 60_000;

/** Asks the process holding the folder for a backup written to `out`. */
export function requestBackup(dataDir: string, out: string): Promise<BackupReply> {
  return askFolderHolder<BackupReply>(dataDir, { out: path.resolve(out) });
}

/** Asks the process holding the folder to run an operator command. */
export function requestOperatorCommand(
  dataDir: string,
  command: string,
  argv: string[],
): Promise<OperatorReply> {
  return askFolderHolder<OperatorReply>(dataDir, { command, argv });
}

function askFolderHolder<Reply>(dataDir: string, question: object): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let reply = "";
    // Written, not ended: the server closes the connection once it has answered.
    const connection = net.connect(backupSocket(dataDir), () =>
      connection.write(`${JSON.stringify(question)}\n`),
    );
    connection.setEncoding("utf8");
    connection.setTimeout(BACKUP_TIMEOUT_MS, () =>
      connection.destroy(new Error(`no answer within ${BACKUP_TIMEOUT_MS / 60_000} minutes`)),
    );
    connection.on("data", (chunk: string) => (reply += chunk));
    connection.on("error", reject);
    connection.on("end", () => {
      try {
        resolve(JSON.parse(reply) as Reply);
      } catch {
        reject(new Error("the server closed the backup socket without an answer"));
      }
    });
  });
}

/**
 * Replaces the folder with the backup in `tar`. The backup is unpacked and opened in a folder
 * beside it first, so a corrupt file or another program's database changes nothing; the data
 * it replaces (only with `force`) is kept beside it, renamed, and its path returned.
 */
export async function restoreFolder(dataDir: string, tar: Buffer, { force = false } = {}) {
  const release = claimFolder(dataDir);
  try {
    if (hasDatabase(dataDir) && !force) {
      throw new Error(`${pgliteDir(dataDir)} already holds a database: add --force to replace it.`);
    }
    const unpacked = `${pgliteDir(dataDir)}.restoring`;
    fs.rmSync(unpacked, { recursive: true, force: true });
    try {
      const client = await PGlite.create(unpacked, { loadDataDir: new Blob([new Uint8Array(tar)]) });
      try {
        // Every PawPal database has drizzle's record of the migrations applied.
        await client.query("select 1 from drizzle.__drizzle_migrations limit 1");
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(unpacked, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`This is not a backup of a PawPal database (${reason}); nothing was changed.`);
    }
    let replaced: string | undefined;
    if (fs.existsSync(pgliteDir(dataDir))) {
      replaced = `${pgliteDir(dataDir)}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(pgliteDir(dataDir), replaced);
    }
    fs.renameSync(unpacked, pgliteDir(dataDir));
    return { replaced };
  } finally {
    release();
  }
}
