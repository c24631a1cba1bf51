import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database } from "~/backend/db/client.server";
import * as schema from "~/backend/db/schema.server";

let database: Promise<Database> | undefined;

/**
 * A real PostgreSQL (PGlite, in memory) with our migrations applied: one per test file,
 * made on first use. Unit tests get it in place of the server's connection (tests/setup-unit.ts).
 */
export function testDatabase(): Promise<Database> {
  database ??= (async () => {
    const db = drizzle({ client: new PGlite(), schema });
    await migrate(db, { migrationsFolder: "drizzle" });
    return db as unknown as Database;
  })();
  return database;
}
