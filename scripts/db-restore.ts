/**
 * Puts a backup of `npm run db:backup` back as the embedded database (DATA_DIR/pglite):
 *   npm run db:restore -- backups/pawpal.tar.gz [--force]
 * Only while no process has the folder open (stop the server first), and over an existing
 * database only with --force, which keeps the replaced folder beside it. With DATABASE_URL set,
 * use pg_restore instead. See docs/decisions/008-pglite-backups.md.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { dataDir } from "~/backend/db/client.server";
import { FolderInUseError, pgliteDir, restoreFolder } from "~/backend/db/pglite-folder.server";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

if (process.env.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean -d "$DATABASE_URL" pawpal.dump',
  );
}
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
if (positionals.length !== 1) fail("Usage: npm run db:restore -- FILE.tar.gz [--force]", 2);
const file = positionals[0]!;
if (!fs.existsSync(file)) fail(`There is no backup file at ${file}.`);
const data = dataDir();
try {
  const { replaced } = await restoreFolder(data, fs.readFileSync(file), { force: values.force });
  console.log(`Restored ${pgliteDir(data)} from ${file}.`);
  if (replaced)
    console.log(`The database it replaced is kept in ${replaced}: delete it when you no longer need it.`);
} catch (error) {
  if (error instanceof FolderInUseError) fail(`${error.message} Stop the server first, then restore.`);
  fail(error instanceof Error ? error.message : String(error));
}
