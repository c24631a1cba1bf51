import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => cleanup());

// Server code under test talks to an in-memory PostgreSQL of its own, never to ./data.
vi.mock("~/backend/db/client.server", async (importOriginal) => {
  const { testDatabase } = await import("./support/test-database");
  return { ...(await importOriginal<typeof import("~/backend/db/client.server")>()), getDb: testDatabase };
});
