import fs from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/*
 * What the service worker (public/sw.js) answers for a build file with the network gone, run in
 * a context that plays the browser's part. offline.spec.ts proves the whole offline visit in
 * Chromium; this is the case it cannot reach: a page's rest of the style sheet
 * (host/first-paint.ts) that was never fetched online.
 */

const ORIGIN = "https://pawpal.example";
const SHEET = `${ORIGIN}/assets/root-abc.css`;

/** The worker with `cached` in its cache (URL → body) and no network; answers a GET of `url`. */
async function offlineFetch(url: string, cached: Record<string, string>) {
  const handlers = new Map<string, (event: unknown) => void>();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  const caches = {
    match: async (request: Request | string) => {
      const body = cached[typeof request === "string" ? request : request.url];
      return body === undefined ? undefined : new Response(body);
    },
  };
  const fetch = async () => {
    throw new TypeError("Failed to fetch");
  };
  vm.runInNewContext(fs.readFileSync("public/sw.js", "utf8"), { self, URL, caches, fetch });
  let answer: Promise<Response> | undefined;
  handlers.get("fetch")!({
    request: new Request(url),
    respondWith: (promise: Promise<Response>) => (answer = promise),
  });
  return (await answer!).text();
}

describe("the service worker offline, for a build file", () => {
  it("answers a page's rest of the style sheet it kept", async () => {
    const rest = `${SHEET}?rest=0123456789abcdef`;
    expect(await offlineFetch(rest, { [rest]: ".toast{}", [SHEET]: "whole" })).toBe(".toast{}");
  });

  it("answers a rest it never kept with the whole sheet, which holds every rule of it", async () => {
    expect(await offlineFetch(`${SHEET}?rest=0123456789abcdef`, { [SHEET]: "whole" })).toBe("whole");
  });

  it("fails a file it never kept, as the network did", async () => {
    await expect(offlineFetch(`${ORIGIN}/assets/other.js`, { [SHEET]: "whole" })).rejects.toThrow(
      "Failed to fetch",
    );
    await expect(offlineFetch(`${SHEET}?rest=0123456789abcdef`, {})).rejects.toThrow("Failed to fetch");
  });
});
