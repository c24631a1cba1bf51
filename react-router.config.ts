import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/content/site";

export default {
  ssr: true,
  // Marketing pages are static: render them once at build time so they are
  // readable before any JavaScript runs and cost the server nothing.
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
