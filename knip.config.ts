import type { KnipConfig } from "knip";

/*
 * `npm run lint` fails on files, exports and dependencies nothing uses (decision 10). Knip finds
 * the entries of React Router, Vite, Vitest, Playwright and package.json's scripts itself; the
 * ones named here are reached another way.
 */
const config: KnipConfig = {
  entry: [
    // The service worker: the page registers it by its URL.
    "public/sw.js",
    // Module augmentation of React Router's load context: read by the type checker, imported by nobody.
    "app/load-context.ts",
    // Scripts run by hand with tsx (their header says how), as well as those package.json names.
    "scripts/*.ts",
  ],
  // An export used in its own module is part of that module's interface for its tests and readers.
  ignoreExportsUsedInFile: true,
  // The push-service fake makes its TLS certificate with the system's openssl.
  ignoreBinaries: ["openssl"],
  // A path handed to bash by the two-server tests, not an import.
  ignoreUnresolved: ["scripts/with-postgres.sh"],
  // The icon sprite's builder imports each icon by a name it reads from the list (icons/build-sprite.ts);
  // the share PDF reads its font files by path (backend/share-pdf.server.ts); the build copies text
  // recognition's model by path (features/documents/ocr-files.ts).
  ignoreDependencies: ["lucide-react", "dejavu-fonts-ttf", "@tesseract.js-data/eng"],
};

export default config;
