import { data } from "react-router";

/** Limits per client address; a fixed window is enough to stop guessing and flooding. */
export const RATE_LIMITS = {
  contact: { limit: 10, windowSeconds: 10 * 60 },
  login: { limit: 10, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  // Each uncached search costs the shared, volunteer-run Overpass service.
  nearby: { limit: 20, windowSeconds: 10 * 60 },
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

type Window = { count: number; resetsAt: number };
const windows = new Map<string, Window>();
const MAX_TRACKED = 50_000;

/**
 * Counts one attempt for (bucket, client) and answers whether it is allowed. In memory:
 * with several server processes, put a shared store (the database) behind this function.
 */
export function consumeRateLimit(bucket: RateLimitBucket, clientKey: string, now = Date.now()) {
  const { limit, windowSeconds } = RATE_LIMITS[bucket];
  const key = `${bucket}:${clientKey}`;
  let window = windows.get(key);
  if (!window || window.resetsAt <= now) {
    if (windows.size >= MAX_TRACKED) pruneExpired(now);
    window = { count: 0, resetsAt: now + windowSeconds * 1000 };
    windows.set(key, window);
  }
  window.count += 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((window.resetsAt - now) / 1000));
  return window.count <= limit ? { ok: true as const } : { ok: false as const, retryAfterSeconds };
}

/** Throws a 429 answer (with Retry-After and a message saying when to retry) once the limit is used up. */
export function enforceRateLimit(bucket: RateLimitBucket, clientKey: string) {
  const result = consumeRateLimit(bucket, clientKey);
  if (result.ok) return;
  throw data(
    { formError: `Too many attempts. Please try again in ${describeWait(result.retryAfterSeconds)}.` },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}

export function describeWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

function pruneExpired(now: number) {
  for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
}

/** For tests: forget every window. */
export function resetRateLimits() {
  windows.clear();
}
