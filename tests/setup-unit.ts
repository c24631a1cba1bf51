import { afterAll, vi } from "vitest";

// A file that opened a test database closes it (tests/support/test-database.ts registers the
// closer): on a PostgreSQL server, connections left open would add up file after file.
afterAll(() =>
  (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[
    Symbol.for("pawpal.closeTestDatabase")
  ]?.(),
);

// Server code under test talks to a PostgreSQL of its own (tests/support/test-database.ts), never to ./data.
vi.mock("~/backend/db/client.server", async (importOriginal) => {
  const { testDatabase, testListen } = await import("./support/test-database");
  return {
    ...(await importOriginal<typeof import("~/backend/db/client.server")>()),
    getDb: testDatabase,
    listenToDatabase: testListen,
  };
});
