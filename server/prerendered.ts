import fs from "node:fs";
import path from "node:path";
import type { Request, RequestHandler } from "express";
import type { Locals } from "./security";

/**
 * Serves the HTML that the build prerendered (build/client/<path>/index.html) for GET
 * and HEAD requests, with this response's CSP nonce added to its scripts. Everything
 * else (form posts, dynamic pages, unknown paths) falls through to server rendering.
 */
export function prerenderedPageHandler(
  clientDir: string,
  /** Requests that must be rendered afresh (e.g. a signed-in visitor's, whose header differs). */
  isPersonal: (req: Request) => boolean,
): RequestHandler {
  const pages = new Map<string, string>();
  for (const file of findIndexHtmlFiles(clientDir)) {
    const route = "/" + path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
    pages.set(route === "/." || route === "/" ? "/" : route, fs.readFileSync(file, "utf8"));
  }
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isPersonal(req)) return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const html = pages.get(pathname);
    if (html === undefined) return next();
    const { cspNonce } = res.locals as Locals;
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Vary", "Cookie");
    res.type("html").send(html.replaceAll("<script", `<script nonce="${cspNonce}"`));
  };
}

function findIndexHtmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name));
}
