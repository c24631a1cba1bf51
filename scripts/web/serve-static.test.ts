import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "~tests/support/ports";

const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("scripts/web/serve-static.ts");
let folder: string;
let server: ChildProcess;
let origin: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-static-"));
  fs.writeFileSync(path.join(folder, "index.html"), "<!doctype html><title>The app</title>");
  fs.mkdirSync(path.join(folder, "assets"));
  fs.writeFileSync(path.join(folder, "assets", "app.js"), "console.log('the app');".repeat(50));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(TSX, [SCRIPT, folder, "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve) => server.stdout!.on("data", () => resolve()));
}, 30_000);
afterAll(() => {
  server.kill();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("serve:static, the compared site's host", () => {
  it("serves a file gzipped when asked, with its type", async () => {
    const response = await fetch(`${origin}/assets/app.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-type")).toContain("text/javascript");
    // fetch decodes the body; the header says it was sent compressed.
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("the app");
  });

  it("answers index.html for a path that is no file or is malformed, and never a file outside its folder", async () => {
    for (const pathname of ["/pricing", "/about/team", "/%2e%2e/%2e%2e/etc/passwd", "/%E0%A4%A"]) {
      const response = await fetch(`${origin}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toContain("<title>The app</title>");
    }
  });

  it("refuses a folder without index.html with its usage", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-static-empty-"));
    const child = spawn(TSX, [SCRIPT, empty], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    fs.rmSync(empty, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(output).toContain("Usage: npm run serve:static -- <folder with index.html>");
  }, 30_000);
});
