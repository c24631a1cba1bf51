import { expect, gotoHydrated, test } from "./support";

test("Go Back returns to the previous page after a mistyped address", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  // page.goto is a typed address: a new document, no referrer.
  await gotoHydrated(page, "/pricng");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple Plans for Every Pet Parent");
});
