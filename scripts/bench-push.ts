/**
 * Benchmark of push notifications (npm run bench:push): from a vet's reply to the owner's device
 * receiving its push, across two server processes.
 *
 * Two server processes (A and B) of the production build on one PostgreSQL database of the
 * benchmark's own, and a browser's push service on 127.0.0.1 (tests/support/push-service.ts:
 * HTTPS with a certificate made here, trusted by the servers through NODE_EXTRA_CA_CERTS). N
 * conversations (default 20), each taken by its vet; each owner's device subscribed. Each vet
 * replies R times (default 10), in turn on A and on B, through the conversation's form; the
 * time is from the reply's POST to the push service receiving the owner's push (decrypted with
 * the device's keys, and checked to be that reply's). Then every device must have received each
 * push once: none lost, none doubled by the two processes' job runners.
 *
 *   npm run bench:push
 *   npm run bench:push -- --conversations 10 --replies 5
 *
 * Without DATABASE_URL or E2E_DATABASE_URL it re-runs itself under scripts/with-postgres.sh.
 * Prints a table; exits 1 when a push is lost or doubled (latency is reported, not asserted).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { openConversation, takeConversation } from "~/backend/chat/conversations.server";
import { closeDatabase, getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { findVet, setOnDuty, setStaffProfile } from "~/backend/staff/staff.server";
import type { BuiltServer } from "../tests/support/built-server";
import { makeSubscriber, startPushService, type PushService } from "../tests/support/push-service";
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
    conversations: { type: "string", default: "20" },
    replies: { type: "string", default: "10" },
  },
});
const CONVERSATIONS = Number(args.conversations);
const REPLIES = Number(args.replies);
if (![CONVERSATIONS, REPLIES].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--conversations and --replies take whole numbers above 0");
  process.exit(2);
}
/** A push not received this long after its reply counts as lost. */
const LOST_AFTER_MS = 15_000;
/** After the last push, how long a second copy (the other process's runner polls every 5 s) may still come. */
const DOUBLES_WINDOW_MS = 7_000;
const TARGETS = { p50: 250, p99: 1000 };
const PASSWORD = "bench-push-password";

const POSTGRES_URL = benchPostgresServer("scripts/bench-push.ts");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

let two: TwoServers | undefined;
let service: PushService | undefined;

type Device = ReturnType<typeof makeSubscriber> & {
  conversationId: string;
  vetCookie: string;
  petName: string;
};

async function main() {
  service = await startPushService();
  two = await startTwoServers({
    name: "bench_push",
    serverUrl: POSTGRES_URL,
    env: { NODE_EXTRA_CA_CERTS: service.certFile, PUSH_ALLOWED_ORIGINS: service.origin },
  });
  process.env.DATABASE_URL = two.databaseUrl;
  const devices = await setUp(two);
  const pushService = service;
  const received = (device: Device) =>
    pushService.received.filter((one) => one.endpoint === device.json.endpoint);

  // Each device first gets "took your conversation": then the replies are timed.
  const deadline = now() + LOST_AFTER_MS;
  while (devices.some((device) => received(device).length < 1) && now() < deadline) await sleep(50);

  const latencies: number[] = [];
  let lost = 0;
  const wrong: string[] = [];
  const started = now();
  await Promise.all(
    devices.map(async (device, i) => {
      await sleep(Math.random() * 500);
      for (let reply = 0; reply < REPLIES; reply++) {
        const server = two!.servers[reply % 2]!;
        const before = received(device).length;
        const sentAt = Date.now();
        await postReply(server, device, `Reply ${reply} of conversation ${i}`);
        const until = now() + LOST_AFTER_MS;
        while (received(device).length <= before && now() < until) await sleep(5);
        const push = received(device)[before];
        if (!push) {
          lost++;
          continue;
        }
        latencies.push(push.at - sentAt);
        const message = JSON.parse(device.decrypt(push.body)) as { title: string; url: string };
        if (
          !message.title.endsWith(`replied about ${device.petName}`) ||
          message.url !== `/chat/${device.conversationId}`
        )
          wrong.push(message.title);
        await sleep(200);
      }
    }),
  );
  const elapsed = (now() - started) / 1000;
  await sleep(DOUBLES_WINDOW_MS);
  // Each device: "took", then one push per reply.
  const doubled = devices.reduce((n, device) => n + Math.max(0, received(device).length - (1 + REPLIES)), 0);
  latencies.sort((a, b) => a - b);

  const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(0)} ms`);
  const met = (ok: boolean) => (ok ? "yes" : "NO");
  const rows = [
    ["", "measured", "target", "met"],
    ["replies (pushes timed)", `${CONVERSATIONS * REPLIES} in ${elapsed.toFixed(1)} s`, "", ""],
    [
      "latency p50",
      ms(percentile(latencies, 50)),
      `≤ ${TARGETS.p50} ms`,
      met(percentile(latencies, 50) <= TARGETS.p50),
    ],
    ["latency p90", ms(percentile(latencies, 90)), "", ""],
    [
      "latency p99",
      ms(percentile(latencies, 99)),
      `≤ ${TARGETS.p99} ms`,
      met(percentile(latencies, 99) <= TARGETS.p99),
    ],
    ["latency max", ms(latencies.at(-1) ?? Number.NaN), "", ""],
    ["lost", String(lost), "0", met(lost === 0)],
    ["doubled", String(doubled), "0", met(doubled === 0)],
    ["not that reply's push", String(wrong.length), "0", met(wrong.length === 0)],
  ];
  console.log(
    `\nPush notifications: a vet's reply (form POST, alternately to A and B) → the owner's push service receives it`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(i === 0 ? 24 : 22)).join(""));
  reportServerErrors(two, "Server lines that complain: ");
  return lost === 0 && doubled === 0 && wrong.length === 0 ? 0 : 1;
}

/** Owners (a pet each, Premium) and vets on duty; each owner's device subscribed; each conversation opened and taken. */
async function setUp(servers: TwoServers): Promise<Device[]> {
  const began = now();
  const accounts = await signUpOwnersAndVets(servers, {
    count: CONVERSATIONS,
    concurrency: 4,
    network: 97,
    password: PASSWORD,
  });
  const db = await getDb();
  const devices: Device[] = [];
  await quietly(() =>
    eachLimited(accounts, 4, async ({ owner, vet: vetAccount }, i) => {
      await setPlanByStaff({ userId: owner.id, plan: "premium", until: null });
      await setStaffProfile(vetAccount.id, { role: "vet", displayName: `Dr Push ${i}`, region: "Ohio, USA" });
      await setOnDuty(vetAccount.id, true);
      const subscriber = makeSubscriber(`${service!.origin}/push/owner-${i}`);
      await postForm(servers.servers[0], owner, "/account/notifications", {
        intent: "subscribe",
        subscription: JSON.stringify(subscriber.json),
      });
      const [ownPet] = await db
        .select({ id: pet.id, name: pet.name })
        .from(pet)
        .where(eq(pet.userId, owner.id));
      const opened = await openConversation({ ...owner, role: "user", emailVerified: false }, ownPet!.id, {
        body: `Pet ${i} is limping`,
        key: `push-open-${i}-${Date.now()}`,
      });
      if (!opened.ok) throw new Error(`conversation ${i} did not open: ${opened.error}`);
      const vet = await findVet({ ...vetAccount, role: "staff", emailVerified: false });
      const taken = await takeConversation(vet!, opened.conversationId);
      if (!taken.ok) throw new Error(`conversation ${i} was not taken: ${taken.error}`);
      devices[i] = {
        ...subscriber,
        conversationId: opened.conversationId,
        vetCookie: cookieOf(vetAccount),
        petName: ownPet!.name,
      };
    }),
  );
  console.log(
    `Set up ${CONVERSATIONS} conversations (accounts, devices subscribed, taken) in ${((now() - began) / 1000).toFixed(1)} s`,
  );
  return devices;
}

const cookieOf = (account: BenchAccount) =>
  account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

async function postForm(
  server: BuiltServer,
  who: BenchAccount | string,
  path: string,
  fields: Record<string, string>,
) {
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.origin,
      Cookie: typeof who === "string" ? who : cookieOf(who),
    },
    body: new URLSearchParams(fields),
  });
  if (response.status >= 400)
    throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** The vet's reply, as the conversation's form posts it without JavaScript. */
function postReply(server: BuiltServer, device: Device, body: string) {
  return postForm(server, device.vetCookie, `/chat/${device.conversationId}`, {
    intent: "send",
    key: `push-${Math.random().toString(36).slice(2)}`,
    body,
  });
}

await runBench(
  main,
  async () => {
    // This process's connection first: the database is dropped with the servers.
    await closeDatabase();
    await stopTwoServers(two);
    await service?.close();
  },
  () => two,
);
