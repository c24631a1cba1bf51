import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Serves the HTML that the build prerendered (build/client/<path>/index.html) for GET
 * and HEAD requests, so marketing pages cost no rendering at all. Everything else
 * (form posts, dynamic pages, unknown paths) falls through to server rendering.
 */
export function prerenderedPageHandler(clientDir: string): RequestHandler {
  const pages = new Map<string, string>();
  for (const file of findIndexHtmlFiles(clientDir)) {
    const route = "/" + path.relative(clientDir, path.dirname(file)).split(path.sep).join("/");
    pages.set(route === "/." || route === "/" ? "/" : route, file);
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = pages.get(pathname);
    if (!file) return next();
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.type("html").sendFile(file);
  };
}

function findIndexHtmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name));
}
