// Relative, not "~/": vite.config.ts imports this module before the alias exists.
import { CARD_OCR_TRAINEDDATA } from "../../domain/card-reading-settings";

/**
 * Where the browser finds text recognition's files (decision 22): tesseract.js' worker, its
 * WebAssembly core and the English model, copied from their npm packages into the client build
 * by vite.config.ts (ocrFiles), served from our origin, and fetched only when an owner asks to
 * read a card. Versioned paths, since their names carry no hash; ocr-files.test.ts checks the
 * versions against the installed packages.
 */
export const OCR_VERSIONS = { tesseract: "7.0.0", core: "7.0.0", eng: CARD_OCR_TRAINEDDATA } as const;

export const OCR_PATHS = {
  worker: `/ocr/tesseract.js-${OCR_VERSIONS.tesseract}/worker.min.js`,
  /** A folder: the worker picks the core its browser runs (relaxed SIMD, SIMD or neither). */
  core: `/ocr/tesseract.js-core-${OCR_VERSIONS.core}`,
  /** A folder holding eng.traineddata.gz. */
  lang: `/ocr/eng-${OCR_VERSIONS.eng}`,
} as const;

/** What the build copies where: each path under the client build, from node_modules. */
export const OCR_FILES: Readonly<Record<string, string>> = {
  [`${OCR_PATHS.worker}`]: "tesseract.js/dist/worker.min.js",
  ...Object.fromEntries(
    [
      "tesseract-core-relaxedsimd-lstm.wasm.js",
      "tesseract-core-simd-lstm.wasm.js",
      "tesseract-core-lstm.wasm.js",
    ].map((file) => [`${OCR_PATHS.core}/${file}`, `tesseract.js-core/${file}`]),
  ),
  [`${OCR_PATHS.lang}/eng.traineddata.gz`]: `@tesseract.js-data/eng/${OCR_VERSIONS.eng}/eng.traineddata.gz`,
};
