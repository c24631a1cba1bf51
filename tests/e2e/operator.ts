import fs from "node:fs";
import path from "node:path";
import { requestBackup, requestOperatorCommand, restoreFolder } from "~/backend/db/pglite-folder.server";

/** The data folder of the server the browser tests share (playwright.config.ts). */
const sharedDataDir = () => process.env.E2E_DATA_DIR!;

/**
 * Runs an operator command (`npm run plan:set`, `staff:create`) in the browser tests' server, as
 * the operator script does while the server holds the embedded database: over its operator socket
 * (DATA_DIR/backup.sock). Fails with the server's answer unless it is ok.
 */
export async function operatorCommand(command: string, argv: string[]) {
  const reply = await requestOperatorCommand(sharedDataDir(), command, argv);
  if (!reply.ok) throw new Error(`${command} ${argv.join(" ")} answered ${JSON.stringify(reply)}`);
}

/**
 * Fills `dataDir` with a copy of the shared server's database, for a test that starts a server of
 * its own: the backup the server writes when asked (`npm run db:backup`), restored as `npm run
 * db:restore` puts one back. A second or two here, where a new folder's initdb and migrations take
 * six to nine; the shared server's own first start covers that path.
 */
export async function copySharedDatabase(dataDir: string) {
  const backup = path.join(dataDir, "shared-database.tar.gz");
  const reply = await requestBackup(sharedDataDir(), backup);
  if (!reply.ok) throw new Error(`the shared server wrote no backup: ${reply.error}`);
  await restoreFolder(dataDir, fs.readFileSync(backup));
  fs.rmSync(backup);
}
