import { closeDatabase, getConnection } from "~/db/client.server";
import { createApp } from "./index";

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || "0.0.0.0";

// Connect and apply migrations before taking any request.
const { kind } = await getConnection();
const app = await createApp();
const server = app.listen(port, host, () => {
  console.log(
    `PawPal is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port} (database: ${kind})`,
  );
});

/** Stop taking connections, finish the requests in flight, then close the database: nothing accepted is lost. */
function shutdown(signal: string) {
  console.log(`${signal} received: finishing requests in flight`);
  server.close(async () => {
    await closeDatabase();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
