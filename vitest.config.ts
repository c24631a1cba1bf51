import fs from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/** The module every database access goes through (getDb): code that cannot reach it never touches one. */
const DATABASE_MODULE = path.resolve("app/backend/db/client.server.ts");
const IMPORT = /(?:from|import\()\s*"([^"]+)"/g;
const importsOf = new Map<string, string[]>();

/** The files of this repository that `file` imports (~/…, ~tests/… and relative paths; packages are left out). */
function localImports(file: string): string[] {
  let found = importsOf.get(file);
  if (found === undefined) {
    found = [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap(([, specifier]) => {
      const base = specifier!.startsWith("~/")
        ? path.resolve("app", specifier!.slice(2))
        : specifier!.startsWith("~tests/")
          ? path.resolve("tests", specifier!.slice(7))
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
  return testFilesIn(["app", "host", "tests/support"]).filter(
    (file) =>
      reachesDatabase(file) && !/drizzle-orm\/pglite|pglite-folder/.test(fs.readFileSync(file, "utf8")),
  );
}

/** Every test file under these folders, by its path. */
function testFilesIn(folders: string[]): string[] {
  return folders
    .flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
    )
    .filter((file) => /\.test\.tsx?$/.test(file));
}

const testFiles = process.env.TEST_DATABASE_URL
  ? databaseTestFiles()
  : testFilesIn(["app", "host", "scripts", "tests/support", "tests/architecture"]);
const contents = new Map<string, string>();
/** A test file's text, read once: the directives below look at it three times. */
const contentOf = (file: string) => {
  if (!contents.has(file)) contents.set(file, fs.readFileSync(file, "utf8"));
  return contents.get(file)!;
};

/*
 * How a test file runs is said by a directive on a line of its own, which the reader sees:
 *   // vitest: own process        in a child process of its own. For files that open a data
 *                                 folder as the server does (pglite-folder.server.ts sets the
 *                                 process's umask for its operator socket, which a worker thread may not).
 *   // vitest: own module graph   in a worker thread with a module graph of its own. For files
 *                                 that mock a module (a mock needs a graph of its own).
 * Every other file shares one module graph with the files before it in its worker instead of
 * importing every module again (the import took a third of their time). tests/setup-unit.ts puts
 * back what a file changed of the process: its environment variables, globals and clock, and the
 * sign-in instance that holds the file's database; the server's other caches follow their
 * configuration (the Stripe client and its prices, the VAPID keys, the SMTP transport). They also
 * pass one embedded database on, emptied after each file (`keepTestDatabase`,
 * tests/support/test-database.ts). A file that needs a directive and lacks it stops the run, naming it.
 */
const OWN_PROCESS = /^\/\/ vitest: own process$/m;
const OWN_GRAPH = /^\/\/ vitest: own module graph$/m;
for (const file of testFiles) {
  const text = contentOf(file);
  if (/\bopenFolder\(/.test(text) && !OWN_PROCESS.test(text))
    throw new Error(`${file} opens a data folder: add "// vitest: own process" at its top.`);
  if (/\bvi\.(?:do)?[mM]ock\(/.test(text) && !OWN_GRAPH.test(text) && !OWN_PROCESS.test(text))
    throw new Error(`${file} mocks a module: add "// vitest: own module graph" at its top.`);
}
const PROCESS_TEST_FILES = testFiles.filter((file) => OWN_PROCESS.test(contentOf(file)));
const SHARED_GRAPH_FILES = new Set(
  testFiles.filter((file) => !PROCESS_TEST_FILES.includes(file) && !OWN_GRAPH.test(contentOf(file))),
);

const component = (file: string) => file.endsWith(".tsx");
/** A project of the files that pass `select`, or none when no file does (the PostgreSQL run has no components). */
function project(
  select: (file: string) => boolean,
  test: NonNullable<TestProjectInlineConfiguration["test"]>,
): TestProjectInlineConfiguration[] {
  const include = testFiles.filter(select);
  return include.length === 0 ? [] : [{ extends: true, test: { ...test, include } }];
}

export default defineConfig({
  // Tests import their helpers as ~tests/support/… (tsconfig.json's paths say the same).
  resolve: {
    alias: {
      "~tests": new URL("./tests", import.meta.url).pathname,
      "~": new URL("./app", import.meta.url).pathname,
    },
  },
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
      ...project((file) => !component(file) && SHARED_GRAPH_FILES.has(file), {
        name: "node (shared modules)",
        environment: "node",
        isolate: false,
        provide: { keepTestDatabase: true },
      }),
      ...project(
        (file) => !component(file) && !SHARED_GRAPH_FILES.has(file) && !PROCESS_TEST_FILES.includes(file),
        { name: "node", environment: "node" },
      ),
      ...project((file) => PROCESS_TEST_FILES.includes(file), {
        name: "node (own process)",
        environment: "node",
        pool: "forks",
      }),
      ...project((file) => component(file) && SHARED_GRAPH_FILES.has(file), {
        name: "dom (shared modules)",
        environment: "happy-dom",
        setupFiles: ["./tests/setup-dom.ts"],
        isolate: false,
        provide: { keepTestDatabase: true },
      }),
      ...project((file) => component(file) && !SHARED_GRAPH_FILES.has(file), {
        name: "dom",
        environment: "happy-dom",
        setupFiles: ["./tests/setup-dom.ts"],
      }),
    ],
  },
});
