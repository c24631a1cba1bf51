import { STATS } from "../../app/content/site";
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  isPhone,
  test,
} from "./support";

const PAGES = [
  { path: "/", link: "Home" },
  { path: "/about", link: "About" },
  { path: "/features", link: "Features" },
  { path: "/pricing", link: "Pricing" },
  { path: "/contact", link: "Contact" },
] as const;

async function openMenuIfPhone(page: import("@playwright/test").Page) {
  if (!isPhone(page)) return;
  const toggle = page.getByRole("button", { name: "Menu" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** The header's Main navigation marks `link` as the current page, and only it. */
async function expectCurrent(page: import("@playwright/test").Page, link: string) {
  await openMenuIfPhone(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
}

test(
  "header links navigate between every page, each marked as the current one",
  { tag: "@phone" },
  async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectCurrent(page, "Home");
    await expect(page.getByRole("link", { name: "Login / Signup" })).toBeVisible();
    for (const { path, link } of [...PAGES.slice(1), PAGES[0]]) {
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: link, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectCurrent(page, link);
    }
    await page.getByRole("link", { name: "Login / Signup" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // The way to urgent help is in the header row itself, never behind the menu.
    await page.locator("header[data-site-header]").getByRole("link", { name: "Emergency?" }).click();
    await expect(page).toHaveURL(/\/emergency$/);
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the header offers Emergency? and, on a phone, a menu that starts closed",
    { tag: "@phone" },
    async ({ page }) => {
      await page.goto("/pricing");
      const header = page.locator("header[data-site-header]");
      const nav = page.getByRole("navigation", { name: "Main" });
      if (isPhone(page)) {
        // Closed, the menu covers nothing: the header is its one row and the page's heading shows below it.
        await expect(nav).toBeHidden();
        expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
        await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
        await header.locator("summary", { hasText: "Menu" }).click();
        await nav.getByRole("link", { name: "About", exact: true }).click();
        await expect(page).toHaveURL(/\/about$/);
        await expect(nav).toBeHidden();
      } else {
        await expect(nav.getByRole("link", { name: "About", exact: true })).toBeVisible();
      }
      await header.getByRole("link", { name: "Emergency?" }).click();
      await expect(page).toHaveURL(/\/emergency$/);
    },
  );
});

test("footer has quick links and the contact details", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const footer = page.getByRole("contentinfo");
  const quickLinks = footer.getByRole("navigation", { name: "Quick links" });
  for (const link of ["Home", "About", "Features", "Pricing"]) {
    await expect(quickLinks.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: "support@pawpal.example" })).toHaveAttribute(
    "href",
    "mailto:support@pawpal.example",
  );
  await expect(footer.getByText("123 Pet Care Lane")).toBeVisible();
  await footer.getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test.describe("mobile menu (below 768 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is collapsed behind a Menu button and closes when a link is chosen", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#mobile-menu");
    // The menu for visitors without JavaScript is in <noscript>: no second menu to style or hydrate.
    await expect(page.locator("header details")).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expectNoA11yViolations(page, "menu open");
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("closes with Escape", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("shows the links without a menu button", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }),
    ).toBeVisible();
  });
});

test("skip link moves focus to the main content", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("about page shows the mission, story, values and stats", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await expect(page.getByRole("heading", { level: 1, name: "About PawPal" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Story" })).toBeVisible();
  for (const value of ["Care First", "AI-Powered Accuracy", "Community Driven", "Trust & Simplicity"]) {
    await expect(page.getByRole("heading", { name: value })).toBeVisible();
  }
  for (const figure of ["50K+", "1M+", STATS.breeds])
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});

test("no page fits badly at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const { path } of PAGES) {
    await gotoHydrated(page, path);
    await expectNoHorizontalScroll(page);
  }
  await gotoHydrated(page, "/auth");
  await expectNoHorizontalScroll(page);
});

test("the header row fits where it first shows in full, from 768 px, with JavaScript and without", async ({
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const { baseURL } = test.info().project.use;
    const page = await browser.newPage({ baseURL, viewport: { width: 768, height: 900 }, javaScriptEnabled });
    for (const { path } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    await page.close();
  }
});
