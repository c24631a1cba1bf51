import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_STRIPE_WEBHOOK_SECRET } from "./tests/e2e/staff";
import { chromiumLaunchOptions } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT) || 4173;

// A fresh database and outbox for every run; workers inherit it to read the outbox.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-e2e-"));
// The fake Overpass API of tests/e2e/global-setup.ts, beside the server's port so parallel runs do not collide.
process.env.OVERPASS_FIXTURE_PORT ??= String(PORT + 7);
// The fake Stripe API of tests/e2e/global-setup.ts (tests/support/fake-stripe.ts) and its webhook secret.
process.env.STRIPE_FIXTURE_PORT ??= String(PORT + 8);
process.env.E2E_WEBHOOK_URL ??= `http://127.0.0.1:${PORT}/api/billing/webhook`;

/** Debian's Chromium (tests/support/chromium.ts). */
const chromium = chromiumLaunchOptions;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // No trace by default: recording one for every test (to keep the failures') costs Chromium
    // a third more CPU, and a failure's error context (its page's accessibility tree) is written
    // anyway. `npx playwright test --trace on` records them.
    trace: "off",
    // No service worker but in offline.spec.ts: every page registers it once idle, and each new
    // context would download the 121 files it keeps (the analysis models among them).
    serviceWorkers: "block",
    reducedMotion: "reduce",
  },
  // Every test runs at 1280 px; the ones tagged @phone (every page's fit, menu and forms in
  // viewports.spec.ts, and behaviour that differs on a phone) run at 390 px too.
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      grep: /@phone/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  // The server every spec shares: the production build, as `npm start` serves it (the test script
  // builds first), on the embedded database; global-setup.ts creates its staff account. The
  // PostgreSQL run's specs (`npm run test:postgres`) start servers of their own on that database
  // (tests/support/two-servers.ts), so it starts none.
  webServer: process.env.E2E_DATABASE_URL
    ? undefined
    : {
        command: `node ${process.env.BUILD_DIR || "build"}/start.js`,
        env: {
          PORT: String(PORT),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          DATA_DIR: process.env.E2E_DATA_DIR,
          // Each test poses as its own client (X-Forwarded-For, see tests/e2e/support.ts).
          TRUST_PROXY: "loopback",
          // Nearby services ask the fake Overpass (recorded answers), never the real one.
          OVERPASS_URL: `http://127.0.0.1:${process.env.OVERPASS_FIXTURE_PORT}/api/interpreter`,
          NOMINATIM_URL: `http://127.0.0.1:${process.env.OVERPASS_FIXTURE_PORT}/search`,
          // Payments through the fake Stripe (Checkout and the portal are its pages), never the real one.
          STRIPE_SECRET_KEY: "sk_test_pawpal_e2e",
          STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: `http://127.0.0.1:${process.env.STRIPE_FIXTURE_PORT}`,
          // A consultation booked now (at least 15 minutes ahead) can be joined at once.
          ROOM_OPENS_MINUTES: "60",
        },
        url: `http://127.0.0.1:${PORT}/healthz`,
        reuseExistingServer: false,
        timeout: 120_000,
      },
});
