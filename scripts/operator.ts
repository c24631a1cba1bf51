/**
 * The operator commands, while the server runs or not:
 *   npm run staff:create -- --email E [--password P] [--name N] [--role admin|support|vet] [--display-name D] [--region R]
 *   npm run plan:set -- --email E --plan free|pro|premium [--until YYYY-MM-DD]
 * On the embedded database a running server holds the folder (one process at a time may open
 * it), so the command is sent to that server; otherwise it runs here. With DATABASE_URL, here.
 */
import { closeDatabase, dataDir } from "~/backend/db/client.server";
import { folderHolder, requestOperatorCommand } from "~/backend/db/pglite-folder.server";
import { runOperatorCommand } from "~/backend/operator/commands.server";

const [command = "", ...argv] = process.argv.slice(2);
const holder = process.env.DATABASE_URL ? undefined : folderHolder(dataDir());
const reply =
  holder === undefined
    ? await runOperatorCommand(command, argv).finally(() => closeDatabase().catch(() => {}))
    : await requestOperatorCommand(dataDir(), command, argv).catch((error: Error) => ({
        ok: false as const,
        error: `Process ${holder} has the database open but took no command (${error.message}).`,
      }));
if (reply.ok) {
  console.log(reply.message);
} else {
  console.error(reply.error);
  process.exitCode = "usage" in reply && reply.usage ? 2 : 1;
}
