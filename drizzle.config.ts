import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes a new SQL migration into drizzle/ after a schema change. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/backend/db/schema.server.ts",
  out: "./drizzle",
});
