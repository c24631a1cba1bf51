import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader } from "~/routes/resources/nearby";
import empty from "../../../tests/fixtures/overpass/empty.json";
import london from "../../../tests/fixtures/overpass/london.json";
import runtimeError from "../../../tests/fixtures/overpass/runtime-error.json";
import { LOCATION_ERRORS } from "~/domain/nearby";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { NEARBY_MESSAGES, NEARBY_RATE_LIMIT, resetNearbyState } from "./nearby.server";

/** A fake Overpass on 127.0.0.1: records each request and answers as the test says. */
type Reply = { status: number; body: string } | "hang";
let received: { method?: string; userAgent?: string; contentType?: string; query: string }[] = [];
let reply: (query: string) => Reply;
const json = (body: unknown, status = 200): Reply => ({ status, body: JSON.stringify(body) });

const overpass = http.createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const query = new URLSearchParams(body).get("data") ?? "";
  received.push({
    method: req.method,
    userAgent: req.headers["user-agent"],
    contentType: req.headers["content-type"],
    query,
  });
  const answer = reply(query);
  if (answer === "hang") return; // never answers: the loader's deadline has to end it
  res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
});

let overpassUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => overpass.listen(0, "127.0.0.1", resolve));
  overpassUrl = `http://127.0.0.1:${(overpass.address() as AddressInfo).port}/api/interpreter`;
  vi.stubEnv("OVERPASS_URL", overpassUrl);
  // Vitest sets BASE_URL to Vite's "/"; the User-Agent names the public site.
  vi.stubEnv("BASE_URL", "https://pawpal.example");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  overpass.closeAllConnections();
  await new Promise((resolve) => overpass.close(resolve));
});
beforeEach(async () => {
  resetNearbyState();
  await resetRateLimits();
  received = [];
  reply = () => json(london);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let clients = 0;
/** GET /api/nearby through the route's loader, from a fresh client address unless given one. */
async function get(query: string, clientIp = `10.1.0.${++clients}`) {
  const response = await loader({
    request: new Request(`http://localhost/api/nearby?${query}`),
    params: {},
    context: { clientIp, cspNonce: "" },
  } as Parameters<typeof loader>[0]);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const TRAFALGAR = "lat=51.50735&lon=-0.12776";

describe("GET /api/nearby", () => {
  it("answers the places Overpass found, nearest to the rounded point first", async () => {
    const { status, headers, body } = await get(TRAFALGAR);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.radiusKm).toBe(5);
    expect(body.places.map((place: { name: string }) => place.name)).toEqual([
      "Strand Veterinary Clinic",
      "Covent Garden Pet Supplies",
      "Soho Dog Grooming",
      "Pets Corner",
      "Thames Animal Rescue",
    ]);
    expect(body.places[0]).toEqual({
      id: "node/1001",
      kind: "veterinary",
      name: "Strand Veterinary Clinic",
      lat: 51.5098,
      lon: -0.124,
      address: "12 Strand, London, WC2N 5HR",
      openingHours: "Mo-Fr 08:00-19:00; Sa 09:00-13:00",
      phone: "+44 20 7946 0101",
      emergency: false,
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: "POST",
      contentType: expect.stringContaining("form-urlencoded"),
    });
    expect(received[0]!.userAgent).toBe("PawPal/1.0 (nearby pet services; https://pawpal.example)");
  });

  it("rounds the location before asking Overpass and answering", async () => {
    const { body } = await get(TRAFALGAR);
    expect(body.searchedFrom).toEqual({ lat: 51.51, lon: -0.13 });
    expect(received[0]!.query).toContain("(around:5000,51.51,-0.13)");
    expect(received[0]!.query).toContain("[timeout:8]");
    expect(received[0]!.query).not.toMatch(/51\.507|-0\.127/);
    expect(JSON.stringify(body)).not.toMatch(/51\.50735|-0\.12776/);
  });

  it("answers the same rounded area from its cache", async () => {
    const first = await get(TRAFALGAR);
    const second = await get("lat=51.5141&lon=-0.1349");
    const third = await get(TRAFALGAR);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(received).toHaveLength(1);
    await get("lat=51.52&lon=-0.13");
    expect(received).toHaveLength(2);
  });

  it("widens the search once when few places are close", async () => {
    reply = (query) => json(query.includes("around:5000,") ? empty : london);
    const { status, body } = await get(TRAFALGAR);
    expect(status).toBe(200);
    expect(body.radiusKm).toBe(15);
    expect(body.places).toHaveLength(5);
    expect(received.map(({ query }) => query.match(/around:\d+/)?.[0])).toEqual([
      "around:5000",
      "around:15000",
    ]);
  });

  it("answers an empty list, never made-up places, when nothing is found", async () => {
    reply = () => json(empty);
    const { status, body } = await get(TRAFALGAR);
    expect(status).toBe(200);
    expect(body).toEqual({ places: [], radiusKm: 15, searchedFrom: { lat: 51.51, lon: -0.13 } });
  });

  it.each([
    ["", `${LOCATION_ERRORS.lat} ${LOCATION_ERRORS.lon}`],
    ["lat=abc&lon=0", LOCATION_ERRORS.lat],
    ["lat=91&lon=0", LOCATION_ERRORS.lat],
    ["lat=1e1&lon=0", LOCATION_ERRORS.lat],
    ["lat=0&lon=181", LOCATION_ERRORS.lon],
    ["lat=0", LOCATION_ERRORS.lon],
  ])("refuses ?%s with 400 and a message, without asking Overpass", async (query, error) => {
    const { status, headers, body } = await get(query);
    expect(status).toBe(400);
    expect(headers.get("content-type")).toContain("application/json");
    expect(body).toEqual({ error });
    expect(received).toHaveLength(0);
  });

  it.each([
    [500, 502, NEARBY_MESSAGES.failed],
    [400, 502, NEARBY_MESSAGES.failed],
    [429, 502, NEARBY_MESSAGES.busy],
    [504, 504, NEARBY_MESSAGES.timeout],
  ])("answers Overpass's %i with %i and a message", async (overpassStatus, status, error) => {
    reply = () => ({ status: overpassStatus, body: "<html>error</html>" });
    expect(await get(TRAFALGAR)).toMatchObject({ status, body: { error } });
  });

  it("answers 502 when Overpass sends something that is not its JSON", async () => {
    reply = () => ({ status: 200, body: "<?xml version='1.0'?><osm/>" });
    expect(await get(TRAFALGAR)).toMatchObject({ status: 502, body: { error: NEARBY_MESSAGES.failed } });
    reply = () => json({ hello: "world" });
    expect(await get("lat=1&lon=1")).toMatchObject({ status: 502, body: { error: NEARBY_MESSAGES.failed } });
  });

  it("answers 504 when Overpass reports its query timed out", async () => {
    reply = () => json(runtimeError);
    expect(await get(TRAFALGAR)).toMatchObject({ status: 504, body: { error: NEARBY_MESSAGES.timeout } });
  });

  it("answers 504 when Overpass does not answer in time", async () => {
    // The real deadline is 8 s; the test shortens it rather than waiting.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    vi.spyOn(AbortSignal, "timeout").mockImplementation(() => timeout(200));
    reply = () => "hang";
    const started = Date.now();
    expect(await get(TRAFALGAR)).toMatchObject({ status: 504, body: { error: NEARBY_MESSAGES.timeout } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(AbortSignal.timeout).toHaveBeenCalledWith(8000);
  });

  it("answers 502 when Overpass cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    vi.stubEnv("OVERPASS_URL", `http://127.0.0.1:${port}/api/interpreter`);
    try {
      expect(await get(TRAFALGAR)).toMatchObject({ status: 502, body: { error: NEARBY_MESSAGES.failed } });
    } finally {
      vi.stubEnv("OVERPASS_URL", overpassUrl);
    }
  });

  it("does not remember failures: the next search asks again", async () => {
    reply = () => ({ status: 500, body: "" });
    expect((await get(TRAFALGAR)).status).toBe(502);
    reply = () => json(london);
    expect((await get(TRAFALGAR)).status).toBe(200);
    expect(received).toHaveLength(2);
  });

  it("limits searches per client address with 429 and when to retry", async () => {
    for (let search = 0; search < NEARBY_RATE_LIMIT.limit; search++) {
      expect((await get(TRAFALGAR, "10.2.0.1")).status).toBe(200);
    }
    const { status, headers, body } = await get(TRAFALGAR, "10.2.0.1");
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe(String(NEARBY_RATE_LIMIT.windowSeconds));
    expect(body).toEqual({
      error: "Too many searches from your connection. Please try again in 10 minutes.",
    });
    expect((await get(TRAFALGAR, "10.2.0.2")).status).toBe(200);
    expect(received).toHaveLength(1);
  });
});
