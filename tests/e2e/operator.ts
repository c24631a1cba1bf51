import net from "node:net";
import path from "node:path";

/**
 * Runs an operator command (`npm run plan:set`, `staff:create`) in the browser tests' server, as
 * the operator script does while the server holds the embedded database: over its operator socket
 * (DATA_DIR/backup.sock). Fails with the server's answer unless it is ok.
 */
export async function operatorCommand(command: string, argv: string[]) {
  const socket = path.join(process.env.E2E_DATA_DIR!, "backup.sock");
  const reply = await new Promise<string>((resolve, reject) => {
    let answer = "";
    const connection = net.connect(socket, () => connection.write(`${JSON.stringify({ command, argv })}\n`));
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (answer += chunk));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
  });
  if ((JSON.parse(reply) as { ok?: boolean }).ok !== true) {
    throw new Error(`${command} ${argv.join(" ")} answered ${reply}`);
  }
}
