import { expect, gotoHydrated, test } from "./support";

test("an unknown path answers 404 with the playful page", async ({ page }) => {
  const response = await gotoHydrated(page, "/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
  await expect(page).toHaveTitle(/not found/i);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /isn't on PawPal/);
  const suggestions = page.getByRole("navigation", { name: "Popular pages" });
  for (const [name, path] of [
    ["Features", "/features"],
    ["About", "/about"],
    ["Contact", "/contact"],
    ["Pricing", "/pricing"],
  ] as const) {
    await expect(suggestions.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
      "href",
      path,
    );
  }
});

test("Go Home leads to the home page", async ({ page }) => {
  await gotoHydrated(page, "/missing/deeply/nested");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("Go Back returns to the page that linked to the missing one", async ({ page }) => {
  await gotoHydrated(page, "/features");
  // A plain link (a full page load), as from a stale bookmark list or another site.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/still-missing";
    link.textContent = "stale link";
    document.querySelector("main")!.prepend(link);
  });
  await page.getByRole("link", { name: "stale link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
  // The 404 page is a full page load: before hydration, Go Back is a plain link home.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/features$/);
});

test.describe(() => {
  // A new tab, with no page before this one: not a tab an earlier test left (tests/e2e/support.ts).
  test.use({ freshContext: true });

  test("Go Back without history goes home", async ({ page }) => {
    await gotoHydrated(page, "/lonely-page");
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
