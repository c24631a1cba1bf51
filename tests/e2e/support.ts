import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * `test` for specs that post forms: each test comes from its own client address (the
 * server trusts X-Forwarded-For from loopback in tests), so per-address rate limits of
 * one test never spill into another.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = (hash(testInfo.testId) % 250) + 1;
    await use({
      ...extraHTTPHeaders,
      "X-Forwarded-For": `10.${testInfo.parallelIndex}.${n}.${(testInfo.retry % 250) + 1}`,
    });
  },
});

function hash(text: string) {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

/** Scans the page as it is now (WCAG 2.2 A and AA, plus best practices) and fails on any violation. */
export async function expectNoA11yViolations(page: Page, context?: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations${context ? ` (${context})` : ""}`).toEqual([]);
}

/**
 * Opens a page and waits until React has hydrated it: prerendered buttons are visible
 * before their handlers are attached, and a click before then does nothing.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** True when the current project runs with a phone-sized viewport. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Fails if the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** The staff account the browser tests' server starts with (see playwright.config.ts). */
export { STAFF } from "./staff";
