/**
 * Serves a built single-page app as any static host would, for bench:web's --compare: files with
 * gzip, and index.html for every path that is not a file (the SPA fallback).
 *   npm run serve:static -- <dist folder> [--port 4600]
 * Listens on 127.0.0.1 (never the browser tests' 4173).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt"]);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: "string", default: "4600" } },
});
const root = path.resolve(positionals[0] ?? "");
if (!positionals[0] || !fs.existsSync(path.join(root, "index.html"))) {
  console.error("Usage: npm run serve:static -- <folder with index.html> [--port 4600]");
  process.exit(2);
}

/** Each file read, and compressed, once: the folder is a build, which does not change while served. */
const files = new Map<string, { body: Buffer; gzipped?: Buffer }>();
const INDEX = path.join(root, "index.html");

/** The file a path names inside the folder, or index.html (the SPA fallback, also for a malformed path). */
function fileFor(url: string | undefined) {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url ?? "/", "http://x").pathname);
  } catch {
    return INDEX;
  }
  const file = path.join(root, path.normalize(pathname));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return INDEX;
  return file;
}

const server = http.createServer((request, response) => {
  const file = fileFor(request.url);
  const extension = path.extname(file);
  if (!files.has(file)) files.set(file, { body: fs.readFileSync(file) });
  const cached = files.get(file)!;
  let body = cached.body;
  const headers: http.OutgoingHttpHeaders = {
    "Content-Type": TYPES[extension] ?? "application/octet-stream",
    "Cache-Control": extension === ".html" ? "no-cache" : "public, max-age=31536000",
  };
  if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers["accept-encoding"]))) {
    cached.gzipped ??= zlib.gzipSync(cached.body, { level: 9 });
    body = cached.gzipped;
    headers["Content-Encoding"] = "gzip";
    headers["Vary"] = "Accept-Encoding";
  }
  headers["Content-Length"] = body.length;
  response.writeHead(200, headers).end(request.method === "HEAD" ? undefined : body);
});
server.listen(Number(values.port), "127.0.0.1", () =>
  console.log(`Serving ${root} on http://127.0.0.1:${values.port}`),
);
