import { consumeRateLimit } from "~/backend/rate-limit.server";
import type { NamedPlace } from "~/domain/nearby";
import { siteBaseUrl } from "~/utils/seo";
import { buildNominatimUrl, parseNominatimResponse } from "./nominatim.server";
import { TtlCache } from "./ttl-cache.server";
import { OutboundTimeoutError, outboundRequest } from "~/backend/net/outbound.server";

export const DEFAULT_NOMINATIM_URL = "https://nominatim.openstreetmap.org/search";

/**
 * Nominatim's usage policy (operations.osmfoundation.org/policies/nominatim): at most one
 * request a second from the whole application, a User-Agent that names it, results cached.
 */
export const GEOCODE_LIMITS = {
  /** Between two requests to Nominatim, from every process of this site together. */
  gapMs: 1000,
  /** A search waits this long at most for its turn; past that the page says "busy". */
  maxWaitMs: 3000,
  /** One request's deadline. */
  timeoutMs: 5000,
} as const;

export const GEOCODE_MESSAGES = {
  notFound: (text: string) =>
    `We could not find “${text}” on OpenStreetMap. Check the spelling, or try a nearby town or a full postcode.`,
  busy: "Many people are searching for places right now. Please try again in a minute.",
  failed: "OpenStreetMap's place search is not answering just now. Please try again in a few minutes.",
  timeout: "OpenStreetMap's place search took too long to answer. Please try again in a minute.",
} as const;

/** A search that could not be answered: the status for the API, and the sentence to show. */
export class GeocodeFailure extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
    message: string,
  ) {
    super(message);
  }
}

type Claim = () => Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spaces requests at least `gapMs` apart. In this process each caller reserves the next free
 * moment at once (no two callers get the same one); `claim` then checks the moment with every
 * other process (a shared rate-limit window of one request), and a moment another process took
 * is tried again after its window. A caller whose turn would come after `maxWaitMs` is refused
 * at once with a "busy" failure, rather than kept waiting in an emergency.
 */
export class Throttle {
  private next = 0;

  constructor(
    private readonly gapMs: number,
    private readonly maxWaitMs: number,
    private readonly claim: Claim,
    private readonly clock: Clock = realClock,
  ) {}

  async take() {
    const deadline = this.clock.now() + this.maxWaitMs;
    for (;;) {
      const now = this.clock.now();
      const at = Math.max(now, this.next);
      if (at > deadline) throw new GeocodeFailure(503, GEOCODE_MESSAGES.busy);
      this.next = at + this.gapMs;
      if (at > now) await this.clock.sleep(at - now);
      const claimed = await this.claim();
      if (claimed.ok) return;
      this.next = Math.max(this.next, this.clock.now() + claimed.retryAfterSeconds * 1000);
    }
  }

  reset() {
    this.next = 0;
  }
}

/** Overall, not per client: one shared window of one request ("nominatim:all"). */
const throttle = new Throttle(GEOCODE_LIMITS.gapMs, GEOCODE_LIMITS.maxWaitMs, () =>
  consumeRateLimit("nominatim", "all"),
);

/** Places do not move: the same words give the same place for a week, "not found" included. */
const cache = new TtlCache<Promise<NamedPlace | null>>(1000, 7 * 24 * 60 * 60 * 1000);

/**
 * The place a visitor typed (a town, a place, a postal code), or null when OpenStreetMap knows
 * none by that name. The cache holds the promise, so simultaneous searches for the same words
 * ask Nominatim once; a failure is not remembered.
 */
export function geocode(text: string): Promise<NamedPlace | null> {
  const words = text.replace(/\s+/g, " ").trim();
  const key = words.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const search = askNominatim(words);
  cache.set(key, search);
  search.catch(() => cache.delete(key));
  return search;
}

/** The most of a Nominatim answer read: one place is a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

async function askNominatim(words: string) {
  await throttle.take();
  let body: unknown;
  try {
    const response = await outboundRequest(
      buildNominatimUrl(process.env.NOMINATIM_URL || DEFAULT_NOMINATIM_URL, words),
      {
        headers: {
          // The usage policy asks for a User-Agent that identifies the application.
          "User-Agent": `PawPal/1.0 (emergency vets near a place; ${siteBaseUrl()})`,
          Accept: "application/json",
          "Accept-Language": "en",
        },
        signal: AbortSignal.timeout(GEOCODE_LIMITS.timeoutMs),
        maxBytes: MAX_ANSWER_BYTES,
      },
    );
    if (response.status < 200 || response.status > 299) {
      throw logged(
        response.status === 429
          ? new GeocodeFailure(502, GEOCODE_MESSAGES.busy)
          : response.status === 504
            ? new GeocodeFailure(504, GEOCODE_MESSAGES.timeout)
            : new GeocodeFailure(502, GEOCODE_MESSAGES.failed),
        `status ${response.status}`,
      );
    }
    body = JSON.parse(response.body.toString("utf8"));
  } catch (error) {
    if (error instanceof GeocodeFailure) throw error;
    if (error instanceof OutboundTimeoutError)
      throw logged(new GeocodeFailure(504, GEOCODE_MESSAGES.timeout), "timed out");
    throw logged(new GeocodeFailure(502, GEOCODE_MESSAGES.failed), String(error));
  }
  try {
    return parseNominatimResponse(body, words);
  } catch (error) {
    throw logged(new GeocodeFailure(502, GEOCODE_MESSAGES.failed), String(error));
  }
}

/** Operators see why Nominatim failed; visitors see only the failure's message. */
function logged(failure: GeocodeFailure, reason: string) {
  console.warn(`Place search: Nominatim failed (${reason}); answering ${failure.status}.`);
  return failure;
}

/** For tests: forget cached places and the throttle's next free moment. */
export function resetGeocodeState() {
  cache.clear();
  throttle.reset();
}
