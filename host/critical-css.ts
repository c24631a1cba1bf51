import crypto from "node:crypto";
import { Features, transform, type CustomAtRules, type Selector, type TransformOptions } from "lightningcss";

/**
 * Tailwind's own lightningcss settings (@tailwindcss/node), so that pruning its output changes
 * nothing but the rules it drops: same browser targets, same features lowered or left alone.
 */
const AS_TAILWIND_WROTE_IT = {
  minify: true,
  include: Features.Nesting | Features.MediaQueries,
  exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
  targets: {
    safari: (16 << 16) | (4 << 8),
    ios_saf: (16 << 16) | (4 << 8),
    firefox: 128 << 16,
    chrome: 111 << 16,
  },
} satisfies Omit<TransformOptions<CustomAtRules>, "filename" | "code">;

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const ENTITY = new RegExp(Object.keys(ENTITIES).join("|"), "g");
/** Distinct pages are few (a route's class names rarely vary); the bound is for safety only. */
const MAX_CACHED = 200;

/**
 * A page's share of a style sheet, in two parts that together hold every rule of it:
 * - `critical`: every rule whose classes all appear in the page's class attributes, and every
 *   rule that names no class (elements, variables, keyframes, `:not(.x)`). Inlined, it paints
 *   the page as the whole sheet would.
 * - the rest, named by `restId` (the same class names give the same id): the rules that name a
 *   class the page's markup lacks, for what scripts add later (toasts, dialogs, states) and the
 *   pages a visitor goes to next. Loaded after the first paint. None of its rules matches an
 *   element of the page as sent, so adding it costs the browser no restyling of the page (the
 *   whole sheet cost 13–37 ms on the phone-sized home page here, 4x that in Lighthouse's
 *   simulation). Written when first asked for, so that starting the server costs no more.
 */
export type PageStyles = { critical: string; restId: string };

export type SheetSplitter = {
  forPage: (html: string) => PageStyles;
  /** A rest this process named for a page (undefined once forgotten, or named by another process). */
  rest: (id: string) => string | undefined;
};

export function pageStylesFor(sheet: string): SheetSplitter {
  const sheetClasses = new Set<string>();
  transform({
    filename: "sheet.css",
    code: Buffer.from(sheet),
    visitor: {
      Selector(selector) {
        for (const component of selector) if (component.type === "class") sheetClasses.add(component.name);
      },
    },
  });
  const pages = new Map<string, PageStyles>();
  const classesOfRest = new Map<string, ReadonlySet<string>>();
  const rests = new Map<string, string>();

  const forPage = (html: string) => {
    const used = new Set<string>();
    for (const [, names] of html.matchAll(CLASS_ATTRIBUTE)) {
      for (const name of names!.replace(ENTITY, (entity) => ENTITIES[entity]!).split(/\s+/))
        if (sheetClasses.has(name)) used.add(name);
    }
    const key = [...used].sort().join(" ");
    let styles = pages.get(key);
    if (styles === undefined) {
      const critical = transform({
        ...AS_TAILWIND_WROTE_IT,
        filename: "sheet.css",
        code: Buffer.from(sheet),
        unusedSymbols: [...sheetClasses].filter((name) => !used.has(name)),
      }).code.toString();
      const restId = crypto.createHash("sha256").update(key).digest("hex").slice(0, 16);
      if (pages.size >= MAX_CACHED) {
        pages.clear();
        classesOfRest.clear();
        rests.clear();
      }
      styles = { critical, restId };
      pages.set(key, styles);
      classesOfRest.set(restId, used);
    }
    return styles;
  };

  const rest = (id: string) => {
    const used = classesOfRest.get(id);
    if (used === undefined) return undefined;
    let css = rests.get(id);
    if (css === undefined) {
      const lacksAClass = (selector: Selector) =>
        selector.some((component) => component.type === "class" && !used.has(component.name));
      css = transform({
        ...AS_TAILWIND_WROTE_IT,
        filename: "sheet.css",
        code: Buffer.from(sheet),
        // Returning nothing keeps a rule as it is (lightningcss cannot read back some rules it wrote).
        visitor: {
          Rule: {
            style: (rule) => (rule.value.selectors.some(lacksAClass) ? undefined : []),
            keyframes: () => [],
            property: () => [],
            // The order of the layers is the inlined styles' to set.
            "layer-statement": () => [],
          },
        },
      }).code.toString();
      rests.set(id, css);
    }
    return css;
  };

  return { forPage, rest };
}
