import { expect, test } from "@playwright/test";

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

test("paths outside the build cannot be read", async ({ request }) => {
  const response = await request.get("/assets/..%2f..%2fpackage.json");
  expect(response.status()).toBe(404);
});
