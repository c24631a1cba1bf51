/**
 * Writes a maximum-quality Brotli copy (.br) beside every script, style sheet, WebAssembly binary,
 * model weight file and SVG of the client build, so the server never spends CPU compressing them per request.
 * Usage: tsx scripts/precompress.ts [build dir]
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const clientDir = path.join(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|wasm|bin)$/;

let before = 0;
let after = 0;
for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const source = fs.readFileSync(file);
  const compressed = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  if (compressed.length >= source.length) continue;
  fs.writeFileSync(`${file}.br`, compressed);
  before += source.length;
  after += compressed.length;
}
console.log(`precompress: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);
