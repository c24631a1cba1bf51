import type { Page } from "@playwright/test";
import { expect, test } from "./support";

/*
 * Every page inlines only the style rules its own markup uses (host/critical-css.ts), and
 * enables the full style sheet after its first paint. The first paint must look exactly as
 * it would with the full sheet: every element, and its ::before and ::after, gets the same
 * computed style from the inlined rules alone. Scripts are kept from running, so that the
 * page stays the markup the server sent.
 */

// The service worker stays blocked (playwright.config.ts): one that activated in time would serve
// the second page its scripts from its cache, past the routes that abort them, and React would
// change the markup under the comparison.
const PAGES = [
  "/",
  "/about",
  "/features",
  "/pricing",
  "/contact",
  "/auth",
  "/forgot-password",
  "/terms",
  "/no-such-page",
];

/**
 * Every computed property of every element (and of its ::before and ::after, when it has
 * content), one line per element: its place, then "property=value" pairs. Lines rather than an
 * object of a million keys: reading that across to the test was what took the time.
 */
function computedStyles() {
  // Scripts, preloads and React's streamed segments (hidden until placed) come and go as the
  // page loads: they are left out of the count.
  const all = [document.documentElement, ...document.body.querySelectorAll("*")].filter(
    (element) => !element.closest("noscript, script, style, link, template, [hidden]"),
  );
  const lines: string[] = [];
  all.forEach((element, index) => {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      // A pseudo-element without content is not drawn: its content is all there is to compare.
      const properties = pseudo && style.content === "none" ? ["content"] : [...style];
      const pairs = properties.map((property) => `${property}\u0002${style.getPropertyValue(property)}`);
      lines.push(`${index}:${element.tagName.toLowerCase()}${pseudo ?? ""}\u0000${pairs.join("\u0001")}`);
    }
  });
  return lines;
}

/** "element property: inlined instead of full" for each property that differs. */
function differences(inlinedOnly: string[], withFullSheet: string[]) {
  const parse = (line = "") => {
    const [name = "", pairs = ""] = line.split("\u0000");
    return {
      name,
      values: new Map(pairs.split("\u0001").map((pair) => pair.split("\u0002") as [string, string])),
    };
  };
  const found: string[] = [];
  withFullSheet.forEach((line, index) => {
    if (inlinedOnly[index] === line) return;
    const full = parse(line);
    const inlined = parse(inlinedOnly[index]);
    if (inlined.name !== full.name) {
      found.push(`${full.name}: ${inlined.name || "nothing"} in its place with the inlined rules only`);
      return;
    }
    for (const [property, value] of full.values) {
      const other = inlined.values.get(property);
      if (other !== value) found.push(`${full.name} ${property}: ${other} instead of ${value}`);
    }
  });
  return found;
}

async function open(page: Page, path: string, fullSheet: boolean) {
  await page.route("**/assets/*.js", (route) => route.abort());
  if (!fullSheet) await page.route("**/assets/*.css", (route) => route.abort());
  await page.goto(path);
  if (fullSheet) {
    // Enabled after the first paint by the page's own inline script, then loaded.
    await page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => (sheet.ownerNode as Element | null)?.tagName === "LINK"),
    );
  }
  return page;
}

/** The inlined rules hold every media query's rules: each page is compared at a desktop's and a phone's width. */
const WIDTHS = [1280, 390];

for (const path of PAGES) {
  test(`${path}: the inlined styles paint it as the full style sheet would, at ${WIDTHS.join(" and ")} px`, async ({
    context,
  }) => {
    const inlinedOnly = await open(await context.newPage(), path, false);
    const withFullSheet = await open(await context.newPage(), path, true);
    for (const width of WIDTHS) {
      await inlinedOnly.setViewportSize({ width, height: 800 });
      await withFullSheet.setViewportSize({ width, height: 800 });
      const before = await inlinedOnly.evaluate(computedStyles);
      const after = await withFullSheet.evaluate(computedStyles);
      expect(before.length, `elements at ${width} px`).toBeGreaterThan(100);
      expect(differences(before, after).slice(0, 20), `at ${width} px`).toEqual([]);
    }
  });
}
