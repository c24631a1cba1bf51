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
 * content), one line per element: its place, then "property=value" pairs; and a SHA-256 digest
 * of them all. The lines (10 MB a page) are read across only `withLines`, to show where two
 * pages differ: reading them was what took the time.
 */
async function computedStyles(withLines: boolean) {
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
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\n")));
  return {
    count: lines.length,
    digest: Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join(""),
    lines: withLines ? lines : [],
  };
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
    // The rest of the sheet, linked after the first paint by the page's own inline script, then
    // the whole sheet, which the page keeps disabled.
    await page.waitForFunction(linkedSheetsAre, 1);
    await page.evaluate(() => {
      for (const link of document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet][disabled]"))
        link.disabled = false;
    });
    await page.waitForFunction(linkedSheetsAre, 2);
  }
  return page;
}

/**
 * Waits until the page stands still: its fonts loaded, every animation that ends has ended (an
 * element fading in reads as half-faded), and the resize painted. The two pages are opened one
 * after the other, so one may still be moving while the other is read. A transition starts only
 * at the style update after what caused it (a sheet enabled, a resize), so the page is looked at
 * again after each two frames until no finite animation is left.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    do {
      await Promise.all(finite().map((animation) => animation.finished.catch(() => {})));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    } while (finite().length > 0);
  });
}

/** In the page: whether `count` style sheets from <link>s have loaded. */
function linkedSheetsAre(count: number) {
  const linked = [...document.styleSheets].filter(
    (sheet) => (sheet.ownerNode as Element | null)?.tagName === "LINK",
  );
  return linked.length === count;
}

/** The inlined rules hold every media query's rules: each page is compared at a desktop's and a phone's width. */
const WIDTHS = [1280, 390];

for (const path of PAGES) {
  test(`${path}: the inlined styles paint it as the full style sheet would, at ${WIDTHS.join(" and ")} px`, async ({
    context,
  }) => {
    // Every element's computed style, twice per width: the longest pages (/contact with its
    // emergency lines) take over 30 s on a busy two-core machine.
    test.setTimeout(60_000);
    const inlinedOnly = await open(await context.newPage(), path, false);
    const withFullSheet = await open(await context.newPage(), path, true);
    for (const width of WIDTHS) {
      await inlinedOnly.setViewportSize({ width, height: 800 });
      await withFullSheet.setViewportSize({ width, height: 800 });
      // The rules are fixed, so a difference that goes away with time was one page still loading
      // (CI runs read / at moments when its two pages differed, and agreed when read again): the
      // pages are read again, up to five times, each difference noted in the report, and only a
      // difference that stays fails. Pages that agree at any one read agree.
      let found: string[] = [];
      for (let read = 1; read <= 5; read++) {
        found = [];
        await Promise.all([settled(inlinedOnly), settled(withFullSheet)]);
        const before = await inlinedOnly.evaluate(computedStyles, false);
        const after = await withFullSheet.evaluate(computedStyles, false);
        expect(before.count, `elements at ${width} px`).toBeGreaterThan(100);
        if (before.digest === after.digest) break;
        const [inlined, full] = await Promise.all([
          inlinedOnly.evaluate(computedStyles, true),
          withFullSheet.evaluate(computedStyles, true),
        ]);
        found = differences(inlined.lines, full.lines);
        const description = `${path} at ${width} px, read ${read}: ${found.length ? found.slice(0, 5).join("; ") : "the digests differed, the lines read next agreed"}`;
        test.info().annotations.push({ type: "settling", description });
        console.warn(description);
        if (found.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(found.slice(0, 20), `at ${width} px`).toEqual([]);
    }
  });
}

/**
 * In the page, once its rest of the sheet has loaded: every rule of the inlined styles, of the
 * rest and of the whole sheet (fetched and read the same way), as "conditions › selector" lines,
 * and the rules of the rest that match an element of the page.
 */
async function sheetsOfPage() {
  const lines = (rules: CSSRuleList, within = ""): string[] =>
    [...rules].flatMap((rule) => {
      // Selectors only: the inlined rules are the same, minified again (the tests above compare what they do).
      if (rule instanceof CSSStyleRule) return [`${within} › ${rule.selectorText}`];
      if (rule instanceof CSSMediaRule) return lines(rule.cssRules, `${within} @media ${rule.conditionText}`);
      if (rule instanceof CSSSupportsRule)
        return lines(rule.cssRules, `${within} @supports ${rule.conditionText}`);
      if (rule instanceof CSSLayerBlockRule) return lines(rule.cssRules, `${within} @layer ${rule.name}`);
      return [`${within} › ${rule.cssText}`];
    });
  const styleRules = (rules: CSSRuleList): CSSStyleRule[] =>
    [...rules].flatMap((rule) =>
      rule instanceof CSSStyleRule
        ? [rule]
        : rule instanceof CSSGroupingRule
          ? styleRules(rule.cssRules)
          : [],
    );
  const sheets = [...document.styleSheets];
  const rest = sheets.find((sheet) => sheet.ownerNode instanceof HTMLLinkElement)!;
  const whole = new CSSStyleSheet();
  whole.replaceSync(await (await fetch(rest.href!.replace(/\?.*$/, ""))).text());
  return {
    restHref: rest.href!,
    inlined: sheets
      .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
      .flatMap((sheet) => lines(sheet.cssRules)),
    rest: lines(rest.cssRules),
    whole: lines(whole.cssRules),
    // Pseudo-elements are left out of the selector (querySelector takes none): the element is what matters.
    matched: styleRules(rest.cssRules)
      .map((rule) => rule.selectorText.replace(/::[a-z-]+(\([^)]*\))?|:(before|after)\b/g, ""))
      .filter((selector) => {
        try {
          return selector.trim() !== "" && document.querySelector(selector) !== null;
        } catch {
          return false;
        }
      }),
  };
}

test("the rest of the sheet, linked after the first paint, matches nothing on the page and leaves no rule out", async ({
  page,
}) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  for (const path of ["/", "/pricing", "/auth"]) {
    await page.goto(path);
    await page.waitForFunction(linkedSheetsAre, 1);
    const { restHref, inlined, rest, whole, matched } = await page.evaluate(sheetsOfPage);
    expect(restHref, path).toMatch(/\/assets\/root-[\w-]+\.css\?rest=[0-9a-f]{16}$/);
    expect(matched, `${path}: rules of the rest that match the page as sent`).toEqual([]);
    const together = new Set([...inlined, ...rest]);
    expect(
      whole.filter((line) => !together.has(line)),
      `${path}: rules in neither part`,
    ).toEqual([]);
    // Not the whole sheet (which the server answers for a rest it does not know): nothing twice.
    expect(
      rest.filter((line) => inlined.includes(line)),
      `${path}: rules both inlined and in the rest`,
    ).toEqual([]);
  }
});
