import { expect, gotoHydrated, test } from "./support";

const PAGES = ["/", "/about", "/accuracy", "/features", "/pricing", "/contact", "/auth", "/emergency"] as const;

test("every page has its own title, description, canonical URL and social tags", async ({ page }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(title.length, `title of ${path}`).toBeGreaterThan(10);
    expect(description?.length ?? 0, `description of ${path}`).toBeGreaterThan(50);
    titles.add(title);
    descriptions.add(description!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${path === "/" ? "/" : path}$`),
    );
    for (const property of ["og:title", "og:description", "og:url", "og:image"]) {
      await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
    }
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  expect(titles.size).toBe(PAGES.length);
  expect(descriptions.size).toBe(PAGES.length);
});

test("the home page describes the organisation in JSON-LD", async ({ page }) => {
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
  expect(types).toContain("Organization");
});

test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test("sitemap.xml lists every public page", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const body = await response.text();
  for (const path of PAGES) expect(body).toContain(`${path}</loc>`);
});

test("the social image and icons exist", async ({ request }) => {
  for (const path of ["/og-image.jpg", "/icon-512.png", "/favicon.svg", "/site.webmanifest"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test("health check answers 200 with JSON", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("no page asks any host but our own", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(request.url());
  });
  for (const path of PAGES) {
    // Hydrated (every script the page loads has run), then nothing more on the way.
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every marketing page is readable from the prerendered HTML", async ({ page }) => {
    for (const [path, heading] of [
      ["/", "Ready to Transform Your Pet Care?"],
      ["/about", "About PawPal"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
    for (const path of ["/features", "/pricing", "/contact"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
});
