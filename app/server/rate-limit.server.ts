/** Limits per client address; a fixed window is enough to stop guessing and flooding. */
export const RATE_LIMITS = {
  contact: { limit: 10, windowSeconds: 10 * 60 },
  login: { limit: 10, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  // Per address asked for, whoever asks: no flood of reset mails to one inbox.
  passwordResetEmail: { limit: 3, windowSeconds: 60 * 60 },
  // Each uncached search costs the shared, volunteer-run Overpass service.
  nearby: { limit: 20, windowSeconds: 10 * 60 },
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

type Window = { count: number; resetsAt: number };
const windows = new Map<string, Window>();
const MAX_TRACKED = 50_000;

/**
 * Counts one attempt for (bucket, client) and answers whether it is allowed, or how long to
 * wait. The one rate-limit API: forms go through parseSubmission (forms.server.ts), the JSON
 * routes call it directly. In memory: with several server processes, put a shared store (the
 * database) behind this function.
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

/** "45 seconds", "2 minutes": the wait a 429 answer names. */
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
