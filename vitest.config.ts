import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "host/**/*.test.ts",
  "tests/support/**/*.test.ts",
  "tests/architecture/**/*.test.ts",
];

const SERVER_IMPORT = /from "(~\/backend\/|\.\.?\/[^"]*\.server")/;

/** Imports server code itself, or through a module of tests/support that does (route-requests.ts signs up). */
function reachesServerCode(source: string): boolean {
  if (SERVER_IMPORT.test(source)) return true;
  return [...source.matchAll(/from "(?:\.\.\/)+tests\/support\/([\w-]+)"/g)].some(([, name]) =>
    SERVER_IMPORT.test(fs.readFileSync(`tests/support/${name}.ts`, "utf8")),
  );
}

/**
 * With TEST_DATABASE_URL (`npm run test:postgres`), only the test files that reach server code
 * run, each on a database of its own on that PostgreSQL server: the same integration tests prove
 * the code on both databases. Files about PGlite itself (its folder lock, backups, the operator
 * scripts on the embedded database) stay in the PGlite run.
 */
function databaseTestFiles(): string[] {
  return testFilesOnDisk().filter((file) => {
    const source = fs.readFileSync(file, "utf8");
    return reachesServerCode(source) && !/drizzle-orm\/pglite|pglite-folder/.test(source);
  });
}

/** Every test file under app, host and tests/support, by its path. */
function testFilesOnDisk(): string[] {
  return ["app", "host", "tests/support"]
    .flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
    )
    .filter((file) => /\.test\.tsx?$/.test(file));
}

const testFiles = process.env.TEST_DATABASE_URL ? databaseTestFiles() : TEST_FILES;

/**
 * Test files that open a data folder as the server does (pglite-folder.server.ts sets the
 * process's umask for its operator socket, which a worker thread may not): they run in child
 * processes, every other file in worker threads, which start in a fraction of the time.
 */
const PROCESS_TEST_FILES = testFilesOnDisk().filter(
  (file) => file.endsWith(".ts") && /\bopenFolder\(/.test(fs.readFileSync(file, "utf8")),
);

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    setupFiles: ["./tests/setup-unit.ts"],
    // The migrated embedded database, made once for every test file to start from.
    globalSetup: ["./tests/support/test-database-template.ts"],
    // A test file's first database (PGlite, migrated) takes seconds on a busy machine, and
    // `npm test` runs these tests beside the production build.
    hookTimeout: 60_000,
    testTimeout: 20_000,
    // Vitest takes one worker less than the machine's cores: on two cores, one, and half the
    // machine idle while tests wait on the processes and databases they start.
    maxWorkers: 2,
    pool: "threads",
    // Dependencies pre-bundled once (esbuild), not imported file by file in every test file:
    // imports took a third of the suite's time.
    deps: { optimizer: { ssr: { enabled: true } } },
    // Components (*.test.tsx) render into a DOM; everything else runs in plain Node, without
    // paying for a DOM and the testing library in each of its files.
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: testFiles.map((glob) => glob.replace(/\.test\.\{ts,tsx\}$/, ".test.ts")),
          exclude: ["**/*.test.tsx", "**/node_modules/**", ...PROCESS_TEST_FILES],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "node (own process)",
          include: process.env.TEST_DATABASE_URL
            ? PROCESS_TEST_FILES.filter((file) => testFiles.includes(file))
            : PROCESS_TEST_FILES,
          environment: "node",
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: testFiles.map((glob) => glob.replace(/\.test\.\{ts,tsx\}$/, ".test.tsx")),
          exclude: ["**/*.test.ts", "**/node_modules/**"],
          environment: "happy-dom",
          setupFiles: ["./tests/setup-dom.ts"],
        },
      },
    ],
  },
});
