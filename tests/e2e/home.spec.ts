import { expect, expectNoHorizontalScroll, test } from "./support";

test("home shows the hero, steps, reasons and call to action", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Ready to Transform Your Pet Care?" }),
  ).toBeVisible();
  await expect(page.getByText("5.0")).toBeVisible();
  await expect(page.getByText("24/7").first()).toBeVisible();
  for (const step of ["Upload Photo", "AI Analysis", "Get Recommendations"]) {
    await expect(page.getByRole("heading", { name: step })).toBeVisible();
  }
  for (const reason of [
    "Instant Breed Detection",
    "Health Monitoring",
    "Expert Recommendations",
    "Premium Support",
  ]) {
    await expect(page.getByRole("heading", { name: reason })).toBeVisible();
  }
  // The measured figure (app/content/analysis-accuracy.json; its unit test checks the number), leading to what it means.
  await expect(page.getByRole("link", { name: /^Right breed on \d+% of test photos$/ })).toHaveAttribute(
    "href",
    "/accuracy",
  );
  const illustration = page.getByRole("img", { name: "A happy dog and cat side by side" });
  await expect(illustration).toBeVisible();
  expect(
    await illustration.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
  ).toBe(true);
  await expectNoHorizontalScroll(page);
});

test("hero and closing buttons lead to the demo and the features page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "View Our Work" }).click();
  await expect(page).toHaveURL(/\/features$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Upload Pet Photo" }).click();
  await expect(page).toHaveURL(/\/features#demo$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page).toHaveURL(/\/features#demo$/);
});
