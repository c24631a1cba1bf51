import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Request, RequestHandler } from "express";
import { firstPaintHtml, type StylesheetFor } from "./first-paint";

type Page = { html: Buffer; brotli: Buffer; scriptHashes: string };

/**
 * Serves the HTML that the build prerendered (build/client/<path>/index.html) for GET
 * and HEAD requests, and the matching .data files of client-side navigations. Everything
 * else (form posts, dynamic pages, unknown paths) falls through to server rendering.
 *
 * Each page is prepared once, at start: the build's site origin replaced by `baseUrl`
 * (BASE_URL at run time), the first paint made to need the document alone (first-paint.ts),
 * then compressed at Brotli's best. Its inline scripts are allowed by their hashes rather
 * than a nonce, so the bytes never change per response and the page and its styles fit the
 * first round trip.
 */
export function prerenderedPageHandler(
  clientDir: string,
  /** Requests that must be rendered afresh (e.g. a signed-in visitor's, whose header differs). */
  isPersonal: (req: Request) => boolean,
  baseUrl: string,
  stylesheet: StylesheetFor,
): RequestHandler {
  const files = findPrerenderedFiles(clientDir);
  const buildOrigin = buildBaseUrl(files.get("/"));
  const withOrigin = (text: string) =>
    buildOrigin && buildOrigin !== baseUrl ? text.replaceAll(buildOrigin, baseUrl) : text;

  const pages = new Map<string, Page>();
  const data = new Map<string, string>();
  for (const [route, file] of files) {
    const text = withOrigin(fs.readFileSync(file, "utf8"));
    if (route.endsWith(".data")) {
      data.set(route, text);
      continue;
    }
    const html = firstPaintHtml(text, stylesheet);
    pages.set(route, {
      html: Buffer.from(html),
      brotli: zlib.brotliCompressSync(html, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
      scriptHashes: inlineScriptHashes(html),
    });
  }

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isPersonal(req)) return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const dataFile = data.get(pathname);
    if (dataFile !== undefined) {
      res.setHeader("Cache-Control", "public, no-cache");
      res.type("application/octet-stream").send(dataFile);
      return;
    }
    const page = pages.get(pathname);
    if (page === undefined) return next();
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    res.setHeader("Content-Security-Policy", csp.replace(/'nonce-[^']*'/, page.scriptHashes));
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    res.type("html");
    if (req.acceptsEncodings("br")) {
      res.setHeader("Content-Encoding", "br");
      res.send(page.brotli);
    } else {
      res.send(page.html);
    }
  };
}

/** Prerendered pages (index.html) and their loader data (<path>.data), by URL path. */
function findPrerenderedFiles(clientDir: string) {
  const files = new Map<string, string>();
  if (!fs.existsSync(clientDir)) return files;
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, file).split(path.sep).join("/");
    if (entry.name === "index.html") {
      files.set("/" + relative.replace(/\/?index\.html$/, ""), file);
    } else if (entry.name.endsWith(".data") && !relative.startsWith("assets/")) {
      files.set("/" + relative, file);
    }
  }
  return files;
}

/** The site origin the build prerendered with: the home page's canonical URL names it. */
function buildBaseUrl(homePage: string | undefined) {
  if (!homePage) return undefined;
  return /<link rel="canonical" href="([^"]+?)\/"\/>/.exec(fs.readFileSync(homePage, "utf8"))?.[1];
}

/** CSP sources for the page's inline scripts (JSON-LD is data, not script, and needs none). */
function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=|application\/ld\+json/.test(attributes!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body!).digest("base64")}'`);
  }
  return [...hashes].join(" ");
}
