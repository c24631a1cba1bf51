import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  configuredHosts,
  isInternalAddress,
  OutboundTimeoutError,
  OutboundTooLargeError,
  outboundRequest,
  RefusedDestinationError,
} from "./outbound.server";

/*
 * The guarded client every outbound request goes through: hosts the configuration names are
 * reached as configured (the local fakes), anything else only at public addresses; every answer
 * is bounded in time and size. A listener on loopback shows what actually got through.
 */

let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits += 1;
    if (request.url === "/slow") return void setTimeout(() => response.end("late"), 2_000);
    if (request.url === "/large") return void response.end("x".repeat(10_000));
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => response.end(JSON.stringify({ method: request.method, body })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("which addresses are internal", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "not an address",
  ])("%s is internal", (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(["142.250.74.138", "2a00:1450:4007:80f::200a", "::ffff:8.8.8.8"])("%s is public", (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );

  it("takes the configured hosts from the settings an operator writes, never from a request", () => {
    expect(
      [
        ...configuredHosts({
          PUSH_ALLOWED_ORIGINS: "https://127.0.0.1:8443, https://push.test",
          OVERPASS_URL: "http://[::1]:9000/api",
          SMTP_URL: "smtp://mail.internal:25",
          NOMINATIM_URL: "not a url",
        }),
      ].sort(),
    ).toEqual(["127.0.0.1", "::1", "mail.internal", "push.test"]);
  });
});

describe("an outbound request", () => {
  it("reaches a host the configuration names, even on loopback", async () => {
    vi.stubEnv("OVERPASS_URL", `http://127.0.0.1:${port}/api`);
    const answer = await outboundRequest(`http://127.0.0.1:${port}/api`, {
      method: "POST",
      body: new URLSearchParams({ data: "q" }),
      signal: AbortSignal.timeout(1_000),
      maxBytes: 1_000,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ method: "POST", body: "data=q" });
    vi.unstubAllEnvs();
  });

  it.each([
    ["a loopback address", (at: number) => `http://127.0.0.1:${at}/`],
    ["a name that resolves to loopback", (at: number) => `http://localhost:${at}/`],
    ["an IPv4 address written as IPv6", (at: number) => `http://[::ffff:127.0.0.1]:${at}/`],
    ["credentials in the address", (at: number) => `http://user:pw@127.0.0.1:${at}/`],
  ])("to %s that nobody configured is refused before connecting", async (_, url) => {
    const before = hits;
    await expect(
      outboundRequest(url(port), { signal: AbortSignal.timeout(1_000), maxBytes: 1_000 }),
    ).rejects.toBeInstanceOf(RefusedDestinationError);
    expect(hits).toBe(before);
  });

  it("gives up after its timeout, and refuses an answer over its size cap", async () => {
    vi.stubEnv("OVERPASS_URL", `http://127.0.0.1:${port}`);
    await expect(
      outboundRequest(`http://127.0.0.1:${port}/slow`, { signal: AbortSignal.timeout(100), maxBytes: 1_000 }),
    ).rejects.toBeInstanceOf(OutboundTimeoutError);
    await expect(
      outboundRequest(`http://127.0.0.1:${port}/large`, {
        signal: AbortSignal.timeout(1_000),
        maxBytes: 1_000,
      }),
    ).rejects.toBeInstanceOf(OutboundTooLargeError);
    vi.unstubAllEnvs();
  });
});
