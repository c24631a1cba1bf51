import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import { defineConfig, type Plugin } from "vite";
import { OCR_FILES } from "./app/features/documents/ocr-files";

const SHELL_MODULES = [
  /\/app\/components\/layout\//,
  /\/app\/components\/ui\/(button|icon|toaster|card|badge|section|use-hydrated)\.tsx?$/,
  // Not zod, the form helpers, the nearby search (its answer's schema), the viewer's time zone
  // and its hook (it checks zones with the availability rules), the time formats (chat and
  // consultation pages only), the auth texts (sign-in pages only) or the analysis' out-of-fold
  // figures (the report and /accuracy only): zod is for pages with forms, not every page (the
  // bundles test keeps it off the home page).
  /\/app\/(utils\/(?!zod|forms|nearby-api|time-zone|use-viewer-time-zone|format-time)|content\/(?!auth|verify-email|answer-reasons|analysis-out-of-fold))/,
  // What the signed-in account's plan opens (its types and isPaying), for the home page and others.
  /\/app\/domain\/account-access\.ts$/,
  /\/node_modules\/clsx\//,
  // react-dom's small non-client half (flushSync), which React Router loads on every page anyway.
  /\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)/,
];

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, open
 * as #14102): its development warnings, and the code that writes them, in every page's shell.
 * The browser build takes the production build the package ships beside it (the same code with
 * those warnings off; -0.5 KiB of Brotli on every page). Both entry points, so that one copy of
 * the router and its contexts is loaded; the server keeps the package's own choice.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = new URL("./node_modules/react-router/dist/production/", import.meta.url).pathname;
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "pawpal:react-router-production",
    apply: "build",
    enforce: "pre",
    resolveId(source, _importer, options) {
      if (options.ssr || !Object.hasOwn(files, source)) return null;
      return dist + files[source];
    },
  };
}

/**
 * Text recognition's files (app/features/documents/ocr-files.ts) at fixed paths of the client
 * build: tesseract.js asks for its worker, core and model by URL, so they cannot be hashed
 * imports. In development they are served from node_modules.
 */
function ocrFiles(): Plugin {
  const source = (file: string) => new URL(`./node_modules/${file}`, import.meta.url);
  return {
    name: "pawpal:ocr-files",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = OCR_FILES[req.url?.split("?")[0] ?? ""];
        if (!file) return next();
        res.setHeader("Content-Type", file.endsWith(".js") ? "text/javascript" : "application/octet-stream");
        fs.createReadStream(source(file)).pipe(res);
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [url, file] of Object.entries(OCR_FILES))
        this.emitFile({ type: "asset", fileName: url.slice(1), source: fs.readFileSync(source(file)) });
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), tailwindcss(), reactRouter(), ocrFiles()],
  build: {
    // SOURCEMAP=1 npm run build: to see what a chunk is made of.
    sourcemap: process.env.SOURCEMAP === "1",
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    // <use href="sprite.svg#id"> cannot point into a data: URL, so the sprite stays a file.
    assetsInlineLimit: (file) => (file.endsWith("sprite.svg") ? false : undefined),
    rollupOptions: {
      output: {
        // Code every page needs (layout, basic UI, helpers) in one chunk rather than a
        // dozen tiny requests that each cost a round trip and headers.
        manualChunks(id) {
          if (SHELL_MODULES.some((pattern) => pattern.test(id))) return "shell";
        },
      },
    },
  },
  // The analysis worker splits its code (the breed model's loader) into chunks of its own.
  worker: { format: "es" },
  resolve: {
    alias: {
      "~": new URL("./app", import.meta.url).pathname,
      // The COCO detector's files inside @vladmandic/human, whose package exports hide them.
      "@detector-model": new URL("./node_modules/@vladmandic/human/models", import.meta.url).pathname,
    },
  },
});
