import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, expectNoHorizontalScroll, test } from "./support";

const card = (page: Page, name: string) => page.getByRole("article", { name });

/**
 * Opens /pricing and waits until React has hydrated it: the page is prerendered, so its
 * buttons are visible before their click handlers exist.
 */
async function openPricing(page: Page, hash = "") {
  await page.goto(`/pricing${hash}`);
  await page.waitForFunction(() => {
    const toggle = document.querySelector("[aria-pressed]");
    return toggle !== null && Object.keys(toggle).some((key) => key.startsWith("__reactProps"));
  });
}
const faq = (page: Page) => page.locator("#faq");

test("pricing shows the hero, plans, comparison, FAQ and contact banner", async ({ page }) => {
  await openPricing(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const group = page.getByRole("group", { name: "Billing period" });
  await expect(group.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
  await expect(group.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Save 17%")).toHaveCount(0);

  for (const name of ["Free", "Pro", "Premium"]) {
    await expect(card(page, name).getByRole("heading", { level: 3, name })).toBeVisible();
  }
  await expect(card(page, "Pro").getByText("Most Popular")).toBeVisible();
  await expect(card(page, "Free").getByText("$0", { exact: true })).toBeVisible();
  await expect(card(page, "Free").getByText("5 photo analyses per month")).toBeVisible();
  await expect(card(page, "Pro").getByText("$9.99", { exact: true })).toBeVisible();
  await expect(card(page, "Premium").getByText("$19.99", { exact: true })).toBeVisible();
  await expect(card(page, "Premium").getByText("Family sharing for up to 5 members")).toBeVisible();

  await expect(page.getByRole("heading", { level: 2, name: "Compare Plans" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Frequently Asked Questions" })).toBeVisible();
  await expect(faq(page).getByRole("button")).toHaveCount(6);
  await expect(page.getByRole("heading", { level: 2, name: "Still Have Questions?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Our Team" })).toBeVisible();

  await expectNoHorizontalScroll(page);
});

test("choosing yearly billing shows Save 17%, yearly prices and per-month equivalents", async ({ page }) => {
  await openPricing(page);
  await page.getByRole("button", { name: "Yearly" }).click();
  await expect(page.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Save 17%")).toBeVisible();

  await expect(card(page, "Pro").getByText("$99.99", { exact: true })).toBeVisible();
  await expect(card(page, "Pro").getByText("$8.33", { exact: true })).toBeVisible();
  await expect(card(page, "Premium").getByText("$199.99", { exact: true })).toBeVisible();
  await expect(card(page, "Premium").getByText("$16.67", { exact: true })).toBeVisible();
  for (const name of ["Pro", "Premium"]) {
    await expect(card(page, name).getByText("per month when billed annually")).toBeVisible();
  }
  await expect(card(page, "Free").getByText("per month when billed annually")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page, "yearly");

  await page.getByRole("button", { name: "Monthly" }).click();
  await expect(page.getByText("Save 17%")).toHaveCount(0);
  await expect(card(page, "Pro").getByText("$9.99", { exact: true })).toBeVisible();
});

test("the billing toggle works from the keyboard", async ({ page }) => {
  await openPricing(page);
  await page.getByRole("button", { name: "Monthly" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Yearly" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Save 17%")).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(page.getByText("Save 17%")).toHaveCount(0);
});

test("the comparison table has a caption, Free/Pro/Premium columns and named checkmarks", async ({
  page,
}) => {
  await openPricing(page);
  const table = page.getByRole("table", { name: "Features of the Free, Pro and Premium plans" });
  await expect(table.getByRole("columnheader")).toHaveText(["Feature", "Free", "Pro", "Premium"]);
  const row = table.getByRole("row", { name: /Health tracking/ });
  await expect(row.getByRole("cell")).toHaveText(["Not included", "Included", "Included"]);
  const region = page.getByRole("region", { name: "Features of the Free, Pro and Premium plans" });
  await expect(region).toHaveAttribute("tabindex", "0");
  await expectNoHorizontalScroll(page);
});

test("the FAQ opens one question at a time from the keyboard", async ({ page }) => {
  await openPricing(page);
  const questions = faq(page).getByRole("button");
  const first = questions.nth(0);
  const second = questions.nth(1);

  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const firstPanel = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(firstPanel).toBeVisible();
  await expect(firstPanel).toContainText("30-day money-back guarantee");
  await expect(page.getByRole("region", { name: await first.innerText() })).toBeVisible();
  await expectNoA11yViolations(page, "FAQ item open");

  await page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstPanel).toBeHidden();
  await expect(faq(page).locator('[aria-expanded="true"]')).toHaveCount(1);

  await page.keyboard.press("ArrowDown");
  await expect(questions.nth(2)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(faq(page).locator('[aria-expanded="true"]')).toHaveCount(1);
  await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(
    // The measured figures (app/content/analysis-accuracy.json; their unit test checks the numbers).
    faq(page).getByText(/named the right breed first on \d+%/),
  ).toBeVisible();
});

test("pricing fits 320 and 390 px wide screens in both billing periods", async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await openPricing(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Yearly" }).click();
    await faq(page).getByRole("button").first().click();
    await expectNoHorizontalScroll(page);
  }
});

test("/pricing#faq lands on the FAQ", async ({ page }) => {
  await openPricing(page, "#faq");
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
});

test("Contact Our Team leads to the contact page", async ({ page }) => {
  await openPricing(page);
  await page.getByRole("link", { name: "Contact Our Team" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("pricing describes its offers and questions in JSON-LD", async ({ page }) => {
  await openPricing(page);
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const faqPage = blocks.find((block) => block["@type"] === "FAQPage") as
    { mainEntity: unknown[] } | undefined;
  expect(faqPage?.mainEntity).toHaveLength(6);
  const product = blocks.find((block) => block["@type"] === "Product") as
    { name: string; offers: { price: string; priceCurrency: string }[] } | undefined;
  expect(product?.name).toBe("PawPal");
  expect(product?.offers.map((offer) => offer.price)).toEqual(["0.00", "9.99", "99.99", "19.99", "199.99"]);
  expect(product?.offers.every((offer) => offer.priceCurrency === "USD")).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("prices and every FAQ answer are readable", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(card(page, "Free").getByText("$0", { exact: true })).toBeVisible();
    await expect(card(page, "Pro").getByText("$9.99", { exact: true })).toBeVisible();
    await expect(card(page, "Premium").getByText("$19.99", { exact: true })).toBeVisible();
    // The toggle cannot work without JavaScript, so it is hidden; the table still has yearly prices.
    await expect(page.getByRole("group", { name: "Billing period" })).toBeHidden();
    await expect(page.getByRole("row", { name: /Yearly price/ })).toContainText("$99.99");

    const panels = faq(page).locator("[data-nojs-open]");
    await expect(panels).toHaveCount(6);
    for (const panel of await panels.all()) await expect(panel).toBeVisible();
    await expect(faq(page).getByText("30-day money-back guarantee")).toBeVisible();
    await expect(faq(page).getByText("Mon-Fri, 9AM-6PM EST")).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
