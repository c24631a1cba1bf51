import { Features, transform, type CustomAtRules, type TransformOptions } from "lightningcss";

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
 * The part of a style sheet that one page's markup needs: every rule whose classes all appear
 * in the page's class attributes, and every rule that names no class (elements, variables,
 * keyframes, `:not(.x)`). Pages inline it for their first paint; the full sheet follows after
 * the first paint (first-paint.ts) for what scripts add later (toasts, dialogs, states).
 */
export function criticalCssFor(sheet: string): (html: string) => string {
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
  const cache = new Map<string, string>();

  return (html) => {
    const used = new Set<string>();
    for (const [, names] of html.matchAll(CLASS_ATTRIBUTE)) {
      for (const name of names!.replace(ENTITY, (entity) => ENTITIES[entity]!).split(/\s+/))
        if (sheetClasses.has(name)) used.add(name);
    }
    const key = [...used].sort().join(" ");
    let css = cache.get(key);
    if (css === undefined) {
      css = transform({
        ...AS_TAILWIND_WROTE_IT,
        filename: "sheet.css",
        code: Buffer.from(sheet),
        unusedSymbols: [...sheetClasses].filter((name) => !used.has(name)),
      }).code.toString();
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, css);
    }
    return css;
  };
}
