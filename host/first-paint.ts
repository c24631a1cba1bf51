import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { pageStylesFor, type PageStyles, type SheetSplitter } from "./critical-css";
import type { Locals } from "./security";

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*?\/?>/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*?\/?>/g;
const MODULE_SCRIPT = /<script([^>]*) type="module"([^>]*)>([\s\S]*?)<\/script>/;
/** The type that keeps React Router's module script from running while the page parses. */
const HELD_BACK = "text/x-module-after-paint";
/**
 * Runs in the page right after the held-back module script `s`, with the preloads `p` and the
 * style sheets `c`; written small because every page carries it. Once the first frame is painted
 * (high-priority images, e.g. the home page's illustration, decoded) it adds the style sheets
 * (the rules the page's markup does not use), the preloads and the module script back, as React
 * Router wrote them.
 */
const LOADER =
  "(s,p,c,d=document)=>{" +
  "Promise.all([...d.querySelectorAll('img[fetchpriority=high]')].map(i=>i.decode().catch(()=>{})))" +
  ".then(()=>requestAnimationFrame(()=>setTimeout(()=>{" +
  'for(const h of c){const l=d.createElement("link");l.rel="stylesheet";l.href=h;d.head.append(l)}' +
  'for(const h of p){const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)}' +
  'const m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;d.body.append(m)})))}';

/**
 * Rewrites a page so that its first paint needs the document alone, and nothing else
 * shares the slow first round trips with it:
 * - the rules of the style sheet that the page's markup uses (critical-css.ts; ~5 KB with Brotli,
 *   so the page and its styles fit the first round trip) are inlined. The <link> stays, for React
 *   to find when it hydrates, `disabled` so that it is neither fetched nor blocks the paint.
 *   `LOADER` links the rest of the sheet after the first paint (`restHref`), for the classes
 *   scripts add later.
 * - the scripts (module preloads and React Router's module script) start loading right after
 *   the first frame is painted (`LOADER`), unchanged: the same preloads, so there is no
 *   waterfall, and the same module script text (so the same CSP hash).
 * `stylesheet` returns what a page needs of a /assets/ style sheet (undefined leaves its link
 * alone); `nonce` is the response's CSP nonce, if its scripts carry one.
 */
export function firstPaintHtml(html: string, stylesheet: StylesheetFor, nonce?: string) {
  const preloads: string[] = [];
  const rests: string[] = [];
  return html
    .replace(STYLESHEET_LINK, (link, href: string) => {
      const styles = stylesheet(href, html);
      if (styles === undefined) return link;
      rests.push(restHref(href, styles.restId));
      return `<style>${styles.critical}</style>${link.replace(/\/?>$/, ' disabled=""/>')}`;
    })
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(MODULE_SCRIPT, (_script, before: string, after: string, code: string) => {
      const load = `(${LOADER})(document.currentScript.previousElementSibling,${JSON.stringify(preloads)},${JSON.stringify(rests)})`;
      return (
        `<script${before} type="${HELD_BACK}"${after}>${code}</script>` +
        `<script${nonce ? ` nonce="${nonce}"` : ""}>${load}</script>`
      );
    });
}

/** The page `html`'s share of the style sheet at `href`; undefined when there is no such sheet. */
export type StylesheetFor = (href: string, html: string) => PageStyles | undefined;

/** Where a page's rest of a sheet is served: the sheet's own address, which answers the whole sheet when the rest is unknown. */
const REST_PARAMETER = "rest";
function restHref(href: string, id: string) {
  return `${href}?${REST_PARAMETER}=${id}`;
}

/**
 * Reads each of the build's style sheets once (they are fingerprinted, so they never change
 * under a name): `forPage` splits it for a page, and `restHandler` serves the rests it gave.
 */
export function stylesheetReader(clientDir: string): { forPage: StylesheetFor; restHandler: RequestHandler } {
  const sheets = new Map<string, SheetSplitter | undefined>();
  const splitter = (href: string) => {
    if (!sheets.has(href)) {
      const file = path.join(clientDir, href);
      const inside = file.startsWith(clientDir + path.sep) && fs.existsSync(file) && href.endsWith(".css");
      sheets.set(href, inside ? pageStylesFor(fs.readFileSync(file, "utf8")) : undefined);
    }
    return sheets.get(href);
  };
  return {
    forPage: (href, html) => splitter(href)?.forPage(html),
    // A rest this process did not give (another server's page, or one from before a restart)
    // falls through to the whole sheet: more rules than asked, never fewer.
    restHandler: (req, res, next) => {
      const id = req.query[REST_PARAMETER];
      // Only a sheet a page was given a rest of: an address never read stays unread (and uncached).
      const css = typeof id === "string" ? sheets.get(req.baseUrl + req.path)?.rest(id) : undefined;
      if (css === undefined) return next();
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("css").send(css);
    },
  };
}

/**
 * Applies `firstPaintHtml` to server-rendered HTML as it streams: the start of the page is
 * held back until React Router's module script has arrived (React sends it with the shell,
 * in one go); the rest passes through.
 */
export function firstPaintStream(stylesheet: StylesheetFor): RequestHandler {
  return (_req, res, next) => {
    const write = res.write.bind(res) as (chunk: Buffer) => boolean;
    const end = res.end.bind(res) as (chunk?: Buffer) => typeof res;
    let start: Buffer[] | undefined = [];
    const rewritten = () => {
      const html = Buffer.concat(start ?? []).toString("utf8");
      start = undefined;
      res.removeHeader("Content-Length");
      return Buffer.from(firstPaintHtml(html, stylesheet, (res.locals as Locals).cspNonce));
    };
    const isHtml = () => String(res.getHeader("Content-Type") ?? "").startsWith("text/html");
    res.write = ((chunk: Buffer | string, encoding?: unknown) => {
      if (start === undefined || !isHtml()) return write(toBuffer(chunk, encoding));
      start.push(toBuffer(chunk, encoding));
      return MODULE_SCRIPT.test(Buffer.concat(start).toString("utf8")) ? write(rewritten()) : true;
    }) as typeof res.write;
    res.end = ((chunk?: Buffer | string | (() => void), encoding?: unknown) => {
      const last = chunk === undefined || typeof chunk === "function" ? undefined : toBuffer(chunk, encoding);
      if (start === undefined || !isHtml()) return end(last);
      if (last) start.push(last);
      return start.length ? end(rewritten()) : end();
    }) as typeof res.end;
    next();
  };
}

function toBuffer(chunk: Buffer | Uint8Array | string, encoding: unknown) {
  if (typeof chunk !== "string") return Buffer.from(chunk);
  return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}
