import { closeDatabase, getConnection } from "~/db/client.server";
import { createApp } from "./index";

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || "0.0.0.0";
const RETRY_MAX_MS = 10_000;
let stopping = false;

/**
 * Connects and applies migrations. When the database does not answer, the server starts
 * anyway (/healthz says 503, pages that need the database fail) and keeps trying in the
 * background, with growing pauses, until it does.
 */
async function connectDatabase(): Promise<string | undefined> {
  try {
    return (await getConnection()).kind;
  } catch (error) {
    console.error(`Database unavailable: ${describe(error)}. Retrying in the background.`);
    void retryConnection();
    return undefined;
  }
}

async function retryConnection() {
  for (let wait = 500; !stopping; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    if (stopping) return;
    try {
      const { kind } = await getConnection();
      console.log(`Database connected (${kind})`);
      return;
    } catch (error) {
      console.error(`Database still unavailable: ${describe(error)}`);
    }
  }
}

function describe(error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

// Connect and apply migrations before taking any request (when the database answers).
const kind = await connectDatabase();
const app = await createApp();
const server = app.listen(port, host, () => {
  console.log(
    `PawPal is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port} (database: ${kind ?? "unavailable"})`,
  );
});

/** Stop taking connections, finish the requests in flight, then close the database: nothing accepted is lost. */
function shutdown(signal: string) {
  console.log(`${signal} received: finishing requests in flight`);
  stopping = true;
  // Requests still arriving on kept-alive connections are served, but their connection closes
  // after the answer: otherwise busy clients keep it open past the deadline below.
  server.on("request", (_request, response) => response.setHeader("Connection", "close"));
  server.close(async () => {
    await closeDatabase();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
