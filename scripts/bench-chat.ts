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
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import WebSocket from "ws";
import { setPlanByStaff } from "~/backend/billing/plans.server";
import { openConversation, takeConversation } from "~/backend/chat/conversations.server";
import { closeDatabase, getDb } from "~/backend/db/client.server";
import { chatConversation, chatMessage, pet } from "~/backend/db/schema.server";
import { findVet, setOnDuty, setStaffProfile } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { LIVE_PATH, type ServerFrame } from "~/domain/live";
import type { BuiltServer } from "../tests/support/built-server";
import {
  benchPostgresServer,
  eachLimited,
  percentile,
  quietly,
  reportServerErrors,
  runBench,
  signUpOwnersAndVets,
  startTwoServers,
  stopTwoServers,
  type BenchAccount,
  type TwoServers,
} from "../tests/support/two-servers";

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
const PASSWORD = "bench-chat-password";
const TARGETS = { p50: 50, p99: 250 };

if (![CONVERSATIONS, NORMAL_MS, AFTER_KILL_MS, INTERVAL_MS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--conversations, --seconds, --after-kill and --interval take whole numbers above 0");
  process.exit(2);
}

const POSTGRES_URL = benchPostgresServer("scripts/bench-chat.ts");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

/** A message one side wrote, from its first `send` to the other side's `message` frame. */
type Outgoing = {
  id: string;
  key: string;
  body: string;
  from: Side;
  sentAt: number;
  /** Its number, once answered "sent". */
  seq?: number;
  refused?: string;
  receivedAt?: number;
  sends: number;
};

/** Every message written, by body (how the other side recognises it) and by key. */
const messages = new Map<string, Outgoing>();
const messagesByKey = new Map<string, Outgoing>();
const doubles: { side: string; seq: number; at: number }[] = [];
const refusals: string[] = [];
/** "sent" answered twice for one message with different numbers: stored twice. */
const renumbered: string[] = [];
let stopping = false;
/** Set when A is to be killed: called just after an owner on A sent a message. */
let afterOwnerSend: (() => void) | undefined;

/**
 * One side of a conversation as its page is: a WebSocket to one server, the numbers it has,
 * and the messages not yet answered "sent" (sent again, with their key, after a reconnection).
 */
class Side {
  ws: WebSocket | null = null;
  readonly received = new Set<number>();
  lastSeq = 0;
  readonly unanswered = new Map<string, Outgoing>();
  written = 0;
  connections = 0;
  /** When the connection dropped, and when the next one opened (the reconnection time). */
  droppedAt?: number;
  reconnectMs?: number;
  peer!: Side;

  constructor(
    readonly name: string,
    readonly conversationId: string,
    readonly cookie: string,
    public server: BuiltServer,
  ) {}

  /**
   * Connects and resolves once the socket is open (the first connection must succeed); when it
   * drops, it reconnects by itself, as the chat page does.
   */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${this.server.port}${LIVE_PATH}`, {
        headers: { Cookie: this.cookie, Origin: this.server.origin },
      });
      let failure = "";
      ws.on("open", () => {
        this.ws = ws;
        this.connections++;
        if (this.droppedAt !== undefined) this.reconnectMs ??= now() - this.droppedAt;
        this.frame({ type: "watch", conversationId: this.conversationId, after: this.lastSeq });
        // Oldest first, with their keys: a message stored just before the drop is answered, not stored again.
        for (const message of this.unanswered.values()) this.transmit(message);
        resolve();
      });
      ws.on("message", (raw) => this.receive(JSON.parse(String(raw)) as ServerFrame));
      ws.on("error", (error) => (failure = error.message)); // "close" follows
      ws.on("close", () => {
        if (this.ws === ws) this.ws = null;
        if (stopping) return resolve();
        if (this.connections === 0) return reject(new Error(`${this.name} could not connect: ${failure}`));
        this.droppedAt ??= now();
        // A page reconnects after a short pause, to whichever process the balancer gives it: B.
        this.server = serverB;
        void sleep(250).then(() => this.connect().catch(() => undefined));
      });
    });
  }

  /** Writes a new message (kept until answered, so a reconnection sends it again). */
  write() {
    const id = `${this.name}-${++this.written}`;
    const message: Outgoing = {
      id,
      key: `b${run}_${id}`,
      body: `bench ${id} sent at ${Date.now()}`,
      from: this,
      sentAt: now(),
      sends: 0,
    };
    messages.set(message.body, message);
    messagesByKey.set(message.key, message);
    this.unanswered.set(message.key, message);
    if (this.ws) this.transmit(message);
    if (this.server !== serverB) afterOwnerSend?.(); // only owners are on A, until it dies
  }

  private transmit(message: Outgoing) {
    message.sends++;
    this.frame({ type: "send", conversationId: this.conversationId, key: message.key, body: message.body });
  }

  private frame(frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private receive(frame: ServerFrame) {
    if (frame.type === "sent") {
      const message = messagesByKey.get(frame.key);
      if (!message) return;
      this.unanswered.delete(frame.key);
      // Answered again (sent twice around the kill): it must keep its number.
      if (message.seq !== undefined && message.seq !== frame.seq) renumbered.push(message.id);
      message.seq ??= frame.seq;
    } else if (frame.type === "refused") {
      refusals.push(frame.error);
      if (!frame.key) return;
      this.unanswered.delete(frame.key);
      const message = messagesByKey.get(frame.key);
      if (message) message.refused = frame.error;
    } else if (frame.type === "message" && frame.conversationId === this.conversationId) {
      const { seq, body } = frame.message;
      if (this.received.has(seq)) {
        doubles.push({ side: this.name, seq, at: now() });
        return;
      }
      this.received.add(seq);
      this.lastSeq = Math.max(this.lastSeq, seq);
      const message = messages.get(body);
      if (message && message.from === this.peer) message.receivedAt ??= now();
    }
  }

  close() {
    this.ws?.close();
  }
}

const run = crypto.randomBytes(3).toString("hex");
let two: TwoServers | undefined;
let serverB: BuiltServer;
const sides: Side[] = [];

async function setUp() {
  two = await startTwoServers({ name: "bench_chat", serverUrl: POSTGRES_URL });
  // This process reaches the same database through the backend's own code (plans, staff, opening).
  process.env.DATABASE_URL = two.databaseUrl;
  const [serverA] = two.servers;
  serverB = two.servers[1];
  console.log(`Servers: A on ${serverA.origin}, B on ${serverB.origin}, database ${two.databaseName}`);

  const began = now();
  // Accounts are made on both processes (password hashing is the slow part).
  const accounts = await signUpOwnersAndVets(two, {
    count: CONVERSATIONS,
    concurrency: 4,
    network: 98,
    password: PASSWORD,
  });
  const cookieHeader = (account: BenchAccount) =>
    account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

  const db = await getDb();
  const conversationIds = await quietly(async () => {
    const ids: string[] = [];
    await eachLimited(
      Array.from({ length: CONVERSATIONS }, (_, i) => i),
      8,
      async (i) => {
        const { owner, vet: vetAccount } = accounts[i]!;
        await setPlanByStaff({ userId: owner.id, plan: "premium", until: null });
        await setStaffProfile(vetAccount.id, {
          role: "vet",
          displayName: `Dr Bench ${i}`,
          region: "England",
        });
        await setOnDuty(vetAccount.id, true);
        const [ownPet] = await db.select({ id: pet.id }).from(pet).where(eq(pet.userId, owner.id));
        const opened = await openConversation(
          { ...owner, role: "user", emailVerified: false } satisfies SessionUser,
          ownPet!.id,
          { body: `Help, Pet ${i} ate chocolate`, key: `b${run}_open_${i}` },
        );
        if (!opened.ok) throw new Error(`conversation ${i} did not open: ${opened.error}`);
        const vet = await findVet({ ...vetAccount, role: "staff", emailVerified: false });
        const taken = await takeConversation(vet!, opened.conversationId);
        if (!taken?.ok) throw new Error(`conversation ${i} was not taken: ${taken ? taken.error : "404"}`);
        ids[i] = opened.conversationId;
      },
    );
    return ids;
  });
  console.log(
    `Set up ${CONVERSATIONS} conversations (owners and vets signed up, Premium, vets on duty, taken) in ${((now() - began) / 1000).toFixed(1)} s`,
  );

  // Owners on A, vets on B: every message crosses from one process to the other.
  for (let i = 0; i < CONVERSATIONS; i++) {
    const owner = new Side(`c${i}-owner`, conversationIds[i]!, cookieHeader(accounts[i]!.owner), serverA);
    const vet = new Side(`c${i}-vet`, conversationIds[i]!, cookieHeader(accounts[i]!.vet), serverB);
    owner.peer = vet;
    vet.peer = owner;
    sides.push(owner, vet);
  }
  await Promise.all(sides.map((side) => side.connect()));
  // Each side has caught up with the opening message and the vet's arrival (numbers 1 and 2).
  const deadline = now() + 10_000;
  while (sides.some((side) => side.lastSeq < 2) && now() < deadline) await sleep(50);
  if (sides.some((side) => side.lastSeq < 2)) throw new Error("some pages never got the first two messages");
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
    afterOwnerSend = () => {
      afterOwnerSend = undefined;
      setTimeout(resolve, Math.random() * 5);
    };
    setTimeout(resolve, 4 * INTERVAL_MS); // should no owner write meanwhile
  });
  afterOwnerSend = undefined;
  const killAt = now();
  serverA.child.kill("SIGKILL");
  const unanswered = sides.reduce((n, side) => n + side.unanswered.size, 0);
  const undelivered = [...messages.values()].filter((message) => message.receivedAt === undefined).length;
  console.log(
    `SIGKILL to A with ${unanswered} messages not yet answered "sent" and ${undelivered} not yet delivered; owners reconnect to B`,
  );
  sendingUntil = killAt + AFTER_KILL_MS;
  await talking;

  // Let the last messages arrive (or not: what is missing by then counts as lost).
  const settleStart = now();
  const settled = () =>
    [...messages.values()].every(
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
  return report({ killAt, lastSeqOf, storedTwice: storedTwice.length });
}

function report({
  killAt,
  lastSeqOf,
  storedTwice,
}: {
  killAt: number;
  lastSeqOf: Map<string, number>;
  storedTwice: number;
}) {
  const all = [...messages.values()];
  const delivered = all.filter((message) => message.receivedAt !== undefined);
  const latencies = (list: Outgoing[]) => list.map((m) => m.receivedAt! - m.sentAt).sort((a, b) => a - b);
  // The normal phase: messages sent and delivered before the kill.
  const normal = latencies(delivered.filter((m) => m.receivedAt! < killAt));
  const whole = latencies(delivered);
  const lost = all.filter((m) => m.seq !== undefined && m.receivedAt === undefined);
  const lostNormal = lost.filter((m) => m.sentAt < killAt);
  const doublesNormal = doubles.filter((d) => d.at < killAt);
  // Every side must have 1..last of its conversation, each once (the system's messages too).
  let gaps = 0;
  for (const side of sides) {
    const last = lastSeqOf.get(side.conversationId) ?? 0;
    for (let seq = 1; seq <= last; seq++) if (!side.received.has(seq)) gaps++;
  }
  const unanswered = all.filter((m) => m.seq === undefined && m.refused === undefined);
  const resent = all.filter((m) => m.sends > 1).length;
  const reconnects = sides
    .map((side) => side.reconnectMs)
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);

  const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(1)} ms`);
  const met = (ok: boolean) => (ok ? "yes" : "NO");
  const rows: string[][] = [
    ["", "normal phase", "whole run (kill of A)", "target", "met (normal / whole)"],
    ["conversations", String(CONVERSATIONS), String(CONVERSATIONS), "50", ""],
    ["messages delivered", String(normal.length), String(whole.length), "", ""],
    [
      "latency p50",
      ms(percentile(normal, 50)),
      ms(percentile(whole, 50)),
      `≤ ${TARGETS.p50} ms`,
      `${met(percentile(normal, 50) <= TARGETS.p50)} / ${met(percentile(whole, 50) <= TARGETS.p50)}`,
    ],
    ["latency p95", ms(percentile(normal, 95)), ms(percentile(whole, 95)), "", ""],
    [
      "latency p99",
      ms(percentile(normal, 99)),
      ms(percentile(whole, 99)),
      `≤ ${TARGETS.p99} ms`,
      `${met(percentile(normal, 99) <= TARGETS.p99)} / ${met(percentile(whole, 99) <= TARGETS.p99)}`,
    ],
    ["latency max", ms(normal.at(-1) ?? Number.NaN), ms(whole.at(-1) ?? Number.NaN), "", ""],
    [
      "lost",
      String(lostNormal.length),
      String(lost.length),
      "0",
      `${met(lostNormal.length === 0)} / ${met(lost.length === 0)}`,
    ],
    [
      "doubled",
      String(doublesNormal.length),
      String(doubles.length),
      "0",
      `${met(doublesNormal.length === 0)} / ${met(doubles.length === 0)}`,
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log("");
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
  console.log("");
  console.log(
    `Messages written:          ${all.length} (${NORMAL_MS / 1000} s, then ${AFTER_KILL_MS / 1000} s after the kill)`,
  );
  console.log(`Sent again after the kill: ${resent} (same key; answered, not stored again)`);
  console.log(
    `Owners reconnected to B:   ${reconnects.length} of ${CONVERSATIONS}, p50 ${ms(percentile(reconnects, 50))}, max ${ms(reconnects.at(-1) ?? Number.NaN)} after their socket dropped`,
  );
  console.log(`Seq gaps (1..last):        ${gaps} numbers missing on a side`);
  console.log(`Stored twice (database):   ${storedTwice + renumbered.length}`);
  console.log(
    `Refused:                   ${refusals.length}${refusals.length ? ` (first: ${refusals[0]})` : ""}`,
  );
  console.log(`Never answered "sent":     ${unanswered.length}`);
  // The servers' own complaints (a message that could not be stored or read), for a bug hunt.
  reportServerErrors(two, "Server errors logged:      ");
  for (const m of lost.slice(0, 5)) console.error(`  lost: ${m.id} (seq ${m.seq})`);
  for (const d of doubles.slice(0, 5)) console.error(`  doubled: seq ${d.seq} on ${d.side}`);

  // A refused or never-answered message is lost to its writer too: the run fails on any.
  const refusedCount = all.filter((m) => m.refused !== undefined).length;
  const failed =
    lost.length + doubles.length + gaps + storedTwice + renumbered.length + refusedCount + unanswered.length >
    0;
  console.log(failed ? "\nFAIL: messages were lost or doubled." : "\nOK: nothing lost, nothing doubled.");
  return failed ? 1 : 0;
}

async function cleanUp() {
  stopping = true;
  for (const side of sides) side.close();
  await closeDatabase().catch(() => undefined);
  await stopTwoServers(two);
}

await runBench(main, cleanUp, () => two);
