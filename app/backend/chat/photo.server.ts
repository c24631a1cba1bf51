import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { CHAT_ERRORS, CHAT_LIMITS } from "~/domain/chat";

/*
 * A photo attached to an emergency chat is decoded and encoded again as a JPEG of at most
 * CHAT_LIMITS.photoSide pixels: what is stored has no metadata at all (no GPS position, no
 * camera serial), and a file that only claims to be an image is refused. Pure JavaScript
 * (jpeg-js, pngjs): nothing to compile or download.
 */

/**
 * Larger than a phone's usual photo; a file claiming more is refused before decoding (a small
 * file may claim a huge image: memory and seconds of work).
 */
const MAX_MEGAPIXELS = 24;
const JPEG_QUALITY = 85;

type Rgba = { width: number; height: number; data: Uint8Array };

export type PhotoOutcome =
  { ok: true; jpeg: Uint8Array; width: number; height: number } | { ok: false; error: string };

export function reencodePhoto(file: Uint8Array): PhotoOutcome {
  if (file.byteLength > CHAT_LIMITS.photoBytes) return { ok: false, error: CHAT_ERRORS.photoTooLarge };
  const kind = isJpeg(file) ? "jpeg" : isPng(file) ? "png" : null;
  if (!kind) return { ok: false, error: CHAT_ERRORS.photoType };
  let image: Rgba;
  try {
    image = kind === "jpeg" ? decodeJpeg(file) : decodePng(file);
  } catch {
    return { ok: false, error: CHAT_ERRORS.photoUnreadable };
  }
  const fitted = fitWithin(image, CHAT_LIMITS.photoSide);
  // Only the pixels: jpeg-js keeps a decoded photo's EXIF block beside them, and would write it back.
  const pixels = {
    width: fitted.width,
    height: fitted.height,
    data: Buffer.from(fitted.data.buffer, fitted.data.byteOffset),
  };
  const encoded = jpeg.encode(pixels, JPEG_QUALITY);
  return { ok: true, jpeg: new Uint8Array(encoded.data), width: fitted.width, height: fitted.height };
}

function isJpeg(file: Uint8Array) {
  return file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff;
}

function isPng(file: Uint8Array) {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => file[i] === byte);
}

function decodeJpeg(file: Uint8Array): Rgba {
  const decoded = jpeg.decode(file, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_MEGAPIXELS,
    maxMemoryUsageInMB: 256,
  });
  // A phone stores the photo as the sensor saw it, and how to turn it in the metadata we drop.
  return orient(decoded, exifOrientation(file));
}

function decodePng(file: Uint8Array): Rgba {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(16) * view.getUint32(20) > MAX_MEGAPIXELS * 1_000_000) throw new Error("too large");
  const png = PNG.sync.read(Buffer.from(file));
  // Transparent parts become white, as a JPEG has no transparency.
  const data = new Uint8Array(png.data);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]! / 255;
    for (let c = 0; c < 3; c += 1) data[i + c] = Math.round(data[i + c]! * alpha + 255 * (1 - alpha));
    data[i + 3] = 255;
  }
  return { width: png.width, height: png.height, data };
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
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) / scale)));
      const sum = [0, 0, 0, 0];
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
