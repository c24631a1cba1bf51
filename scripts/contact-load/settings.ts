/** The settings of scripts/load-contact.ts, from the environment (its header lists them). */
export const TOTAL = Number(process.env.LOAD_REQUESTS) || 3000;
export const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY) || 50;
export const SIGTERM_AT = Number(process.env.LOAD_SIGTERM_AT) || 0.6;
export const BUILD_DIR = process.env.BUILD_DIR || "build";
