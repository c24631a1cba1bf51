import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CSP_REPORT_PATH, cspReportHandler } from "./csp-reports";

/** A server with a fresh report handler (its log and its per-minute budget are its own). */
async function startServer() {
  const lines: string[] = [];
  const app = express();
  app.use(
    CSP_REPORT_PATH,
    cspReportHandler((line) => lines.push(line)),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CSP_REPORT_PATH}`;
  const post = (body: string, type: string) =>
    fetch(base, { method: "POST", headers: { "Content-Type": type }, body });
  return { lines, base, post, close: () => new Promise((resolve) => server.close(resolve)) };
}

let served: Awaited<ReturnType<typeof startServer>>;
let lines: string[];
let base: string;
let post: (body: string, type: string) => Promise<Response>;

beforeEach(async () => {
  served = await startServer();
  ({ lines, base, post } = served);
});
afterEach(() => served.close());

describe("CSP violation reports", () => {
  it("logs a report-uri report and answers 204", async () => {
    const report = {
      "csp-report": {
        "document-uri": "https://pawpal.example/contact",
        "violated-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/x.js",
      },
    };
    const response = await post(JSON.stringify(report), "application/csp-report");
    expect(response.status).toBe(204);
    expect(lines).toEqual([
      "[csp] script-src-elem blocked https://evil.example/x.js on https://pawpal.example/contact",
    ]);
  });

  it("logs each csp-violation of a Reporting API batch and ignores other report types", async () => {
    const batch = [
      {
        type: "csp-violation",
        body: {
          documentURL: "https://pawpal.example/",
          effectiveDirective: "img-src",
          blockedURL: "https://cdn.example/a.png",
        },
      },
      { type: "deprecation", body: { id: "x" } },
      {
        type: "csp-violation",
        body: {
          documentURL: "https://pawpal.example/about",
          effectiveDirective: "script-src-elem",
          blockedURL: "inline",
        },
      },
    ];
    expect((await post(JSON.stringify(batch), "application/reports+json")).status).toBe(204);
    expect(lines).toEqual([
      "[csp] img-src blocked https://cdn.example/a.png on https://pawpal.example/",
      "[csp] script-src-elem blocked inline on https://pawpal.example/about",
    ]);
  });

  it("refuses what is not a report, and logs nothing", async () => {
    expect((await post("directive=x", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post("{not json", "application/csp-report")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: "world" }), "application/json")).status).toBe(400);
    expect(
      (
        await post(
          JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(20_000) } }),
          "application/csp-report",
        )
      ).status,
    ).toBe(413);
    expect((await fetch(base)).status).toBe(405);
    expect(lines).toEqual([]);
  });

  it("logs at most 20 violations a minute, so a flood of reports cannot flood the log", async () => {
    const one = JSON.stringify({ "csp-report": { "violated-directive": "img-src", "blocked-uri": "x" } });
    for (let i = 0; i < 30; i += 1) expect((await post(one, "application/csp-report")).status).toBe(204);
    expect(lines.length).toBe(20);
  });
});
