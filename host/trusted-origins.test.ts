import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refuseCrossSiteWrites } from "./security";
import { isTrustedOrigin, trustedOrigins } from "./trusted-origins";

describe("trusted origins", () => {
  it("are BASE_URL's origin and those listed in TRUSTED_ORIGINS, normalized", () => {
    const env = {
      BASE_URL: "https://PawPal.example/",
      TRUSTED_ORIGINS: " https://www.pawpal.example:443 , junk",
    };
    expect([...trustedOrigins(env)]).toEqual(["https://pawpal.example", "https://www.pawpal.example"]);
    expect(isTrustedOrigin("https://pawpal.example", env)).toBe(true);
    expect(isTrustedOrigin("http://pawpal.example", env)).toBe(false); // another scheme is another site
    expect(isTrustedOrigin("http://localhost:3000", env)).toBe(false);
    expect(isTrustedOrigin("null", env)).toBe(false);
    expect(isTrustedOrigin(undefined, env)).toBe(false);
  });

  it("without BASE_URL are the server's own port on the loopback names", () => {
    expect([...trustedOrigins({ PORT: "4173" })]).toEqual([
      "http://localhost:4173",
      "http://127.0.0.1:4173",
      "http://[::1]:4173",
    ]);
    expect(isTrustedOrigin("http://localhost:3000", {})).toBe(true);
    expect(isTrustedOrigin("http://evil.example", {})).toBe(false);
  });
});

describe("a form post's Origin", () => {
  let origin = "";
  let server: http.Server;

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback"); // X-Forwarded-Host is believed, as behind a proxy
    app.use(refuseCrossSiteWrites());
    app.post("/contact", (_req, res) => res.send("stored"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.stubEnv("BASE_URL", origin);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The status of a POST with these headers (node:http, which lets a client say any Host). */
  function post(headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${origin}/contact`, { method: "POST", headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end("message=hi");
    });
  }

  it("is refused when it names another site, whatever Host or X-Forwarded-Host claims", async () => {
    expect(await post({ Origin: origin })).toBe(200);
    expect(await post({})).toBe(200); // not a browser acting for a user
    expect(await post({ Host: "evil.example", Origin: "http://evil.example" })).toBe(403);
    expect(await post({ "X-Forwarded-Host": "evil.example", Origin: "http://evil.example" })).toBe(403);
  });
});
