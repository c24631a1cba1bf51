import { beforeEach, describe, expect, it } from "vitest";
import {
  consumeRateLimit,
  describeWait,
  RATE_LIMITS,
  resetRateLimits,
} from "./rate-limit.server";

describe("rate limits", () => {
  beforeEach(() => resetRateLimits());

  it("allows the limit, then refuses with the time left, then allows again after the window", () => {
    const { limit, windowSeconds } = RATE_LIMITS.passwordReset;
    const start = 1_000_000;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect(consumeRateLimit("passwordReset", "1.2.3.4", start).ok).toBe(true);
    }
    expect(consumeRateLimit("passwordReset", "1.2.3.4", start + 1000)).toEqual({
      ok: false,
      retryAfterSeconds: windowSeconds - 1,
    });
    expect(consumeRateLimit("passwordReset", "5.6.7.8", start + 1000).ok).toBe(true);
    expect(consumeRateLimit("passwordReset", "1.2.3.4", start + windowSeconds * 1000).ok).toBe(true);
  });

  it("keeps buckets apart", () => {
    for (let attempt = 0; attempt < RATE_LIMITS.login.limit; attempt++) consumeRateLimit("login", "ip");
    expect(consumeRateLimit("login", "ip").ok).toBe(false);
    expect(consumeRateLimit("signup", "ip").ok).toBe(true);
  });

  it("words the wait", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(61)).toBe("2 minutes");
    expect(describeWait(60)).toBe("1 minute");
  });
});
