import { isMainThread, parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/*
 * The costly half of re-encoding a photo, sent in a chat or attached to a pet's records
 * (photo.server.ts decides whether to, and waits): decoding it, turning it as the phone meant,
 * scaling it down and encoding it again as a JPEG with no metadata; and of copying an attached
 * PDF's pages. Seconds of work for the largest files, so it runs in a worker thread of its own,
 * where it blocks no request.
 *
 * The worker loads this very module (PHOTO_WORKER_URL). It imports only packages and Node's
 * modules, and photo.server.ts imports it only with import(): the build keeps it a file of its
 * own (build/server/assets/photo-worker.server-*.js), so a worker loads this and nothing else.
 */

export const PHOTO_WORKER_URL = import.meta.url;

/** What the worker is given (its workerData). */
export type PhotoJob = {
  role: typeof PHOTO_JOB;
  file: Uint8Array;
  kind: "jpeg" | "png";
  /** The longest side of what is stored, in pixels. */
  side: number;
  quality: number;
  /** jpeg-js's own limits, a second guard behind photo.server.ts's checks of the header. */
  maxMegapixels: number;
  maxMemoryMb: number;
};

/** What the worker answers: the JPEG, or why not. */
export type PhotoResult =
  | { ok: true; jpeg: Uint8Array; width: number; height: number }
  | { ok: false; reason: "unreadable" | "tooCostly" };

/** Marks a worker's data as a photo job (a module loaded by some other worker does nothing). */
export const PHOTO_JOB = "pawpal-photo-job";

type Rgba = { width: number; height: number; data: Uint8Array };

export function reencodeImage(job: PhotoJob): PhotoResult {
  let image: Rgba;
  let orientation = 1;
  try {
    if (job.kind === "jpeg") {
      image = decodeJpeg(job);
      orientation = exifOrientation(job.file);
    } else {
      image = decodePng(job.file);
    }
  } catch (error) {
    // jpeg-js's limits ("maxResolutionInMP limit exceeded", "maxMemoryUsageInMB limit exceeded").
    const tooCostly = error instanceof Error && /limit exceeded/.test(error.message);
    return { ok: false, reason: tooCostly ? "tooCostly" : "unreadable" };
  }
  // Scaled first, then turned: turning the small image costs a fraction of turning the large one.
  const fitted = orient(fitWithin(image, job.side), orientation);
  // Only the pixels: jpeg-js keeps a decoded photo's EXIF block beside them, and would write it back.
  const pixels = {
    width: fitted.width,
    height: fitted.height,
    data: Buffer.from(fitted.data.buffer, fitted.data.byteOffset, fitted.data.byteLength),
  };
  const encoded = jpeg.encode(pixels, job.quality);
  return { ok: true, jpeg: new Uint8Array(encoded.data), width: fitted.width, height: fitted.height };
}

function decodeJpeg(job: PhotoJob): Rgba {
  return jpeg.decode(job.file, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: job.maxMegapixels,
    maxMemoryUsageInMB: job.maxMemoryMb,
  });
}

function decodePng(file: Uint8Array): Rgba {
  checkInterlacedSize(file);
  const png = PNG.sync.read(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  // Transparent parts become white, as a JPEG has no transparency.
  const data = new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]! / 255;
    for (let c = 0; c < 3; c += 1) data[i + c] = Math.round(data[i + c]! * alpha + 255 * (1 - alpha));
    data[i + 3] = 255;
  }
  return { width: png.width, height: png.height, data };
}

/**
 * pngjs inflates an interlaced PNG's data with no limit (a non-interlaced one only up to the
 * size its header gives): a few MB of compressed zeros would become gigabytes. So an interlaced
 * PNG is inflated here first, refused as soon as it grows past what its header allows.
 */
export function checkInterlacedSize(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file[28] !== 1) return;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitsPerPixel = file[24]! * ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[file[25]!] ?? 4);
  // The seven passes' rows hold at most the image's bytes, plus a filter byte and a partial byte
  // for each of their (fewer than 2 × height) rows.
  const limit = Math.ceil((width * height * bitsPerPixel) / 8) + 4 * height + 64;
  const parts: Uint8Array[] = [];
  for (let offset = 8; offset + 8 <= file.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...file.subarray(offset + 4, offset + 8));
    if (type === "IDAT") parts.push(file.subarray(offset + 8, offset + 8 + length));
    if (type === "IEND") break;
    offset += 12 + length;
  }
  zlib.inflateSync(Buffer.concat(parts), { maxOutputLength: limit });
}

/** The EXIF Orientation (1–8) of a JPEG, 1 when it has none. */
export function exifOrientation(file: Uint8Array): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = 2;
  while (offset + 4 <= file.length && file[offset] === 0xff) {
    const marker = file[offset + 1]!;
    const length = view.getUint16(offset + 2);
    if (marker === 0xda) break; // image data begins: no more metadata
    const isExif =
      marker === 0xe1 &&
      String.fromCharCode(...file.subarray(offset + 4, offset + 8)) === "Exif" &&
      length > 16;
    if (isExif) return readOrientation(view, offset + 10);
    offset += 2 + length;
  }
  return 1;
}

function readOrientation(view: DataView, tiff: number): number {
  try {
    const little = view.getUint16(tiff) === 0x4949;
    const ifd = tiff + view.getUint32(tiff + 4, little);
    const entries = view.getUint16(ifd, little);
    for (let i = 0; i < entries; i += 1) {
      const entry = ifd + 2 + i * 12;
      if (view.getUint16(entry, little) === 0x0112) {
        const value = view.getUint16(entry + 8, little);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    // A broken EXIF block: the photo as stored.
  }
  return 1;
}

/** Turns and mirrors the pixels as EXIF orientation 1–8 says. */
function orient(image: Rgba, orientation: number): Rgba {
  if (orientation === 1) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const out = new Uint8Array(width * height * 4);
  const source: Record<number, (x: number, y: number) => [number, number]> = {
    2: (x, y) => [w - 1 - x, y],
    3: (x, y) => [w - 1 - x, h - 1 - y],
    4: (x, y) => [x, h - 1 - y],
    5: (x, y) => [y, x],
    6: (x, y) => [y, h - 1 - x],
    7: (x, y) => [w - 1 - y, h - 1 - x],
    8: (x, y) => [w - 1 - y, x],
  };
  const from = source[orientation]!;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [sx, sy] = from(x, y);
      out.set(data.subarray((sy * w + sx) * 4, (sy * w + sx) * 4 + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data: out };
}

/** Scaled down (each pixel the average of the ones it covers) so neither side exceeds `side`. */
function fitWithin(image: Rgba, side: number): Rgba {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8Array(width * height * 4);
  const sum = [0, 0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) / scale)));
      sum.fill(0);
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const i = (sy * image.width + sx) * 4;
          for (let c = 0; c < 4; c += 1) sum[c]! += image.data[i + c]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c += 1) out[(y * width + x) * 4 + c] = Math.round(sum[c]! / n);
    }
  }
  return { width, height, data: out };
}

/** A PDF attached to a pet's records (domain/attachments.ts): copied page by page, at most `maxPages`. */
export type PdfJob = { role: typeof PDF_JOB; file: Uint8Array; maxPages: number };

export type PdfResult =
  | { ok: true; pdf: Uint8Array; pages: number }
  // tooCostly: the worker ran out of its memory or its time (photo.server.ts).
  | { ok: false; reason: "unreadable" | "tooManyPages" | "tooCostly" };

export const PDF_JOB = "pawpal-pdf-job";

/**
 * A new PDF made of the sent one's pages: the document's information and XMP metadata, its
 * opening action, scripts, forms and attachments stay behind (they belong to the catalog, which is
 * not copied), and each page's own annotations and actions are dropped. pdf-lib is loaded only
 * here, so a photo job does not pay for it. An encrypted PDF is refused: it cannot be copied.
 */
export async function copyPdfPages(job: PdfJob): Promise<PdfResult> {
  const { PDFDocument, PDFName } = await import("pdf-lib");
  try {
    // A file with a PDF's header but no page tree loads, and fails only when its pages are asked for.
    const source = await PDFDocument.load(job.file, { updateMetadata: false });
    const count = source.getPageCount();
    if (count === 0) return { ok: false, reason: "unreadable" };
    if (count > job.maxPages) return { ok: false, reason: "tooManyPages" };
    const copy = await PDFDocument.create({ updateMetadata: false });
    for (const page of await copy.copyPages(source, source.getPageIndices())) {
      page.node.delete(PDFName.of("Annots"));
      page.node.delete(PDFName.of("AA"));
      copy.addPage(page);
    }
    return { ok: true, pdf: await copy.save(), pages: count };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

// In a worker started with a job: do it, answer, and end (the worker has nothing else to do).
const job = workerData as PhotoJob | PdfJob | undefined;
if (!isMainThread && job?.role === PHOTO_JOB) {
  const result = reencodeImage(job);
  parentPort!.postMessage(result, result.ok ? [result.jpeg.buffer as ArrayBuffer] : []);
}
if (!isMainThread && job?.role === PDF_JOB) {
  void copyPdfPages(job).then((result) =>
    parentPort!.postMessage(result, result.ok ? [result.pdf.buffer as ArrayBuffer] : []),
  );
}
