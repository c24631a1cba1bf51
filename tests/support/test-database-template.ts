import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

/*
 * Vitest's global setup: the embedded database with every migration applied, made once per run
 * and saved as a data folder's tarball, which each test file's PGlite starts from
 * (tests/support/test-database.ts). Starting PGlite from scratch and migrating takes a couple
 * of seconds per file; loading the folder, a fraction of that.
 */

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: "drizzle" });
  const tarball = await client.dumpDataDir("none");
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-pglite-template-"));
  const file = path.join(folder, "template.tar");
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
