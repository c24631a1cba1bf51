import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "./security";

let origin: string;
let close: () => Promise<unknown>;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ https: false }));
  app.get("/{*splat}", (_req, res) => {
    res.type("html").send("<!doctype html><title>A page</title>");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(resolve));
});
afterAll(() => close());

describe("the document headers", () => {
  it("keep a signed-in visitor's pages from other windows (COOP), beside the CSP and framing rules", async () => {
    const response = await fetch(`${origin}/pets`, { headers: { Cookie: "pawpal.session_token=abc" } });
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("send a signed-out visitor's pages without COOP, so that Chrome needs no new process for them", async () => {
    for (const cookie of ["", "pawpal.flash=login", "theme=dark"]) {
      const response = await fetch(`${origin}/`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.headers.get("Cross-Origin-Opener-Policy"), cookie).toBeNull();
      // Everything else still holds for them.
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
    }
  });

  it("send no referrer from a share's page, whose address holds its token, and the usual policy elsewhere", async () => {
    const shared = await fetch(`${origin}/share/${"a".repeat(43)}`);
    expect(shared.headers.get("Referrer-Policy")).toBe("no-referrer");
    const page = await fetch(`${origin}/pets`);
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
