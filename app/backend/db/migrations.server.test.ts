import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

/** The migrations folder as it was when only the first `count` migrations existed. */
function migrationsUpTo(count: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8"));
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(`drizzle/${entry.tag}.sql`, path.join(folder, `${entry.tag}.sql`));
  return folder;
}

const client = new PGlite();
afterAll(() => client.close());

it("a database from before pet records upgrades in place with nothing lost", async () => {
  const db = drizzle({ client });
  // Today's schema before the records (0000 and 0001), with an account, a pet and a message in it.
  await migrate(db, { migrationsFolder: migrationsUpTo(2) });
  await db.execute(sql`insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com')`);
  await db.execute(
    sql`insert into pet (id, user_id, name, type, breed, birth_date, weight_kg)
        values ('7d0e1c1e-53a3-4a51-9c3b-0f0c8c7a9a01', 'u1', 'Bella', 'dog', 'Beagle', '2022-05-01', 11.5)`,
  );
  await db.execute(
    sql`insert into contact_message (name, email, subject, message) values ('Ada', 'ada@example.com', 'Hi', 'Hello')`,
  );

  await migrate(db, { migrationsFolder: "drizzle" });

  const pets = await db.execute(sql`select name, breed, birth_date, weight_kg, neutered, activity from pet`);
  expect(pets.rows).toEqual([
    {
      name: "Bella",
      breed: "Beagle",
      birth_date: "2022-05-01",
      weight_kg: "11.50",
      neutered: null,
      activity: null,
    },
  ]);
  expect((await db.execute(sql`select subject from contact_message`)).rows).toEqual([{ subject: "Hi" }]);
  // The new tables are there and take the old pet's records.
  await db.execute(
    sql`insert into pet_record (pet_id, kind, date, weight_kg) values ('7d0e1c1e-53a3-4a51-9c3b-0f0c8c7a9a01', 'weight', '2026-01-01', 12)`,
  );
  expect((await db.execute(sql`select count(*)::int as n from pet_record`)).rows).toEqual([{ n: 1 }]);
  // Two full migration runs on an in-memory PostgreSQL: seconds, more on a busy machine.
}, 60_000);

it("jobs queued before job.user_id name their account where something exact says which", async () => {
  const older = new PGlite();
  try {
    const db = drizzle({ client: older });
    await migrate(db, { migrationsFolder: migrationsUpTo(3) });
    await db.execute(
      sql`insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com'), ('u2', 'Bo', 'b@example.com')`,
    );
    await db.execute(sql`insert into contact_message (id, name, email, subject, message, user_id)
      values ('11111111-1111-4111-8111-111111111111', 'Ada', 'ada@example.com', 'Hi', 'Hello', 'u1')`);
    await db.execute(sql`insert into family_invite (id, owner_id, email, token_hash, expires_at)
      values ('22222222-2222-4222-8222-222222222222', 'u1', 'bob@example.com', 'h', now())`);
    await db.execute(sql`insert into job (kind, payload, key) values
      ('reminder', '{"userId":"u1","petId":"p"}', 'reminder:p:checkup:2026-01-01'),
      ('mail', '{"to":"ada@example.com"}', 'contact-receipt:11111111-1111-4111-8111-111111111111'),
      ('mail', '{"to":"bob@example.com"}', 'family-invite:22222222-2222-4222-8222-222222222222:h'),
      ('password-reset', '{"email":"b@example.com"}', null)`);

    await migrate(db, { migrationsFolder: "drizzle" });

    const rows = await db.execute(sql`select kind, user_id from job order by kind, key`);
    // The reset request names no account: it is the address's, whoever asked.
    expect(rows.rows).toEqual([
      { kind: "mail", user_id: "u1" },
      { kind: "mail", user_id: "u1" },
      { kind: "password-reset", user_id: null },
      { kind: "reminder", user_id: "u1" },
    ]);
  } finally {
    await older.close();
  }
}, 60_000);

it("the summaries of PawPal vets' chats and consultations, kept as vet visits, become remote consultations", async () => {
  const older = new PGlite();
  try {
    const db = drizzle({ client: older });
    await migrate(db, { migrationsFolder: migrationsUpTo(14) });
    await db.execute(sql`insert into "user" (id, name, email, role) values
      ('owner', 'Ada', 'ada@example.com', 'user'), ('vet', 'Dr. Ana Silva', 'ana@example.com', 'staff')`);
    await db.execute(sql`insert into pet (id, user_id, name, type)
      values ('7d0e1c1e-53a3-4a51-9c3b-0f0c8c7a9a01', 'owner', 'Bella', 'dog')`);
    const pet = "7d0e1c1e-53a3-4a51-9c3b-0f0c8c7a9a01";
    await db.execute(sql`insert into pet_record (pet_id, kind, date, title, clinic, created_by) values
      (${pet}, 'vet_visit', '2026-11-30', 'Emergency chat with Dr. Ana Silva', 'PawPal 24/7 emergency chat', 'vet'),
      (${pet}, 'vet_visit', '2026-11-20', 'Video consultation with Dr. Ana Silva', 'PawPal video consultation', 'vet'),
      (${pet}, 'vet_visit', '2026-02-01', 'Check-up', 'Riverside', 'owner'),
      (${pet}, 'vet_visit', '2026-03-01', 'Typed in', 'PawPal video consultation', 'owner')`);

    await migrate(db, { migrationsFolder: "drizzle" });

    const rows = await db.execute(sql`select title, kind from pet_record order by date`);
    expect(rows.rows).toEqual([
      { title: "Check-up", kind: "vet_visit" },
      { title: "Typed in", kind: "vet_visit" },
      { title: "Video consultation with Dr. Ana Silva", kind: "remote_consult" },
      { title: "Emergency chat with Dr. Ana Silva", kind: "remote_consult" },
    ]);
  } finally {
    await older.close();
  }
}, 60_000);
