/**
 * Stamps the service worker with the build's version and file lists, then writes a Brotli copy
 * (.br, maximum quality but for model weights) beside every script, style sheet, WebAssembly
 * binary, model weight file and SVG of the client build, so the server never spends CPU
 * compressing them per request.
 * Usage: tsx scripts/precompress.ts [build dir]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const clientDir = path.join(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|wasm|bin)$/;
/**
 * Model weights (~7.7 MB of floats, fetched once for offline analysis) get quality 9: quality 11
 * took 19 of the build's 27 s of compressing, for 2 % fewer bytes of them (measured 2026-11-27:
 * 6.09 MB at 9, 5.90 MB at 11).
 */
const MODEL_WEIGHTS = /\.bin$/;
/**
 * Text recognition's cores (~4 MB each of WebAssembly in base64) get quality 9 too; nothing of
 * it is cached when the service worker installs: it is fetched only when an owner reads a card.
 */
const OCR_FILES = /^ocr\//;

stampServiceWorker();

let before = 0;
let after = 0;
for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const source = fs.readFileSync(file);
  const compressed = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]:
        MODEL_WEIGHTS.test(entry.name) || OCR_FILES.test(path.relative(clientDir, file))
          ? 9
          : zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  if (compressed.length >= source.length) continue;
  fs.writeFileSync(`${file}.br`, compressed);
  before += source.length;
  after += compressed.length;
}
console.log(`precompress: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);

/**
 * Fills in the `BUILD` line of client/sw.js: what it caches when it installs (pages, their
 * data, scripts, styles, icons), what the Features page asks it to cache for offline analysis
 * (WebAssembly, detector and model files), and a version that changes with any of them.
 */
function stampServiceWorker() {
  const worker = path.join(clientDir, "sw.js");
  if (!fs.existsSync(worker)) return;
  const precache: string[] = [];
  const analysis: string[] = [];
  const hash = crypto.createHash("sha256");
  const files = fs
    .readdirSync(clientDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
  for (const file of files) {
    if (file === "sw.js" || file.endsWith(".br") || file === "og-image.jpg" || OCR_FILES.test(file)) continue;
    const url = "/" + file.replace(/\/?index\.html$/, "");
    if (/^(assets\/.*\.(wasm|bin|json)|models\/.*)$/.test(file)) analysis.push(url);
    else precache.push(url);
    hash.update(file).update(fs.readFileSync(path.join(clientDir, file)));
  }
  const build = { version: hash.digest("hex").slice(0, 12), precache, analysis };
  const source = fs
    .readFileSync(worker, "utf8")
    .replace(/^const BUILD = .*$/m, `const BUILD = ${JSON.stringify(build)};`);
  fs.writeFileSync(worker, source);
  console.log(
    `service worker: version ${build.version}, ${precache.length} files on install, ${analysis.length} for offline analysis`,
  );
}
