import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { OCR_FILES, OCR_VERSIONS } from "./ocr-files";

const require = createRequire(import.meta.url);

describe("text recognition's files", () => {
  it("name the versions installed, so an upgrade moves them to new paths", () => {
    expect(require("tesseract.js/package.json").version).toBe(OCR_VERSIONS.tesseract);
    expect(require("tesseract.js-core/package.json").version).toBe(OCR_VERSIONS.core);
  });

  it("come from files that exist, one core for each kind of browser, and the English model", () => {
    for (const source of Object.values(OCR_FILES))
      expect(fs.existsSync(`node_modules/${source}`), source).toBe(true);
    const paths = Object.keys(OCR_FILES);
    expect(paths.filter((path) => path.endsWith("-lstm.wasm.js"))).toHaveLength(3);
    expect(paths.some((path) => path.endsWith("/eng.traineddata.gz"))).toBe(true);
  });
});
