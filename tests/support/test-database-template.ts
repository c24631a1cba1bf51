import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";

/*
 * Vitest's global setup: the embedded database with every migration applied, made once per run
 * and saved as a data folder's tarball, which each test file's PGlite starts from
 * (tests/support/test-database.ts). Starting PGlite from scratch and migrating takes a couple
 * of seconds per file; loading the folder, a fraction of that. With TEST_DATABASE_URL, the same
 * on the PostgreSQL server: a migrated database that each file's database is created from
 * (~30 ms instead of ~250 ms of migrating).
 */

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Set for the files that share a module graph: they pass one embedded database on (tests/support/test-database.ts). */
    keepTestDatabase?: boolean;
    /** With TEST_DATABASE_URL: the migrated database on that server each file's database copies. */
    postgresTemplate: string;
  }
}

/**
 * Vitest runs a global setup once for each project of the run (five in vitest.config.ts), one
 * after the other and each with this module imported anew: the template is made by the first
 * and kept on the process's global object for the others (it took seconds each), and removed
 * after the last one's teardown.
 */
type Template = { name: string; remove: () => Promise<void> | void };
type Shared = { template: Promise<Template>; users: number };
const SHARED = Symbol.for("pawpal.testDatabaseTemplate");
const sharedTemplate = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  const shared = (sharedTemplate[SHARED] ??= {
    template: process.env.TEST_DATABASE_URL
      ? postgresTemplate(process.env.TEST_DATABASE_URL)
      : pgliteTemplate(),
    users: 0,
  });
  shared.users += 1;
  const { name } = await shared.template;
  project.provide(process.env.TEST_DATABASE_URL ? "postgresTemplate" : "pgliteTemplate", name);
  return async () => {
    if (--shared.users > 0) return;
    delete sharedTemplate[SHARED];
    await (await shared.template).remove();
  };
}

/** The migrated embedded database as a tarball file: its path. */
async function pgliteTemplate(): Promise<Template> {
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: "drizzle" });
  const tarball = await client.dumpDataDir("none");
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-pglite-template-"));
  const file = path.join(folder, "template.tar");
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  return { name: file, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** A migrated database on the PostgreSQL server: its name. */
async function postgresTemplate(serverUrl: string): Promise<Template> {
  const name = `test_template_${randomUUID().replaceAll("-", "")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any file copies it: PostgreSQL copies only a database no one is connected to.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrateNodePostgres(drizzleNodePostgres({ client: pool }), { migrationsFolder: "drizzle" });
  } finally {
    await pool.end();
  }
  return { name, remove: () => admin(`drop database if exists ${name}`) };
}
