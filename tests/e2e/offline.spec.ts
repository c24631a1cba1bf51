import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { testPhotos } from "../support/photos";
import { BUILD_DIR, startBuiltServer, stopBuiltServer, type BuiltServer } from "../support/built-server";
import { fullChromiumLaunchOptions } from "../support/chromium";
import { freePort } from "../support/ports";
import { copySharedDatabase } from "./operator";
import { ANALYSIS_TIMEOUT, demo, expect, expectNoA11yViolations, test } from "./support";

/*
 * The service worker, the install manifest and BASE_URL at run time. Each test starts its
 * own server (the build of this run, or a copy standing for the next deploy), so it can stop
 * it, swap it, or give it its own environment.
 */

const READY = "Ready to work offline: the analysis runs on this device, even without a connection.";

test.describe.configure({ timeout: 180_000 });
// The one spec with the service worker (playwright.config.ts blocks it everywhere else), in the
// full browser: the headless shell of the other specs has no notion of installing a site.
test.use({ serviceWorkers: "allow", launchOptions: fullChromiumLaunchOptions });

const servers: BuiltServer[] = [];
const dataDirs: string[] = [];

test.afterEach(async () => {
  for (const server of servers.splice(0)) await stopBuiltServer(server);
  for (const dataDir of dataDirs.splice(0)) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new data folder, removed after the test. */
function newDataDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-offline-"));
  dataDirs.push(dataDir);
  return dataDir;
}

/**
 * A server of the given build (this run's by default) on the embedded database of `dataDir` (by
 * default a new folder with a copy of the shared server's database), stopped after the test.
 */
async function startServer(
  port: number,
  { buildDir = BUILD_DIR, env = {} as NodeJS.ProcessEnv, dataDir = "" } = {},
) {
  if (!dataDir) {
    dataDir = newDataDir();
    await copySharedDatabase(dataDir);
  }
  const server = { ...(await startBuiltServer({ dataDir, port, buildDir, env })), dataDir };
  servers.push(server);
  return server;
}

/** Stops a server before the test ends; its data folder stays until then. */
async function stopServer(server: BuiltServer) {
  const index = servers.indexOf(server);
  if (index >= 0) servers.splice(index, 1);
  await stopBuiltServer(server);
}

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const analysisWorkers = (page: Page) =>
  page.workers().filter((worker) => worker.url().includes("analysis.worker"));

/** The version the build stamped into its service worker (scripts/precompress.ts). */
function serviceWorkerVersion(buildDir: string) {
  const source = fs.readFileSync(path.join(buildDir, "client", "sw.js"), "utf8");
  return /"version":"([^"]+)"/.exec(source)![1]!;
}

test("the site is installable; after one visit the Features page loads and analyses a photo with the network off; the next deploy replaces the service worker and its caches", async ({
  page,
  context,
  request,
}) => {
  const port = await freePort();
  const server = await startServer(port);
  await gotoHydrated(page, `${server.origin}/features`);
  await expect(page.getByText(READY)).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  await expectNoA11yViolations(page, "ready to work offline");
  // A first visit runs no model until the visitor shows intent (the files are only saved).
  expect(analysisWorkers(page)).toHaveLength(0);

  // Installable: manifest, icons and a service worker that controls the page.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");

  const manifest = (await (await request.get(`${server.origin}/site.webmanifest`)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "PawPal", display: "standalone", start_url: "/" });
  for (const size of [192, 512])
    for (const purpose of ["any", "maskable"]) {
      const icon = manifest.icons.find(
        (entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose,
      );
      expect(icon, `${size} px ${purpose} icon`).toBeTruthy();
      const png = await (await request.get(`${server.origin}${icon!.src}`)).body();
      // PNG: width and height are the big-endian words at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }

  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  // Chromium's own verdict on installability; test browsers are incognito, which it names too.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(["in-incognito"]);

  // No network at all: the browser is offline and the server is gone.
  await stopServer(server);
  await context.setOffline(true);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Everything Your Pet Needs, From One Photo",
  );
  // Its files kept, the page readies the analysis while idle, before any photo or hover.
  await expect.poll(() => analysisWorkers(page).length, { timeout: 30_000 }).toBe(1);

  const { uploadInput, result } = demo(page);
  await uploadInput.setInputFiles(testPhotos.byName["dog-porch-bicycle"]);
  await expect(result).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  await expect(result.getByTestId("species")).toHaveText("Dog");

  // Back online, the next deploy at the same address: the same site, built again, so its
  // service worker carries a new version.
  const current = serviceWorkerVersion(BUILD_DIR);
  const cacheNames = () => page.evaluate(() => caches.keys());
  expect(await cacheNames()).toEqual([`pawpal-${current}`]);
  await context.setOffline(false);
  const nextBuild = `${BUILD_DIR}-next-deploy-${test.info().parallelIndex}`;
  fs.rmSync(nextBuild, { recursive: true, force: true });
  fs.cpSync(BUILD_DIR, nextBuild, { recursive: true });
  try {
    const worker = path.join(nextBuild, "client", "sw.js");
    fs.writeFileSync(
      worker,
      fs.readFileSync(worker, "utf8").replace(`"version":"${current}"`, '"version":"next"'),
    );
    // On the data of the one before, as a deploy goes.
    const next = await startServer(port, { buildDir: nextBuild, dataDir: server.dataDir });
    await gotoHydrated(page, `${next.origin}/`);
    await expect.poll(cacheNames, { timeout: 30_000 }).toEqual(["pawpal-next"]);
    const cachedHome = await page.evaluate(async () => (await caches.match("/")) !== undefined);
    expect(cachedHome).toBe(true);
  } finally {
    for (const running of servers.splice(0)) await stopBuiltServer(running);
    fs.rmSync(nextBuild, { recursive: true, force: true });
  }
});

test("BASE_URL set when the server starts reaches prerendered pages, their data, robots and sitemap", async ({
  request,
}) => {
  const base = "https://pets.example.org";
  const built = fs.readFileSync(path.join(BUILD_DIR, "client", "about", "index.html"), "utf8");
  expect(built).not.toContain(base);
  const server = await startServer(await freePort(), { env: { BASE_URL: base } });

  for (const [page, url] of [
    ["/", `${base}/`],
    ["/about", `${base}/about`],
    ["/pricing", `${base}/pricing`],
  ] as const) {
    const html = await (await request.get(`${server.origin}${page}`)).text();
    expect(html, page).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html, page).toContain(`<meta property="og:url" content="${url}"/>`);
  }
  expect(await (await request.get(`${server.origin}/about.data`)).text()).toContain(base);
  expect(await (await request.get(`${server.origin}/robots.txt`)).text()).toContain(`${base}/sitemap.xml`);
  expect(await (await request.get(`${server.origin}/sitemap.xml`)).text()).toContain(
    `<loc>${base}/about</loc>`,
  );
});
