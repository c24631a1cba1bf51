import { beforeEach, describe, expect, it } from "vitest";
import {
  consumeRateLimit,
  describeWait,
  RATE_LIMITS,
  resetRateLimits,
  tooManyRequests,
} from "./rate-limit.server";

// The windows live in the database (an in-memory PostgreSQL here, see tests/setup-unit.ts).
describe("rate limits", () => {
  beforeEach(() => resetRateLimits());

  it("allows the limit, then refuses with the time left, then allows again after the window", async () => {
    const { limit, windowSeconds } = RATE_LIMITS.passwordReset;
    const start = new Date("2027-01-01T10:00:00Z");
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await consumeRateLimit("passwordReset", "1.2.3.4", start)).ok).toBe(true);
    }
    expect(await consumeRateLimit("passwordReset", "1.2.3.4", later(1))).toEqual({
      ok: false,
      retryAfterSeconds: windowSeconds - 1,
    });
    expect((await consumeRateLimit("passwordReset", "5.6.7.8", later(1))).ok).toBe(true);
    expect((await consumeRateLimit("passwordReset", "1.2.3.4", later(windowSeconds))).ok).toBe(true);
  });

  it("keeps buckets apart", async () => {
    for (let attempt = 0; attempt < RATE_LIMITS.login.limit; attempt++) await consumeRateLimit("login", "ip");
    expect((await consumeRateLimit("login", "ip")).ok).toBe(false);
    expect((await consumeRateLimit("signup", "ip")).ok).toBe(true);
  });

  it("counts attempts made at the same moment exactly once each", async () => {
    const { limit } = RATE_LIMITS.contact;
    const verdicts = await Promise.all(
      Array.from({ length: limit + 5 }, () => consumeRateLimit("contact", "racer")),
    );
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(limit);
  });

  it("words the wait", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(61)).toBe("2 minutes");
    expect(describeWait(60)).toBe("1 minute");
  });
});

describe("tooManyRequests", () => {
  it("is a 429 with Retry-After and words saying when to try again", () => {
    expect(tooManyRequests(45)).toEqual({
      message: "Too many attempts. Please try again in 45 seconds.",
      init: { status: 429, headers: { "Retry-After": "45" } },
    });
  });

  it("names what there were too many of", () => {
    expect(tooManyRequests(600, "invitations").message).toBe(
      "Too many invitations. Please try again in 10 minutes.",
    );
  });
});
