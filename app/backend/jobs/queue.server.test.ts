import { eq, isNull, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { job } from "~/backend/db/schema.server";
import { enqueueJob, runDueJobs, startJobRunner } from "./queue.server";

const pending = async (prefix: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(job)
      .where(like(job.kind, `${prefix}%`))
  ).filter((row) => row.doneAt === null).length;

// The file's first database (PGlite, migrated) takes seconds on a busy machine: a hook's time, not a test's.
beforeAll(() => getDb());

it("a stopping runner finishes the batch it claimed and leaves the rest of the queue to others", async () => {
  for (let i = 0; i < 45; i += 1) await enqueueJob("stop-test", { i });
  const ran: number[] = [];
  let stopped: Promise<void> | undefined;
  const runner = startJobRunner({
    "stop-test": async (payload) => {
      ran.push((payload as { i: number }).i);
      // Stopped while running its first job: the other 19 of its batch still run.
      if (ran.length === 1) stopped = runner.stop();
    },
  });
  await expect.poll(() => stopped !== undefined).toBe(true);
  await stopped;
  expect(ran).toHaveLength(20);
  expect(await pending("stop-test")).toBe(25);

  // Whoever runs the queue next sends the rest.
  const rest = await runDueJobs({
    "stop-test": async (payload) => void ran.push((payload as { i: number }).i),
  });
  expect(rest).toEqual({ ran: 25, failed: 0 });
  expect(new Set(ran).size).toBe(45);
  expect(await (await getDb()).select().from(job).where(isNull(job.doneAt))).toEqual([]);
});

it("a job done keeps no payload (a sent mail's links go with it); a job to retry keeps its own", async () => {
  const secret = "https://pawpal.example/reset-password?token=secret-token";
  await enqueueJob("payload-test", { text: secret, ok: true });
  await enqueueJob("payload-test", { text: secret, ok: false });
  const result = await runDueJobs({
    "payload-test": async (payload) => {
      if (!(payload as { ok: boolean }).ok) throw new Error("SMTP is down");
    },
  });
  expect(result).toEqual({ ran: 1, failed: 1 });
  const rows = await (await getDb()).select().from(job).where(eq(job.kind, "payload-test"));
  const done = rows.find((row) => row.doneAt !== null)!;
  const retried = rows.find((row) => row.doneAt === null)!;
  expect(done.payload).toEqual({});
  expect(retried.payload).toEqual({ text: secret, ok: false });
});

it("a runner wakes when a job commits, not at its next tick, also while a pass is running", async () => {
  const ran: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Ticks an hour apart: only the wake can run these in time.
  const runner = startJobRunner(
    {
      "wake-test": async (payload) => {
        const { name } = payload as { name: string };
        ran.push(name);
        if (name === "first") await held;
      },
    },
    60 * 60_000,
  );
  try {
    await runner.listening;
    const db = await getDb();
    await db.transaction(async (tx) => {
      await enqueueJob("wake-test", { name: "first" }, { db: tx });
      // Not committed: no runner can see it yet.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual([]);
    });
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["first"]);
    // Enqueued while the pass that runs "first" is still busy: run by the pass after it.
    await enqueueJob("wake-test", { name: "second" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["first", "second"]);
  } finally {
    release();
    await runner.stop();
  }
});
