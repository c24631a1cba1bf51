import { afterAll, vi } from "vitest";

// A file that opened a test database closes it (tests/support/test-database.ts registers the
// closer): on a PostgreSQL server, connections left open would add up file after file. The
// sign-in instance made on it goes too: the next file makes its own on its own database.
afterAll(async () => {
  delete (globalThis as { __pawpalAuth?: unknown }).__pawpalAuth;
  await (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[
    Symbol.for("pawpal.closeTestDatabase")
  ]?.();
});

// Test files that share one module graph (vitest.config.ts) also share the process: what a file
// changed of its environment variables, globals and clock is put back before the next one.
const environmentAtStart = { ...process.env };
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
});

// Server code under test talks to a PostgreSQL of its own (tests/support/test-database.ts), never to ./data.
vi.mock("~/backend/db/client.server", async (importOriginal) => {
  const { testDatabase, testListen } = await import("./support/test-database");
  return {
    ...(await importOriginal<typeof import("~/backend/db/client.server")>()),
    getDb: testDatabase,
    listenToDatabase: testListen,
  };
});
