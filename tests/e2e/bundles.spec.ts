import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support";

/*
 * What the production build ships to browsers (no browser needed: the files themselves).
 * Server-only code must never be in it, the breed knowledge base must be in one chunk, and the
 * home page's JavaScript stays within its budget (docs/decisions/002-javascript-budget.md).
 */
const ASSETS = path.join(process.env.BUILD_DIR || "build", "client", "assets");
const clientScripts = () =>
  fs
    .readdirSync(ASSETS)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, text: fs.readFileSync(path.join(ASSETS, name), "utf8") }));

test.describe("client bundles", () => {
  test("carry no server-only code", () => {
    const scripts = clientScripts();
    expect(scripts.length).toBeGreaterThan(5);
    // Drizzle's table builders, our tables' column names, the auth and mail libraries.
    const markers = [
      "drizzle:",
      "email_verified",
      "access_token_expires_at",
      "contact_message",
      "better-auth",
      "nodemailer",
    ];
    for (const { name, text } of scripts) {
      for (const marker of markers) expect(text.includes(marker), `${marker} in ${name}`).toBe(false);
    }
  });

  test("load the video call's WebRTC code on the consultation room's page only", () => {
    const withWebRtc = clientScripts().filter(({ text }) => text.includes("RTCPeerConnection"));
    expect(withWebRtc.map(({ name }) => name)).toEqual([expect.stringMatching(/^room-[\w-]+\.js$/)]);
  });

  test("keep the live channel's socket out of every prerendered page's first scripts", () => {
    const withSocket = clientScripts()
      .filter(({ text }) => text.includes("new WebSocket("))
      .map(({ name }) => name);
    expect(withSocket).toHaveLength(1);
    const pages = fs
      .readdirSync(path.join(ASSETS, ".."), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"));
    expect(pages).toEqual(expect.arrayContaining(["index.html", path.join("pricing", "index.html")]));
    for (const file of pages) {
      const html = fs.readFileSync(path.join(ASSETS, "..", file), "utf8");
      for (const name of withSocket) expect(html, file).not.toContain(name);
    }
  });

  test("hold the breed knowledge base in exactly one chunk", () => {
    // A fact only the knowledge base holds (the Afghan Hound's health watch-points).
    const withKnowledge = clientScripts().filter(({ text }) => text.includes("anesthesia sensitivity"));
    expect(withKnowledge.map(({ name }) => name)).toHaveLength(1);
  });

  test("keep zod out of the first scripts of the emergency, sign-in, password and contact pages", () => {
    // The emergency answer's schemas come with the answer; a form's schema, when it is first used.
    // React Router's manifest lists each route's module and the chunks it imports at start.
    const manifestFile = fs.readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name))!;
    const manifestText = fs.readFileSync(path.join(ASSETS, manifestFile), "utf8");
    const manifest = JSON.parse(
      manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1),
    ) as {
      routes: Record<string, { module: string; imports?: string[] }>;
    };
    const routes = [
      "emergency/emergency",
      "emergency/vets-near",
      "auth/auth",
      "account/forgot-password",
      "account/reset-password",
      "marketing/contact",
    ];
    for (const id of routes.map((route) => `routes/${route}`)) {
      const route = manifest.routes[id]!;
      const files = [route.module, ...(route.imports ?? [])];
      expect(files.length, id).toBeGreaterThan(2);
      for (const file of files) {
        const text = fs.readFileSync(path.join(ASSETS, path.basename(file)), "utf8");
        // zod's own error text (the whole file would be the failure message otherwise).
        expect(text.includes("Invalid input"), `zod in ${file}, a first script of ${id}`).toBe(false);
      }
    }
  });

  test("carry React Router's production build, without its development warnings", () => {
    // The router itself (the key it stores its manifest's version under), once.
    const routers = clientScripts().filter(({ text }) => text.includes("react-router-manifest-version"));
    expect(routers.map(({ name }) => name)).toEqual([expect.stringMatching(/^shell-/)]);
    // A warning only its development build writes (when no route matches a location).
    for (const { name, text } of clientScripts()) {
      expect(text.includes("No routes matched location"), name).toBe(false);
    }
  });

  test("give the home page at most 100 KiB of JavaScript (Brotli), without zod", () => {
    const page = fs.readFileSync(path.join(ASSETS, "..", "index.html"), "utf8");
    const scripts = [
      ...new Set([...page.matchAll(/rel="modulepreload" href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!)),
    ];
    expect(scripts.length).toBeGreaterThan(2);
    const kib =
      scripts.reduce((sum, name) => sum + fs.statSync(path.join(ASSETS, `${name}.br`)).size, 0) / 1024;
    test.info().annotations.push({ type: "home page JavaScript", description: `${kib.toFixed(1)} KiB` });
    expect(kib).toBeLessThanOrEqual(100);
    // zod's own error text: the schemas belong to the pages with forms.
    for (const name of scripts) {
      expect(fs.readFileSync(path.join(ASSETS, name), "utf8"), name).not.toContain("Invalid input");
    }
  });
});
