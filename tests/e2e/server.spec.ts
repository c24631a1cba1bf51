import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support";

test("prerendered pages are served as HTML with their content", async ({ request }) => {
  const response = await request.get("/about");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  expect(await response.text()).toContain("About PawPal");
});

test("scripts are served Brotli-compressed and cached for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const response = await request.get(script!, { headers: { "Accept-Encoding": "br" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("br");
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("a page's rest of the style sheet is served as CSS, cached for a year; a rest the server does not know gets the whole sheet", async ({
  request,
}) => {
  for (const page of ["/", "/no-such-page"]) {
    const html = await (await request.get(page)).text();
    const rest = html.match(/\/assets\/root-[\w-]+\.css\?rest=[0-9a-f]{16}/)?.[0];
    expect(rest, page).toBeTruthy();
    const whole = await (await request.get(rest!.replace(/\?.*/, ""))).text();
    const response = await request.get(rest!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/css");
    expect(response.headers()["cache-control"]).toContain("immutable");
    const css = await response.text();
    expect(css.length, page).toBeGreaterThan(1000);
    expect(css.length, page).toBeLessThan(whole.length);
    const unknown = await request.get(rest!.replace(/rest=\w+/, "rest=0000000000000000"));
    expect(await unknown.text()).toBe(whole);
  }
  // A sheet no page was given: a plain 404, as for any missing asset.
  expect((await request.get("/assets/no-such-sheet.css?rest=0123456789abcdef")).status()).toBe(404);
});

test("paths outside the build cannot be read", async ({ request }) => {
  const response = await request.get("/assets/..%2f..%2fpackage.json");
  expect(response.status()).toBe(404);
});

test("every rendered response carries the security headers and a fresh script nonce", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/auth", "/no-such-page", "/robots.txt"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    if (headers["content-type"]?.includes("html")) {
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts)
        if (!tag.includes("ld+json")) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size).toBe(3);
});

test("violations of the policy are reported to the site, which takes the report", async ({ request }) => {
  for (const path of ["/", "/auth"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("report-uri /csp-reports; report-to csp");
    expect(headers["reporting-endpoints"], path).toBe('csp="/csp-reports"');
  }
  const report = {
    "csp-report": { "document-uri": "/", "violated-directive": "img-src", "blocked-uri": "x" },
  };
  const sent = await request.post("/csp-reports", {
    headers: { "Content-Type": "application/csp-report" },
    data: JSON.stringify(report),
  });
  expect(sent.status()).toBe(204);
  const notAReport = await request.post("/csp-reports", { form: { hello: "world" } });
  expect(notAReport.status()).toBe(415);
});

test("prerendered pages, the same bytes for everyone, allow exactly their inline scripts by hash", async ({
  request,
}) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'nonce-");
  const scripts = [...(await response.text()).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !attributes!.includes("ld+json"),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, , body] of scripts)
    expect(csp).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
});

test("scripts carry only nosniff; the analysis worker keeps its CSP, which allows WebAssembly", async ({
  request,
}) => {
  const assets = fs.readdirSync(path.join(process.env.BUILD_DIR || "build", "client", "assets"));
  const script = assets.find((file) => file.startsWith("entry.client") && file.endsWith(".js"))!;
  const scriptHeaders = (await request.get(`/assets/${script}`)).headers();
  expect(scriptHeaders["x-content-type-options"]).toBe("nosniff");
  expect(scriptHeaders["content-security-policy"]).toBeUndefined();
  const worker = assets.find((file) => file.startsWith("analysis.worker") && file.endsWith(".js"))!;
  const workerCsp = (await request.get(`/assets/${worker}`)).headers()["content-security-policy"];
  expect(workerCsp).toContain("'wasm-unsafe-eval'");
  expect(workerCsp).not.toContain("'unsafe-eval'");
});

test("pages run under the Content-Security-Policy without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/pricing", "/auth"]) {
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  expect(violations).toEqual([]);
});

test("a form post from another site is refused", async ({ request }) => {
  const response = await request.post("/contact", {
    headers: { Origin: "https://evil.example" },
    form: { name: "Mallory", email: "m@evil.example", subject: "Hi", message: "Hello" },
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("Cross-site request refused");
});

test("an oversized body is refused before it is read", async ({ request }) => {
  const response = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "message=" + "x".repeat(100 * 1024),
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("Request too large");
});
