// vitest: own process
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runScript } from "~tests/support/run-script";
import { migratedDataFolder } from "~tests/support/test-database";
import { openFolder } from "./db/pglite-folder.server";

/*
 * `npm run reminders:run -- --now …` as an operator runs it on the embedded database (the server
 * stopped): one scan at that date, the reminder mails written to the outbox, each only once.
 */

const TIMEOUT = 120_000;
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-reminders-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function remindersRun(args: string[]) {
  // BASE_URL set as on a server: Vitest puts its own ("/") into process.env.
  return runScript("reminders-run", args, {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    BASE_URL: "https://pawpal.example",
  });
}

/** An owner on Pro with reminders on, 7 days ahead, and a dog whose rabies booster is due on 2027-03-05. */
async function seedOwner() {
  await migratedDataFolder(dataDir);
  const folder = await openFolder(dataDir);
  try {
    await folder.client.exec(`
      insert into "user" (id, name, email, email_verified) values ('owner', 'Olive Owner', 'olive@example.com', true);
      insert into pet (id, user_id, name, type, birth_date)
        values ('5b9f7f1e-8a7c-4d2e-9f60-3c1e2d4b5a61', 'owner', 'Biscuit', 'dog', '2022-02-01');
      insert into pet_record (pet_id, kind, date, title, next_due_date)
        values ('5b9f7f1e-8a7c-4d2e-9f60-3c1e2d4b5a61', 'vaccination', '2026-03-05', 'Rabies', '2027-03-05');
      insert into account_settings (user_id, reminders_enabled, reminder_days_ahead) values ('owner', true, 7);
      insert into subscription (user_id, plan, source, status) values ('owner', 'pro', 'staff', 'active');
    `);
  } finally {
    await folder.close();
  }
}

/** The mails in the outbox that mention `text`. */
function mailsMentioning(text: string) {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
    .filter((mail) => mail.includes(text));
}

it(
  "mails a reminder for what is due within the owner's days ahead, once however often it runs",
  async () => {
    await seedOwner();

    // A month early: outside the 7 days, nothing for the booster.
    expect((await remindersRun(["--now", "2027-02-01"])).code).toBe(0);
    expect(mailsMentioning("Rabies")).toEqual([]);

    const run = await remindersRun(["--now", "2027-03-01"]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Reminders due by 2027-03-01: \d+ \(each queued once\)/);
    const [mail, ...more] = mailsMentioning("Rabies");
    expect(more).toEqual([]);
    expect(mail).toMatch(/^To: olive@example\.com$/m);
    expect(mail).toContain("Biscuit");
    // Long header lines are folded onto the next line (RFC 5322): unfold before reading them.
    expect(mail!.replace(/\r?\n[ \t]+/g, " ")).toMatch(
      /^List-Unsubscribe: <https:\/\/pawpal\.example\/reminders\/unsubscribe\?token=[^>]+>$/m,
    );

    // The next day's run finds the same booster: no second mail.
    expect((await remindersRun(["--now", "2027-03-02"])).code).toBe(0);
    expect(mailsMentioning("Rabies")).toHaveLength(1);
  },
  TIMEOUT,
);

it(
  "refuses a --now that is not a date, before it opens the database",
  async () => {
    const run = await remindersRun(["--now", "next tuesday"]);
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      '--now must be a date, like 2027-03-01 or 2027-03-01T09:00:00Z (got "next tuesday")',
    );
    // Nothing scanned, queued or sent: the data folder holds no database at all.
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  },
  TIMEOUT,
);
