/**
 * Benchmark of the emergency chat's live channel (npm run bench:chat), decision 14's targets.
 *
 * Two server processes (A and B) of the production build on one PostgreSQL database of the
 * benchmark's own. N conversations (default 50), each between a Premium owner whose WebSocket
 * is on A and a vet whose WebSocket is on B, so every message crosses processes through
 * LISTEN/NOTIFY. Both sides write alternately at a typing pace; delivery latency is the time
 * from a side's `send` frame to the other side's `message` frame with that body.
 *
 * Then the failure case: A is killed (SIGKILL) while messages flow; owners reconnect to B with
 * `watch {after: the last number they have}` and send again, with the same key, whatever was
 * not answered "sent"; the conversations go on for a while. Over the whole run, each side must
 * end with the messages 1..last exactly once.
 *
 *   npm run bench:chat
 *   npm run bench:chat -- --conversations 20 --seconds 20 --after-kill 10 --interval 2000
 *
 * Without DATABASE_URL or E2E_DATABASE_URL it re-runs itself under scripts/with-postgres.sh.
 * Prints a table; exits 1 only when a message is lost or doubled (latency is reported, not asserted).
 * Its parts are in scripts/chat-bench/: the sides (side.ts), the set-up and the report.
 */
import { parseArgs } from "node:util";
import { inArray, sql } from "drizzle-orm";
import { closeDatabase, getDb } from "~/backend/db/client.server";
import { chatConversation, chatMessage } from "~/backend/db/schema.server";
import {
  benchPostgresServer,
  runBench,
  startTwoServers,
  stopTwoServers,
  type TwoServers,
} from "../tests/support/two-servers";
import { now, sleep } from "./chat-bench/clock";
import { report } from "./chat-bench/report";
import { setUpConversations } from "./chat-bench/set-up";
import { control, ledger, type Side } from "./chat-bench/side";

const { values: args } = parseArgs({
  options: {
    conversations: { type: "string", default: "50" },
    /** The normal phase, before A is killed. */
    seconds: { type: "string", default: "30" },
    /** How long the conversations go on after the kill. */
    "after-kill": { type: "string", default: "20" },
    /** Mean pause between two messages of a conversation (the sides alternate). */
    interval: { type: "string", default: "2000" },
  },
});
const CONVERSATIONS = Number(args.conversations);
const NORMAL_MS = Number(args.seconds) * 1000;
const AFTER_KILL_MS = Number(args["after-kill"]) * 1000;
// 2 s between messages, sides alternating: 15 messages a minute per side, under the limit of 30.
const INTERVAL_MS = Number(args.interval);
/** After the last message is sent, how long deliveries may take before what is missing counts as lost. */
const SETTLE_MS = 20_000;

if (![CONVERSATIONS, NORMAL_MS, AFTER_KILL_MS, INTERVAL_MS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--conversations, --seconds, --after-kill and --interval take whole numbers above 0");
  process.exit(2);
}

const POSTGRES_URL = benchPostgresServer("scripts/bench-chat.ts");

let two: TwoServers | undefined;
/** Owner, vet, owner, vet…: conversation i's sides are 2i and 2i + 1. */
const sides: Side[] = [];

async function setUp() {
  two = await startTwoServers({ name: "bench_chat", serverUrl: POSTGRES_URL });
  // This process reaches the same database through the backend's own code (plans, staff, opening).
  process.env.DATABASE_URL = two.databaseUrl;
  const [serverA, serverB] = two.servers;
  console.log(`Servers: A on ${serverA.origin}, B on ${serverB.origin}, database ${two.databaseName}`);
  const conversationIds = await setUpConversations(two, CONVERSATIONS, sides);
  return { serverA, conversationIds };
}

/** Each conversation: a message every ~INTERVAL_MS (±25 %), owner and vet in turn, until `until()`. */
async function converse(owner: Side, vet: Side, until: () => boolean) {
  await sleep(Math.random() * INTERVAL_MS); // conversations out of step, as in life
  for (let turn = 0; !until(); turn++) {
    (turn % 2 === 0 ? vet : owner).write();
    await sleep(INTERVAL_MS * (0.75 + Math.random() * 0.5));
  }
}

async function main() {
  const { serverA, conversationIds } = await setUp();
  const start = now();
  let sendingUntil = start + NORMAL_MS + AFTER_KILL_MS;
  console.log(
    `Conversing: ${(NORMAL_MS / 1000).toFixed(0)} s normal, then A is killed, then ${(AFTER_KILL_MS / 1000).toFixed(0)} s more`,
  );
  const talking = Promise.all(
    Array.from({ length: CONVERSATIONS }, (_, i) =>
      converse(sides[2 * i]!, sides[2 * i + 1]!, () => now() >= sendingUntil),
    ),
  );
  await sleep(NORMAL_MS);
  // The kill comes 0-5 ms after an owner's send: that message may be unread, being stored, or
  // stored and not yet answered, which is what resending with the same key must survive.
  await new Promise<void>((resolve) => {
    control.afterOwnerSend = () => {
      control.afterOwnerSend = undefined;
      setTimeout(resolve, Math.random() * 5);
    };
    setTimeout(resolve, 4 * INTERVAL_MS); // should no owner write meanwhile
  });
  control.afterOwnerSend = undefined;
  const killAt = now();
  serverA.child.kill("SIGKILL");
  const unanswered = sides.reduce((n, side) => n + side.unanswered.size, 0);
  const undelivered = [...ledger.messages.values()].filter(
    (message) => message.receivedAt === undefined,
  ).length;
  console.log(
    `SIGKILL to A with ${unanswered} messages not yet answered "sent" and ${undelivered} not yet delivered; owners reconnect to B`,
  );
  sendingUntil = killAt + AFTER_KILL_MS;
  await talking;

  // Let the last messages arrive (or not: what is missing by then counts as lost).
  const settleStart = now();
  const settled = () =>
    [...ledger.messages.values()].every(
      (message) => message.refused !== undefined || message.receivedAt !== undefined,
    ) && sides.every((side) => side.unanswered.size === 0);
  while (!settled() && now() - settleStart < SETTLE_MS) await sleep(100);

  // The truth: what the database holds.
  const db = await getDb();
  const stored = await db
    .select({ id: chatConversation.id, lastSeq: chatConversation.lastSeq })
    .from(chatConversation)
    .where(inArray(chatConversation.id, conversationIds));
  const lastSeqOf = new Map(stored.map((row) => [row.id, row.lastSeq]));
  const storedTwice = await db
    .select({ body: chatMessage.body, copies: sql<number>`count(*)::int` })
    .from(chatMessage)
    .where(inArray(chatMessage.conversationId, conversationIds))
    .groupBy(chatMessage.body)
    .having(sql`count(*) > 1`);
  return report({
    killAt,
    lastSeqOf,
    storedTwice: storedTwice.length,
    sides,
    two,
    conversations: CONVERSATIONS,
    normalMs: NORMAL_MS,
    afterKillMs: AFTER_KILL_MS,
  });
}

async function cleanUp() {
  control.stopping = true;
  for (const side of sides) side.close();
  await closeDatabase().catch(() => undefined);
  await stopTwoServers(two);
}

await runBench(main, cleanUp, () => two);
