import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "host/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
    ],
    environment: "happy-dom",
    setupFiles: ["./tests/setup-unit.ts"],
    // A test file's first database (PGlite, migrated) takes seconds on a busy machine.
    hookTimeout: 60_000,
  },
});
