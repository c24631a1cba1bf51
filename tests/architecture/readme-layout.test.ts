import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * README's "How the code is laid out" must match the tree: every folder and file it names exists,
 * and every folder at the top of app/ is named there, so a newcomer can trust it.
 */

const README = fs.readFileSync("README.md", "utf8");

/** The paths the layout block names: "app/", then "routes/" under it, and so on by indentation. */
function namedPaths(): string[] {
  const section = README.slice(README.indexOf("## How the code is laid out"));
  const block = /```\n([\s\S]*?)```/.exec(section)![1]!;
  const parents: string[] = [];
  const named: string[] = [];
  for (const line of block.split("\n")) {
    const indent = line.length - line.trimStart().length;
    // Continuation lines of a description start at its column.
    if (!line.trim() || indent >= 20) continue;
    const level = indent / 2;
    // The names come first (one or two), then the description.
    const tokens = line.trim().split(/\s+/);
    const end = tokens.findIndex((token) => !/^[\w.-]+(\/[\w.-]+)*(\/|\.\w+)$/.test(token));
    const names = tokens.slice(0, end === -1 ? tokens.length : end);
    parents.length = level;
    for (const name of names) named.push(path.join(...parents, name));
    parents[level] = names[0]!.replace(/\/$/, "");
  }
  return named;
}

describe("README's layout", () => {
  const named = namedPaths();

  it("names only what exists", () => {
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((entry) => !fs.existsSync(entry))).toEqual([]);
  });

  it("names every folder at the top of app/", () => {
    const folders = fs
      .readdirSync("app", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `app/${entry.name}`);
    expect(
      folders.filter((folder) => !named.some((entry) => entry === folder || entry.startsWith(`${folder}/`))),
    ).toEqual([]);
  });
});
