import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/site";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (e.g. two test runs) use separate folders.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Marketing pages are static: render them once at build time so they are
  // readable before any JavaScript runs and cost the server nothing.
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
