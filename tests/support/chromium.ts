/**
 * Debian's Chromium, as the browser tests and benchmarks launch it: Playwright's own browser
 * download is not available on our machines, and without the background-networking flags
 * Chromium keeps trying to reach Google's hosts, which this network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright's launch options for it. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
