import crypto from "node:crypto";
import type { BuiltServer } from "../support/built-server";
import { withPostgres } from "../support/postgres-admin";
import { sentMails } from "../support/outbox";
import { runScript } from "../support/run-script";
import { startTwoServers, stopTwoServers, type TwoServers } from "../support/two-servers";
import { expect, test } from "./support";

/*
 * Two PawPal processes on one PostgreSQL, as behind a load balancer: they share the rate
 * limits and the mail queue. Only the PostgreSQL run has a database two processes can share
 * (PGlite is one process), so these tests exist when scripts/with-postgres.sh provides one.
 * tests/support/two-servers.ts starts them on a database of their own: the other specs' pairs
 * share E2E_DATABASE_URL's server, and their job runners must not send each other's mails.
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL;

/**
 * Resolves once no queued mail is waiting or being sent on the shared database: every job is
 * done (a runner sends, then marks done; done jobs are never claimed again) and none is leased.
 * From then on no runner can send any of them a second time, so counting mails is final.
 */
async function queueSettled({ databaseUrl }: TwoServers) {
  await expect
    .poll(
      () =>
        withPostgres(async (database) => {
          const { rows } = await database.query(
            "select count(*)::int as open from job where (done_at is null and failed_at is null) or locked_until > now()",
          );
          return rows[0].open as number;
        }, databaseUrl),
      { timeout: 60_000 },
    )
    .toBe(0);
}

const post = (origin: string, pathname: string, form: Record<string, string>, address: string) =>
  fetch(`${origin}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams(form),
    redirect: "manual",
  });

if (E2E_DATABASE_URL) {
  test.describe("two servers, one PostgreSQL", () => {
    // The tests share one pair of servers: in order, in one worker.
    // Mails go out on the runners' next passes (every 5 s), or after a retry's 30 s pause when a
    // send failed: more than the default 30 s in all on a busy machine.
    test.describe.configure({ mode: "serial", timeout: 180_000 });
    let two: TwoServers | undefined;
    let servers: BuiltServer[] = [];
    let dataDir = "";
    test.beforeAll(async () => {
      test.setTimeout(120_000); // two servers starting (and migrating) on a busy machine
      // The servers' own shutdown grace (SHUTDOWN_GRACE_MS unset): the last test stops one under load.
      two = await startTwoServers({ name: "two" });
      ({ servers, dataDir } = two);
    });
    test.afterAll(() => stopTwoServers(two));

    test("the login limit holds across both: attempts alternate, the 11th is refused", async () => {
      const address = `10.77.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
      const login = {
        intent: "login",
        email: `nobody-${crypto.randomUUID()}@example.com`,
        password: "wrong-password",
      };
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await post(servers[attempt % 2]!.origin, "/auth", login, address);
        expect(response.status, `attempt ${attempt + 1}`).toBe(401);
      }
      const refused = await post(servers[0]!.origin, "/auth", login, address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    });

    test("each queued mail is sent once, though both servers run the queue", async () => {
      const tag = `Two servers ${crypto.randomUUID().slice(0, 8)}`;
      for (let message = 0; message < 12; message++) {
        const response = await post(
          servers[message % 2]!.origin,
          "/contact",
          {
            name: "Ada",
            email: "ada@example.com",
            subject: `${tag} #${message}`,
            message: "Hello from both.",
          },
          `10.78.${message}.${crypto.randomInt(1, 255)}`,
        );
        expect(response.status).toBe(200);
      }
      const mails = () => sentMails(dataDir).filter((mail) => mail.raw.includes(tag));
      await expect.poll(() => mails().length, { timeout: 90_000 }).toBe(12);
      // Nothing left to send: still one mail per message.
      await queueSettled(two!);
      const subjects = mails().map((mail) => mail.subject);
      expect(new Set(subjects).size).toBe(12);
      expect(subjects).toHaveLength(12);
    });

    test("two reminder scans racing on one PostgreSQL mail a due item once, while both servers run the queue", async () => {
      const tag = crypto.randomUUID().slice(0, 8);
      const petName = `Racer ${tag}`;
      await withPostgres(async (database) => {
        await database.query(
          `insert into "user" (id, name, email, email_verified) values ($1, 'Rita Racer', $2, true)`,
          [`racer-${tag}`, `racer-${tag}@example.com`],
        );
        const petId = crypto.randomUUID();
        await database.query(
          `insert into pet (id, user_id, name, type, birth_date) values ($1, $2, $3, 'dog', '2015-02-01')`,
          [petId, `racer-${tag}`, petName],
        );
        await database.query(
          `insert into pet_record (pet_id, kind, date, title, next_due_date)
           values ($1, 'vaccination', '2019-03-05', 'Rabies', '2020-03-05')`,
          [petId],
        );
        await database.query(
          `insert into account_settings (user_id, reminders_enabled, reminder_days_ahead) values ($1, true, 7)`,
          [`racer-${tag}`],
        );
        // Reminders are health tracking: on Pro, as staff set it.
        await database.query(
          `insert into subscription (user_id, plan, source, status) values ($1, 'pro', 'staff', 'active')`,
          [`racer-${tag}`],
        );
      }, two!.databaseUrl);
      /** `npm run reminders:run -- --now 2020-03-01`, beside the running servers. */
      const remindersRun = () =>
        runScript("reminders-run", ["--now", "2020-03-01"], {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: two!.databaseUrl,
        });
      const runs = await Promise.all([remindersRun(), remindersRun()]);
      expect(
        runs.map(({ code }) => code),
        runs.map(({ output }) => output).join("\n"),
      ).toEqual([0, 0]);

      const reminders = () => sentMails(dataDir).filter((mail) => mail.raw.includes(petName));
      await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
      // Nothing left to send: still one mail.
      await queueSettled(two!);
      expect(reminders()).toHaveLength(1);
      expect(reminders()[0]!.to).toBe(`racer-${tag}@example.com`);
    });

    // Last: it stops the second server.
    test("a SIGTERM of one server under load loses nothing: every message is stored and mailed once", async () => {
      const tag = `Drain ${crypto.randomUUID().slice(0, 8)}`;
      const total = 60;
      const [kept, stopped] = servers as [BuiltServer, BuiltServer];
      const exitCode = new Promise<number | null>((resolve) => stopped.child.once("exit", resolve));
      let firstAcceptedByStopped = () => {};
      const stoppedHasAccepted = new Promise<void>((resolve) => (firstAcceptedByStopped = resolve));
      /** Posts message `i` like a browser that retries with the same submission key, on the other server if need be. */
      async function send(i: number) {
        const form = {
          name: "Ada",
          email: "ada@example.com",
          subject: `${tag} #${i}`,
          message: "Sent while a server stops.",
          submissionKey: `drain-${tag.slice(6)}-${i}-key`,
        };
        const address = `10.79.${i}.${crypto.randomInt(1, 255)}`;
        for (const server of [i % 2 === 0 ? stopped : kept, kept, kept]) {
          const response = await post(server.origin, "/contact", form, address).catch(() => undefined);
          if (response?.status === 200 && server === stopped) firstAcceptedByStopped();
          if (response?.status === 200) return server === stopped ? "stopped" : "kept";
          // 503 while draining, or a refused connection once it has gone: try again.
        }
        throw new Error(`message ${i} was never accepted`);
      }
      const sending = Array.from({ length: total }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 20)).then(() => send(i)),
      );
      // SIGTERM in the middle of the load: once the server to stop has taken a message.
      await stoppedHasAccepted;
      stopped.child.kill("SIGTERM");
      const acceptedBy = await Promise.all(sending);
      expect(await exitCode, "the stopped server exits cleanly").toBe(0);
      // Some messages reached the server that stopped before it stopped; all of them count.
      expect(acceptedBy.filter((by) => by === "stopped").length).toBeGreaterThan(0);

      const stored = await withPostgres(
        (database) =>
          database.query<{ subject: string }>("select subject from contact_message where subject like $1", [
            `${tag} #%`,
          ]),
        two!.databaseUrl,
      );
      expect(stored.rows).toHaveLength(total);
      expect(new Set(stored.rows.map((row) => row.subject)).size).toBe(total);
      const mailed = () =>
        sentMails(dataDir)
          .filter((mail) => mail.raw.includes(tag))
          .map((mail) => mail.subject);
      await expect.poll(() => new Set(mailed()).size, { timeout: 90_000 }).toBe(total);
      expect(mailed()).toHaveLength(total);
    });
  });
}
