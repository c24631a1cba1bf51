import { closeDatabase, getConnection } from "~/backend/db/client.server";
import { registerOperatorHandler } from "~/backend/db/pglite-folder.server";
import { runOperatorCommand } from "~/backend/operator/commands.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { startJobRunner } from "~/backend/jobs/queue.server";
import { startDraining } from "~/backend/lifecycle.server";
import { startReminderScans } from "~/backend/reminders.server";
import { startDutySweeps } from "~/backend/staff/duty.server";
import type { LiveHub } from "~/backend/live/hub.server";
import { startLiveHub } from "~/backend/live/features.server";
import { iceServers, roomOpensMinutes } from "~/backend/consultations/call-config.server";
import { createApp } from "./index";
import { attachLiveSocket } from "./live-socket";

const port = Number(process.env.PORT) || 3000;
// A mistyped ICE_SERVERS or ROOM_OPENS_MINUTES stops the start with its sentence, not a call later.
iceServers();
roomOpensMinutes();
// `npm run plan:set` and `staff:create` reach this process while it holds the embedded database.
registerOperatorHandler(runOperatorCommand);
const host = process.env.HOST || "0.0.0.0";
const RETRY_MAX_MS = 10_000;
/** How long a stopping server keeps taking requests (answering "Connection: close") before it closes its port. */
const DRAIN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 1_000);
/** Then how long requests in flight get to finish. */
const SHUTDOWN_DEADLINE_MS = 10_000;
let stopping = false;
let jobs: ReturnType<typeof startJobRunner> | undefined;
let reminderScans: ReturnType<typeof startReminderScans> | undefined;
let dutySweeps: ReturnType<typeof startDutySweeps> | undefined;
let liveHub: LiveHub | null = null;
let liveHubStarted = false;

/**
 * Mails and other background jobs run in every server process (they claim work safely), and so
 * do the reminder scans (each reminder is enqueued once under its key).
 */
function startJobs() {
  if (stopping) return;
  jobs ??= startJobRunner(JOB_HANDLERS);
  reminderScans ??= startReminderScans();
  dutySweeps ??= startDutySweeps();
  if (!liveHubStarted) {
    liveHubStarted = true;
    void keepStartingLiveHub();
  }
}

/** The chat's live hub, tried again with growing pauses until it listens (pages meanwhile get 503 and retry). */
async function keepStartingLiveHub() {
  for (let wait = 500; !stopping; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    try {
      liveHub = await startLiveHub();
      return;
    } catch (error) {
      console.error(`The live channel could not start: ${describe(error)}. Retrying.`);
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }
}

/**
 * Connects and applies migrations. When the database does not answer, the server starts
 * anyway (/healthz says 503, pages that need the database fail) and keeps trying in the
 * background, with growing pauses, until it does.
 */
async function connectDatabase(): Promise<string | undefined> {
  try {
    const { kind } = await getConnection();
    startJobs();
    return kind;
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
      startJobs();
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

// The chat's WebSocket (the same port; pages reconnect when it is not there yet).
const liveSocket = attachLiveSocket(server, () => liveHub);

// A slow or stalled client gets a few seconds to send its request, not Node's default 5 minutes.
server.headersTimeout = 5_000;
server.requestTimeout = 5_000;
// An idle kept-alive connection stays open longer than the clients and proxies in front of us
// keep theirs (60 s is common): with Node's 5 s, a client that reused a connection just as the
// server dropped it got "socket hang up" for a request it had sent (seen in the browser tests).
server.keepAliveTimeout = 65_000;

/**
 * Stop without losing anything accepted: /healthz says 503 at once and answers carry
 * "Connection: close" (so clients stop reusing connections), then the port closes, requests
 * in flight finish, the job runner stops and the database closes. After a deadline, whatever
 * is left is cut, and the database is closed all the same.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: draining`);
  startDraining();
  server.on("request", (_request, response) => response.setHeader("Connection", "close"));
  await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
  // Live pages reconnect elsewhere (another process behind the balancer) and catch up there.
  liveSocket.close();
  const deadline = setTimeout(() => {
    console.error("Shutdown deadline reached: closing the remaining connections");
    server.closeAllConnections();
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  await new Promise((resolve) => server.close(resolve));
  clearTimeout(deadline);
  await exit(0);
}

/** Every way out stops the jobs and closes the database first. */
async function exit(code: number) {
  try {
    await reminderScans?.stop();
    dutySweeps?.stop();
    await jobs?.stop();
    await liveHub?.close();
    await closeDatabase();
  } catch (error) {
    console.error("Closing the database failed:", error);
  }
  process.exit(code);
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
process.on("uncaughtException", (error) => {
  console.error("Uncaught exception, stopping:", error);
  void exit(1);
});
