import fs from "node:fs";

/**
 * Debian's Chromium, as the browser tests and benchmarks launch it: Playwright's own browser
 * download is not available on our machines, and without the background-networking flags
 * Chromium keeps trying to reach Google's hosts, which this network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), the same
 * engine without the browser around it, which costs about a third less CPU per test
 * (docs/decisions/011-test-suite-shape.md). The full browser where it is not installed, and for
 * what only the full browser does (installability, in offline.spec.ts).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser tests' flags: the compositor runs in the browser process instead of a GPU process
 * of its own (with --disable-gpu it only composites in software), which took 12 % off Chromium's
 * and the tests' CPU in two alternating pairs of runs of 83 tests (docs/decisions/011).
 * bench:web and bench:analysis keep Chromium's default, so their numbers stay comparable with earlier runs.
 */
const TEST_FLAGS = [...CHROMIUM_FLAGS, "--in-process-gpu"];

/** Playwright's launch options for the browser tests. */
export const chromiumLaunchOptions = { executablePath: TEST_CHROMIUM_PATH, args: TEST_FLAGS };

/**
 * Playwright's launch options for the full browser, with the tests' flags: the specs that need it
 * (installability, push) and bench:consult, which times calls, not the browser's rendering.
 */
export const fullChromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: TEST_FLAGS };
