import { expect, test, type Page } from "@playwright/test";

/*
 * Every page inlines only the style rules its own markup uses (host/critical-css.ts), and
 * enables the full style sheet after its first paint. The first paint must look exactly as
 * it would with the full sheet: every element, and its ::before and ::after, gets the same
 * computed style from the inlined rules alone. Scripts are kept from running, so that the
 * page stays the markup the server sent.
 */

// The page's inline loader registers the service worker once it is idle; a worker that
// activated in time would serve the second page its scripts from its cache, past the routes
// that abort them, and React would change the markup under the comparison.
test.use({ serviceWorkers: "block" });
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

/** Every computed property of every element (and its ::before and ::after), keyed by its place. */
function computedStyles() {
  const styles: Record<string, string> = {};
  // Scripts, preloads and React's streamed segments (hidden until placed) come and go as the
  // page loads: they are left out of the count.
  const all = [document.documentElement, ...document.body.querySelectorAll("*")].filter(
    (element) => !element.closest("noscript, script, style, link, template, [hidden]"),
  );
  all.forEach((element, index) => {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      const name = `${index}:${element.tagName.toLowerCase()}${pseudo ?? ""}`;
      for (let i = 0; i < style.length; i++) {
        const property = style.item(i);
        styles[`${name} ${property}`] = style.getPropertyValue(property);
      }
    }
  });
  return styles;
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
  return page.evaluate(computedStyles);
}

for (const path of PAGES) {
  test(`${path}: the inlined styles paint it as the full style sheet would`, async ({ context }) => {
    // Every computed property of every element, twice: seconds alone, much more on a busy machine.
    test.slow();
    const inlinedOnly = await open(await context.newPage(), path, false);
    const withFullSheet = await open(await context.newPage(), path, true);
    expect(Object.keys(inlinedOnly).length).toBeGreaterThan(1000);
    const differences = Object.keys(withFullSheet)
      .filter((key) => inlinedOnly[key] !== withFullSheet[key])
      .map((key) => `${key}: ${inlinedOnly[key]} instead of ${withFullSheet[key]}`);
    expect(differences.slice(0, 20)).toEqual([]);
  });
}
