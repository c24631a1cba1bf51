import {
  CARD_OCR_ENGINE_MODE,
  CARD_OCR_LANGUAGE,
  CARD_OCR_PARAMETERS,
  CARD_OCR_ROTATE_AUTO,
} from "~/domain/card-reading-settings";
import type { WorkerParams } from "tesseract.js";
import { OCR_PATHS } from "./ocr-files";

/** How far reading has got, 0 to 1, with tesseract's own name for the step. */
export type ReadProgress = { step: string; progress: number };

/**
 * The text on a photographed card, read on this device (decision 22): tesseract.js runs in a
 * Web Worker of its own, with its files from our origin (ocr-files.ts), loaded only now. The
 * photo goes nowhere: only the words come back to the page.
 */
export async function readCardText(
  image: Blob,
  onProgress: (progress: ReadProgress) => void,
): Promise<string> {
  const { createWorker } = await import("tesseract.js");
  const worker = await createWorker(CARD_OCR_LANGUAGE, CARD_OCR_ENGINE_MODE, {
    workerPath: OCR_PATHS.worker,
    corePath: OCR_PATHS.core,
    langPath: OCR_PATHS.lang,
    // A worker started from its own URL, not a blob: the page's CSP allows workers of our origin.
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) =>
      onProgress({ step: message.status, progress: message.progress }),
  });
  try {
    // The settings module keeps tesseract's values as plain strings (PSM "6"), which its enum types are.
    await worker.setParameters(CARD_OCR_PARAMETERS as unknown as Partial<WorkerParams>);
    const { data } = await worker.recognize(await fitForReading(image), { rotateAuto: CARD_OCR_ROTATE_AUTO });
    return data.text;
  } finally {
    await worker.terminate();
  }
}

/**
 * A phone's photo (4,000 px and more) scaled to the size `npm run bench:ocr` measured: tesseract's
 * thresholding window follows its estimate of the resolution, and a smaller image reads faster.
 */
const READ_SIDE = 2400;

async function fitForReading(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  const scale = READ_SIDE / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1 || typeof OffscreenCanvas === "undefined") {
    bitmap.close();
    return image;
  }
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.convertToBlob({ type: "image/png" });
}
