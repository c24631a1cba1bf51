import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { closeTestDatabase } from "./support/test-database";

afterEach(() => cleanup());
afterAll(() => closeTestDatabase());

// Server code under test talks to a PostgreSQL of its own (tests/support/test-database.ts), never to ./data.
vi.mock("~/backend/db/client.server", async (importOriginal) => {
  const { testDatabase } = await import("./support/test-database");
  return { ...(await importOriginal<typeof import("~/backend/db/client.server")>()), getDb: testDatabase };
});
