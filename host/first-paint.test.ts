import { describe, expect, it } from "vitest";
import { firstPaintHtml } from "./first-paint";

const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Hi</main>' +
  '<script type="module" async="">import "/assets/root.js";</script></body></html>';
const sheets = (href: string) =>
  href === "/assets/root.css" ? { critical: "main{color:red}", restId: "r1" } : undefined;

describe("firstPaintHtml", () => {
  it("inlines what the page uses of the stylesheet and keeps its link, disabled, for React to find", () => {
    const html = firstPaintHtml(PAGE, sheets);
    expect(html).toContain(
      '<style>main{color:red}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/>',
    );
  });

  it("links the rest of the stylesheet after the first paint, at the sheet's address", () => {
    expect(firstPaintHtml(PAGE, sheets)).toContain(',["/assets/root.css?rest=r1"])</script>');
  });

  it("leaves a stylesheet it cannot read alone", () => {
    expect(firstPaintHtml(PAGE, () => undefined)).toContain(
      '<link rel="stylesheet" href="/assets/root.css"/></head>',
    );
  });

  it("gives the sheet the page itself, to keep what the page uses", () => {
    const seen: string[] = [];
    firstPaintHtml(PAGE, (href, html) => {
      seen.push(href, html);
      return { critical: "", restId: "" };
    });
    expect(seen).toEqual(["/assets/root.css", PAGE]);
  });

  it("holds the scripts back until after the first paint, then adds the same ones", () => {
    const html = firstPaintHtml(PAGE, sheets, "abc");
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain(
      '<script type="text/x-module-after-paint" async="">import "/assets/root.js";</script><script nonce="abc">',
    );
    expect(html).toContain('["/assets/entry.js","/assets/root.js"]');
  });
});
