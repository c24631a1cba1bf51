import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Answers requests for static files with the .br copy the build wrote beside them
 * (scripts/precompress.ts) when the browser accepts Brotli. Anything else falls through
 * to the plain static handler.
 */
export function precompressedStatic(rootDir: string, cacheControl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!req.acceptsEncodings("br")) return next();
    const file = path.join(
      rootDir,
      path.normalize(decodeURIComponent(req.path)).replace(/^(\.\.[/\\])+/, ""),
    );
    if (!file.startsWith(rootDir + path.sep) || !fs.existsSync(`${file}.br`)) return next();
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", cacheControl);
    res.type(path.extname(file));
    // Fingerprinted and immutable: validators and ranges would only add header bytes.
    res.sendFile(`${file}.br`, { etag: false, lastModified: false, acceptRanges: false });
  };
}
