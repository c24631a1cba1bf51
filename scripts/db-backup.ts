/**
 * A consistent copy of the embedded database (PGlite, DATA_DIR/pglite), while the server runs
 * or not:
 *   npm run db:backup [-- backups/pawpal.tar.gz]
 * A running server (or any process holding the folder) writes the copy itself, between two
 * transactions; otherwise this opens the folder and writes it. Restore with `npm run db:restore`.
 * With DATABASE_URL set, use pg_dump instead. See docs/decisions/008-pglite-backups.md.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir } from "~/backend/db/client.server";
import {
  dumpFolder,
  FolderInUseError,
  folderHolder,
  hasDatabase,
  openFolder,
  pgliteDir,
  requestBackup,
  writeBackupFile,
} from "~/backend/db/pglite-folder.server";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

if (process.env.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > pawpal.dump',
  );
}
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length > 1) fail("Usage: npm run db:backup [-- FILE.tar.gz]", 2);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(positionals[0] ?? path.join("backups", `pawpal-${stamp}.tar.gz`));
const data = dataDir();
if (!hasDatabase(data)) fail(`There is no database to back up in ${pgliteDir(data)}.`);

async function backUpOpenFolder(pid: number) {
  const reply = await requestBackup(data, out).catch((error: Error) =>
    fail(`Process ${pid} has the database open but took no backup request (${error.message}).`),
  );
  if (!reply.ok) fail(`The server could not write the backup: ${reply.error}`);
  return `by the running server (process ${pid})`;
}

async function backUpClosedFolder() {
  const folder = await openFolder(data);
  try {
    writeBackupFile(out, await dumpFolder(folder.client));
  } finally {
    await folder.close();
  }
  return "with the server stopped";
}

const holder = folderHolder(data);
let how: string;
try {
  how = holder === undefined ? await backUpClosedFolder() : await backUpOpenFolder(holder);
} catch (error) {
  // The server started between the check and the opening: ask it instead.
  if (!(error instanceof FolderInUseError)) throw error;
  how = await backUpOpenFolder(error.pid);
}
console.log(`Backed up ${pgliteDir(data)} to ${out} (${how}).`);
