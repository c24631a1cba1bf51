/**
 * Benchmark of a video consultation's call set-up (npm run bench:consult), decision 15's target:
 * join → remote video playing, p50 ≤ 1.5 s on loopback.
 *
 * Two server processes (A and B) of the production build on one PostgreSQL database of the
 * benchmark's own, and Debian's Chromium with its fake camera and microphone. For each call (a
 * new consultation, a new owner and vet, fresh pages): the owner's page is on A and the vet's
 * on B, so every signal crosses processes through the database and LISTEN/NOTIFY. Both open the
 * room page (hydrated); the owner joins and waits; then the vet clicks "Join the call", and the
 * clock runs until the other side's video plays on both pages (frames decoded, its time
 * advancing). A call's set-up time is the later of the two; "Connected" is timed too.
 *
 *   npm run bench:consult
 *   npm run bench:consult -- --calls 20
 *
 * Without DATABASE_URL or E2E_DATABASE_URL it re-runs itself under scripts/with-postgres.sh.
 * Prints a table; exits 1 only when a call's remote video does not play on both sides within
 * 15 s (latency is reported, not asserted).
 */
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { bookConsultation } from "~/backend/consultations/booking.server";
import { freeTimes, listBookableVets } from "~/backend/consultations/consultations.server";
import { closeDatabase, getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { setStaffProfile, setWeeklyHours } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import type { BuiltServer } from "../tests/support/built-server";
import { fullChromiumLaunchOptions } from "../tests/support/chromium";
import {
  benchPostgresServer,
  percentile,
  quietly,
  reportServerErrors,
  runBench,
  signUpOwnersAndVets,
  startTwoServers,
  stopTwoServers,
  type Cookie,
  type TwoServers,
} from "../tests/support/two-servers";
import { FAKE_MEDIA_FLAGS } from "../tests/e2e/video";

const { values: args } = parseArgs({
  options: {
    calls: { type: "string", default: "10" },
  },
});
const CALLS = Number(args.calls);
/** A call whose remote video is not playing on both sides this long after the click failed. */
const CALL_TIMEOUT_MS = 15_000;
const TARGET_P50_MS = 1500;
const PASSWORD = "bench-consult-password";

if (!Number.isInteger(CALLS) || CALLS <= 0) {
  console.error("--calls takes a whole number above 0");
  process.exit(2);
}

const POSTGRES_URL = benchPostgresServer("scripts/bench-consult.ts");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let two: TwoServers | undefined;
let browser: Browser | undefined;
const contexts = new Set<BrowserContext>();
/** What the pages logged as errors (a signal that could not be applied, …), for a bug hunt. */
const pageErrors: string[] = [];

/** A zone where it is daytime now, so a vet's 00:00–23:45 day holds the next hour. */
function daytimeZone() {
  const hour = new Date().getUTCHours();
  return hour >= 6 && hour < 18 ? "UTC" : "Asia/Tokyo";
}

type Call = { consultationId: string; ownerCookies: Cookie[]; vetCookies: Cookie[] };

async function setUp(): Promise<{ serverA: BuiltServer; serverB: BuiltServer; calls: Call[] }> {
  // ICE servers none, whatever the environment says: the call is on loopback. The rooms open an
  // hour early (startTwoServers), so a consultation booked for the next free time can be joined now.
  two = await startTwoServers({ name: "bench_consult", serverUrl: POSTGRES_URL, env: { ICE_SERVERS: "" } });
  // This process reaches the same database through the backend's own code (plans, staff, booking).
  process.env.DATABASE_URL = two.databaseUrl;
  const [serverA, serverB] = two.servers;
  console.log(`Servers: A on ${serverA.origin}, B on ${serverB.origin}, database ${two.databaseName}`);

  const began = performance.now();
  // A new owner and vet for each call: a vet has one consultation a time, and the room is open
  // only within the hour around it.
  const accounts = await signUpOwnersAndVets(two, {
    count: CALLS,
    concurrency: 2,
    network: 97,
    password: PASSWORD,
  });

  const db = await getDb();
  const timeZone = daytimeZone();
  const calls = await quietly(async () => {
    const made: Call[] = [];
    for (let i = 0; i < CALLS; i++) {
      const { owner, vet } = accounts[i]!;
      await setPlanByStaff({ userId: owner.id, plan: "premium", until: null });
      await setStaffProfile(vet.id, { role: "vet", displayName: `Dr Bench ${i}`, region: "England" });
      await setWeeklyHours(
        vet.id,
        timeZone,
        Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: "00:00", end: "23:45" })),
      );
      const [ownPet] = await db.select({ id: pet.id }).from(pet).where(eq(pet.userId, owner.id));
      // The vet's first free time (at least 15 minutes' notice): within the hour the room is open.
      const now = new Date();
      const [first] = await freeTimes(await listBookableVets(), now, vet.id);
      if (!first) throw new Error(`vet ${i} has no free time`);
      const booked = await bookConsultation(
        { ...owner, role: "user", emailVerified: false } satisfies SessionUser,
        {
          petId: ownPet!.id,
          reason: `Bench call ${i}: a question about Pet ${i}.`,
          vet: vet.id,
          startsAt: first.startsAt,
        },
        { now, timeZone: "UTC" },
      );
      if (!booked.ok) throw new Error(`consultation ${i} was not booked: ${booked.error}`);
      made.push({
        consultationId: booked.consultationId,
        ownerCookies: owner.cookies,
        vetCookies: vet.cookies,
      });
    }
    return made;
  });
  console.log(
    `Set up ${CALLS} consultations (owner and vet signed up, Premium, vet's hours, booked) in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  return { serverA, serverB, calls };
}

/**
 * What a page records, in its own clock (Date.now(), the same as this process's on one machine):
 * the click on "Join the call", "Connected", the remote video's first decoded frame, and the
 * first moment its time advanced past the time it had then.
 */
type Marks = {
  click: number | null;
  connected: number | null;
  firstFrame: number | null;
  playing: number | null;
  visibility: string;
};

/**
 * The page's own watch (every 5 ms), so polling from here does not add to the times. A string:
 * tsx would wrap a function's inner arrow functions in a helper the page does not have.
 */
const WATCH_CALL = `(() => {
  const marks = { click: null, connected: null, firstFrame: null, playing: null, visibility: document.visibilityState };
  window.benchMarks = marks;
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button") : null;
    if (button && button.textContent.includes("Join the call") && marks.click === null) marks.click = Date.now();
  }, true);
  let timeAtFirstFrame = null;
  const tick = () => {
    const phase = document.querySelector("[data-testid=call-phase]");
    if (phase && phase.textContent === "Connected" && marks.connected === null) marks.connected = Date.now();
    const video = document.querySelector("[data-testid=remote-video]");
    if (video && video.getVideoPlaybackQuality().totalVideoFrames > 0) {
      if (timeAtFirstFrame === null) {
        marks.firstFrame = Date.now();
        timeAtFirstFrame = video.currentTime;
      } else if (video.currentTime > timeAtFirstFrame && marks.playing === null) marks.playing = Date.now();
    }
    if (marks.playing === null || marks.connected === null) setTimeout(tick, 5);
  };
  tick();
})()`;

const watchCall = (page: Page) => page.evaluate(WATCH_CALL);

const readMarks = (page: Page) => page.evaluate("window.benchMarks") as Promise<Marks>;

type Result = {
  /** From the vet's click: the owner's and the vet's remote video playing, and "Connected". */
  owner?: number;
  vet?: number;
  setup?: number;
  ownerConnected?: number;
  vetConnected?: number;
  /** The owner's page from its own click to "waiting for the other side". */
  ownerJoin: number;
  failure?: string;
  hidden?: string;
};

async function openRoom(context: BrowserContext, server: BuiltServer, consultationId: string) {
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const response = await page.goto(`${server.origin}/consultations/${consultationId}`);
  if (response?.status() !== 200)
    throw new Error(`the room answered ${response?.status()} on ${server.origin}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page;
}

async function newContext(cookies: Cookie[], origin: string) {
  const context = await browser!.newContext();
  contexts.add(context);
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
  return context;
}

async function oneCall(call: Call, serverA: BuiltServer, serverB: BuiltServer): Promise<Result> {
  const ownerContext = await newContext(call.ownerCookies, serverA.origin);
  const vetContext = await newContext(call.vetCookies, serverB.origin);
  try {
    const [ownerPage, vetPage] = await Promise.all([
      openRoom(ownerContext, serverA, call.consultationId),
      openRoom(vetContext, serverB, call.consultationId),
    ]);
    await Promise.all([watchCall(ownerPage), watchCall(vetPage)]);

    // The owner is in the room first, waiting.
    await ownerPage.getByRole("button", { name: "Join the call" }).click();
    await ownerPage
      .getByTestId("call-phase")
      .filter({ hasText: "waiting for the other side" })
      .waitFor({ timeout: CALL_TIMEOUT_MS });
    const ownerJoined = Date.now();
    const beforeClick = Date.now();
    await vetPage.getByRole("button", { name: "Join the call" }).click();

    const deadline = Date.now() + CALL_TIMEOUT_MS;
    let owner: Marks;
    let vet: Marks;
    for (;;) {
      [owner, vet] = await Promise.all([readMarks(ownerPage), readMarks(vetPage)]);
      const done = owner.playing !== null && vet.playing !== null;
      if ((done && owner.connected !== null && vet.connected !== null) || Date.now() > deadline) break;
      await sleep(100);
    }
    const clicked = vet.click ?? beforeClick;
    const since = (mark: number | null) =>
      mark !== null && mark - clicked <= CALL_TIMEOUT_MS ? mark - clicked : undefined;
    const result: Result = {
      owner: since(owner.playing),
      vet: since(vet.playing),
      ownerConnected: since(owner.connected),
      vetConnected: since(vet.connected),
      ownerJoin: ownerJoined - owner.click!,
    };
    if (result.owner !== undefined && result.vet !== undefined)
      result.setup = Math.max(result.owner, result.vet);
    else {
      const phases = await Promise.all(
        [ownerPage, vetPage].map((page) => page.getByTestId("call-phase").textContent()),
      );
      result.failure = `remote video not playing within ${CALL_TIMEOUT_MS / 1000} s (owner: ${result.owner === undefined ? `no, "${phases[0]}"` : "yes"}, vet: ${result.vet === undefined ? `no, "${phases[1]}"` : "yes"})`;
    }
    const hidden = [owner, vet].filter((marks) => marks.visibility !== "visible");
    if (hidden.length) result.hidden = hidden.map((marks) => marks.visibility).join(", ");
    return result;
  } finally {
    // Closing the pages leaves the call (their sockets close): the next call starts afresh.
    await Promise.all([ownerContext.close(), vetContext.close()]);
    contexts.delete(ownerContext);
    contexts.delete(vetContext);
  }
}

async function main() {
  const { serverA, serverB, calls } = await setUp();
  browser = await chromium.launch({
    ...fullChromiumLaunchOptions,
    args: [...fullChromiumLaunchOptions.args, ...FAKE_MEDIA_FLAGS],
  });
  console.log(
    `Calls: ${CALLS}, one after the other; the owner's page on A, the vet's on B (signalling crosses processes through PostgreSQL), Chromium ${browser.version()} headless with its fake camera and microphone, no ICE servers (loopback)`,
  );
  const results: Result[] = [];
  for (const [i, call] of calls.entries()) {
    const result = await oneCall(call, serverA, serverB).catch((error: unknown): Result => ({
      ownerJoin: Number.NaN,
      failure: error instanceof Error ? error.message.split("\n")[0]! : String(error),
    }));
    results.push(result);
    const ms = (value: number | undefined) => (value === undefined ? "–" : `${value} ms`);
    console.log(
      `  call ${String(i + 1).padStart(2)}: set-up ${ms(result.setup).padStart(8)}  (owner ${ms(result.owner)}, vet ${ms(result.vet)}; Connected: owner ${ms(result.ownerConnected)}, vet ${ms(result.vetConnected)})${result.failure ? `  FAILED: ${result.failure}` : ""}${result.hidden ? `  (a page was ${result.hidden})` : ""}`,
    );
  }
  return report(results);
}

function report(results: Result[]) {
  const sorted = (pick: (result: Result) => number | undefined) =>
    results
      .map(pick)
      .filter((value): value is number => value !== undefined && !Number.isNaN(value))
      .sort((a, b) => a - b);
  const setup = sorted((r) => r.setup);
  // With fewer than 20 calls, p95 is the slowest call: shown as the max only.
  const meaningfulP95 = results.length >= 20;
  const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(0)} ms`);
  const row = (label: string, values: number[]) => [
    label,
    String(values.length),
    ms(percentile(values, 50)),
    meaningfulP95 ? ms(percentile(values, 95)) : "–",
    ms(values.at(-1) ?? Number.NaN),
  ];
  const rows: string[][] = [
    ["from the vet's click on Join to…", "calls", "p50", "p95", "max"],
    row("both sides' remote video playing (set-up)", setup),
    row(
      "  the owner's remote video playing",
      sorted((r) => r.owner),
    ),
    row(
      "  the vet's remote video playing",
      sorted((r) => r.vet),
    ),
    row(
      "  the owner's page says Connected",
      sorted((r) => r.ownerConnected),
    ),
    row(
      "  the vet's page says Connected",
      sorted((r) => r.vetConnected),
    ),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  console.log("");
  for (const [index, cells] of rows.entries()) {
    console.log(
      cells
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join("  "),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
  console.log("");
  const failed = results.filter((result) => result.failure !== undefined);
  const ownerJoins = sorted((r) => r.ownerJoin);
  console.log(
    `Calls:                ${results.length}, ${failed.length} without remote video playing within ${CALL_TIMEOUT_MS / 1000} s`,
  );
  console.log(
    `Target:               p50 ≤ ${TARGET_P50_MS} ms: ${setup.length > 0 && percentile(setup, 50) <= TARGET_P50_MS ? "met" : "not met"} (p50 ${ms(percentile(setup, 50))})`,
  );
  console.log(
    `Owner's own join:     p50 ${ms(percentile(ownerJoins, 50))}, max ${ms(ownerJoins.at(-1) ?? Number.NaN)} from its click to "waiting for the other side" (camera, socket, joinCall)`,
  );
  if (!meaningfulP95) console.log(`p95:                  not shown under 20 calls (it would be the max)`);
  reportServerErrors(two, "Server errors logged: ");
  console.log(`Page errors logged:   ${pageErrors.length}`);
  for (const line of pageErrors.slice(0, 5)) console.error(`  ${line.slice(0, 300)}`);
  for (const [i, result] of results.entries()) {
    if (result.failure) console.error(`  call ${i + 1}: ${result.failure}`);
  }
  console.log(
    failed.length
      ? `\nFAIL: ${failed.length} call(s) never got remote video playing on both sides.`
      : "\nOK: every call got remote video playing on both sides.",
  );
  return failed.length ? 1 : 0;
}

async function cleanUp() {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await closeDatabase().catch(() => undefined);
  await stopTwoServers(two);
}

await runBench(main, cleanUp, () => two);
