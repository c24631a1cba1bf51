import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import type { Database } from "~/backend/db/client.server";
import { listenOnServer, type Listen } from "~/backend/db/listen.server";
import { pgliteDir } from "~/backend/db/pglite-folder.server";
import * as schema from "~/backend/db/schema.server";

type TestConnection = { db: Database; close: () => Promise<void>; listen: Listen };

let connection: Promise<TestConnection> | undefined;

/** Where tests/setup-unit.ts finds the closer, without loading this module in files that never open a database. */
const CLOSE_TEST_DATABASE = Symbol.for("pawpal.closeTestDatabase");

/**
 * A real PostgreSQL with our migrations applied, one per test file, made on first use from the
 * run's migrated template (tests/support/test-database-template.ts). Unit
 * tests get it in place of the server's connection (tests/setup-unit.ts).
 *
 * PGlite in memory by default; with TEST_DATABASE_URL (a PostgreSQL server, as
 * `npm run test:postgres` sets it) a new database of its own on that server, so the same
 * tests prove the code on both.
 */
export async function testDatabase(): Promise<Database> {
  connection ??= process.env.TEST_DATABASE_URL ? onServer(process.env.TEST_DATABASE_URL) : inMemory();
  Object.assign(globalThis, { [CLOSE_TEST_DATABASE]: closeTestDatabase });
  return (await connection).db;
}

/**
 * Fills a new data folder (DATA_DIR) with the run's migrated database, as a server's first start
 * leaves it, for tests of what opens the folder itself (scripts, backups, its lock): a copy of
 * the template takes a second of CPU here, PGlite's initdb and the migrations six.
 */
export async function migratedDataFolder(dataDir: string) {
  await (await migratedPglite(pgliteDir(dataDir))).close();
}

/** listenToDatabase on the test database (tests/setup-unit.ts puts it in place of the server's). */
export const testListen: Listen = async (channel, onNotify, onGap) => {
  await testDatabase();
  return (await connection!).listen(channel, onNotify, onGap);
};

/** Ends this file's connection, or empties the database it passes on (called after each test file). */
export async function closeTestDatabase() {
  const current = await connection?.catch(() => undefined);
  connection = undefined;
  await current?.close();
}

/**
 * The embedded database that the files of one worker sharing a module graph (vitest.config.ts
 * provides `keepTestDatabase` to them) pass on: emptied after each file rather than closed, so
 * the next file need not load the template again (a second of CPU a file, for a 40 MB folder).
 */
let kept: { client: PGlite; connection: TestConnection } | undefined;

/**
 * A PGlite (in memory, or in `folder`) loaded from the migrated template of this run
 * (tests/support/test-database-template.ts), or migrated here when there is none.
 */
async function migratedPglite(folder?: string) {
  const template = inject("pgliteTemplate");
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const client = await PGlite.create(folder, { loadDataDir });
  if (!loadDataDir) await migratePglite(drizzlePglite({ client }), { migrationsFolder: "drizzle" });
  return client;
}

/** From the migrated template of this run. */
async function inMemory(): Promise<TestConnection> {
  if (kept && !kept.client.closed) return kept.connection;
  const client = await migratedPglite();
  const db = drizzlePglite({ client, schema });
  const stopListening = new Set<() => Promise<void>>();
  const connection: TestConnection = {
    db: db as unknown as Database,
    close: async () => {
      if (kept?.client !== client) return client.close();
      // What the file left: its listeners, then every row (the template's tables are empty).
      await Promise.all([...stopListening].map((stop) => stop()));
      stopListening.clear();
      const { rows } = await client.query<{ name: string }>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
      );
      await client.exec(`truncate ${rows.map((row) => row.name).join(", ")} restart identity cascade`);
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      stopListening.add(stop);
      return {
        close: async () => {
          stopListening.delete(stop);
          await stop();
        },
      };
    },
  };
  if (inject("keepTestDatabase")) kept = { client, connection };
  return connection;
}

async function onServer(serverUrl: string): Promise<TestConnection> {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db as unknown as Database,
    close: () => pool.end(),
    listen: (channel, onNotify, onGap) => listenOnServer(url.toString(), channel, onNotify, onGap),
  };
}
