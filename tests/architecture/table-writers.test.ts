import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as schema from "~/backend/db/schema.server";

/*
 * Each table has one owner that writes it (decision 10): a folder of app/backend (chat/,
 * billing/, consultations/ …) or, for a module at app/backend's top, that module. Others call the
 * owner's functions, so a table's rules (what a member may change, what a deletion takes along)
 * live in one place. Writes are Drizzle's insert/update/delete builders and raw `insert into`,
 * `update … set` and `delete from` with the table interpolated.
 */

const BACKEND = path.resolve(__dirname, "../../app/backend");
const TABLES = new Set(
  Object.keys(schema).filter((name) => typeof (schema as Record<string, unknown>)[name] === "object"),
);

function serverModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverModules(file);
    return /\.server\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The part of the backend that owns what `file` writes. */
function ownerOf(file: string) {
  const relative = path.relative(BACKEND, file).split(path.sep);
  return relative.length === 1 ? relative[0]! : `${relative[0]}/`;
}

const WRITE = [
  /\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g,
  /(?:insert into|delete from|update)\s+\$\{(?:schema\.)?(\w+)\}/gi,
];

function writtenTables(source: string) {
  return WRITE.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!)).filter((name) =>
    TABLES.has(name),
  );
}

const writers = new Map<string, Map<string, string[]>>();
for (const file of serverModules(BACKEND)) {
  for (const table of writtenTables(readFileSync(file, "utf8"))) {
    const owners = writers.get(table) ?? new Map<string, string[]>();
    const files = owners.get(ownerOf(file)) ?? [];
    files.push(path.relative(BACKEND, file));
    owners.set(ownerOf(file), [...new Set(files)]);
    writers.set(table, owners);
  }
}

describe("who writes each table", () => {
  it("finds the writes it looks for", () => {
    expect(writtenTables("await tx.delete(pet).where(…); db.insert(schema.session);")).toEqual([
      "pet",
      "session",
    ]);
    expect(writtenTables("sql`insert into ${rateLimit} (key)`")).toEqual(["rateLimit"]);
    expect(writers.get("pet")?.size).toBeGreaterThan(0);
  });

  it.each([...TABLES].filter((table) => writers.has(table)))("%s has one owner", (table) => {
    const owners = writers.get(table)!;
    expect([...owners.keys()], JSON.stringify(Object.fromEntries(owners))).toHaveLength(1);
  });
});
