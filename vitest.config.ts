import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "host/**/*.test.ts",
  "tests/support/**/*.test.ts",
  "tests/architecture/**/*.test.ts",
];

/** The module every database access goes through (getDb): code that cannot reach it never touches one. */
const DATABASE_MODULE = path.resolve("app/backend/db/client.server.ts");
const IMPORT = /(?:from|import\()\s*"([^"]+)"/g;
const importsOf = new Map<string, string[]>();

/** The files of this repository that `file` imports (~/… and relative paths; packages are left out). */
function localImports(file: string): string[] {
  let found = importsOf.get(file);
  if (found === undefined) {
    found = [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap(([, specifier]) => {
      const base = specifier!.startsWith("~/")
        ? path.resolve("app", specifier!.slice(2))
        : specifier!.startsWith(".")
          ? path.resolve(path.dirname(file), specifier!)
          : undefined;
      if (base === undefined) return [];
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      return target ? [target] : [];
    });
    importsOf.set(file, found);
  }
  return found;
}

/** Whether `file`'s imports, followed through the repository's modules, reach the database's module. */
function reachesDatabase(file: string): boolean {
  const seen = new Set([path.resolve(file)]);
  for (const current of seen) {
    for (const imported of localImports(current)) {
      if (imported === DATABASE_MODULE) return true;
      seen.add(imported);
    }
  }
  return false;
}

/**
 * With TEST_DATABASE_URL (`npm run test:postgres`), only the test files whose code reaches the
 * database run, each on a database of its own on that PostgreSQL server: the same integration
 * tests prove the code on both databases. Files about PGlite itself (its folder lock, backups,
 * the operator scripts on the embedded database) stay in the PGlite run.
 */
function databaseTestFiles(): string[] {
  return testFilesOnDisk().filter(
    (file) =>
      reachesDatabase(file) && !/drizzle-orm\/pglite|pglite-folder/.test(fs.readFileSync(file, "utf8")),
  );
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
