import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { CHAT_ERRORS, CHAT_LIMITS } from "~/domain/chat";
import type { PdfJob, PdfResult, PhotoJob, PhotoResult } from "./photo-worker.server";

/*
 * A photo attached to an emergency chat is decoded and encoded again as a JPEG of at most
 * CHAT_LIMITS.photoSide pixels: what is stored has no metadata at all (no GPS position, no
 * camera serial), and a file that only claims to be an image is refused. Pure JavaScript
 * (jpeg-js, pngjs): nothing to compile or download.
 *
 * A small file may claim a huge image, whose decoding costs seconds and hundreds of MB. So, here
 * on the event loop, only the header is read (the PNG's IHDR, the JPEG's frame header): an image
 * over 24 megapixels, whose decoded samples would exceed MAX_DECODED_BYTES (bit depth counts),
 * or for which jpeg-js would want more than JPEG_MEMORY_MB, is refused before any decoding. What
 * is accepted is decoded in a worker thread (photo-worker.server.ts), one photo at a time, so no
 * request but those sending photos waits on it; at most MAX_WAITING photos wait their turn, and
 * one more is refused as "busy" (the chat also limits photos per account: chatPhoto).
 */

/** Larger than a phone's usual photo. */
const MAX_MEGAPIXELS = 24;
/**
 * What the decoded samples may weigh: width × height × channels × bytes per sample. 24
 * megapixels at 8 bits per channel with transparency (RGBA); at 16 bits per channel, half that.
 */
export const MAX_DECODED_BYTES = MAX_MEGAPIXELS * 1_000_000 * 4;
/** jpeg-js's own reckoning of its memory (its blocks, lines and output). */
const JPEG_MEMORY_MB = 256;
const JPEG_QUALITY = 85;
/** Photos decoded at once: each may take hundreds of MB, and a CPU core for seconds. */
const DECODERS = 1;
/** Photos waiting for their turn; one more is refused at once (PHOTO_BUSY), not queued without end. */
export const MAX_WAITING = 6;
/** A decode still running after this is stopped, and the photo refused. */
const DECODE_TIMEOUT_MS = 30_000;
/**
 * The worker's JavaScript heap (jpeg-js keeps a small object for each 8×8 block). The decoded
 * pixels sit in buffers outside it: what bounds a decode's memory is the header check.
 */
const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

/** Refuses a photo too costly to decode (too many pixels, or samples too deep); beside CHAT_ERRORS' photo sentences. */
export const PHOTO_TOO_COSTLY =
  "The photo is too large to process: please send a smaller one (at most 24 megapixels, as a JPEG or an ordinary PNG).";

/** More photos wait to be processed than this process takes: the words can go without one. */
export const PHOTO_BUSY =
  "Many photos are being processed right now: please send yours again in a minute (your message can go without it).";

export type PhotoOutcome =
  { ok: true; jpeg: Uint8Array; width: number; height: number } | { ok: false; error: string };

/**
 * What a PNG's IHDR or a JPEG's frame header says of the image; for a JPEG, also the memory
 * jpeg-js will ask for (it refuses past JPEG_MEMORY_MB, but only once it gets there).
 */
export type ImageHeader = {
  width: number;
  height: number;
  channels: number;
  bitDepth: number;
  decoderBytes?: number;
};

/** How large a photo may be sent, and its longest side once stored: the chat's unless said. */
type PhotoLimits = { maxBytes?: number; side?: number };

export async function reencodePhoto(
  file: Uint8Array,
  { maxBytes = CHAT_LIMITS.photoBytes, side = CHAT_LIMITS.photoSide }: PhotoLimits = {},
): Promise<PhotoOutcome> {
  if (file.byteLength > maxBytes) return { ok: false, error: CHAT_ERRORS.photoTooLarge };
  const kind = isJpeg(file) ? "jpeg" : isPng(file) ? "png" : null;
  if (!kind) return { ok: false, error: CHAT_ERRORS.photoType };
  const header = kind === "jpeg" ? jpegHeader(file) : pngHeader(file);
  if (!header) return { ok: false, error: CHAT_ERRORS.photoUnreadable };
  if (!affordable(header)) return { ok: false, error: PHOTO_TOO_COSTLY };
  if (running >= DECODERS && waiting.length >= MAX_WAITING) return { ok: false, error: PHOTO_BUSY };
  const result = await inWorker({
    role: "pawpal-photo-job", // PHOTO_JOB, whose module this one imports only with import()
    file,
    kind,
    side,
    quality: JPEG_QUALITY,
    maxMegapixels: MAX_MEGAPIXELS,
    maxMemoryMb: JPEG_MEMORY_MB,
  });
  if (result.ok) return result;
  return { ok: false, error: result.reason === "tooCostly" ? PHOTO_TOO_COSTLY : CHAT_ERRORS.photoUnreadable };
}

/** An attached PDF copied page by page in the worker (photo-worker.server.ts copyPdfPages), in the photos' line. */
export async function copyPdf(
  file: Uint8Array,
  maxPages: number,
): Promise<PdfResult | { ok: false; reason: "busy" }> {
  if (running >= DECODERS && waiting.length >= MAX_WAITING) return { ok: false, reason: "busy" };
  return inWorker({ role: "pawpal-pdf-job", file, maxPages }); // PDF_JOB
}

/** The bytes the decoded samples take: width × height × channels × bytes per sample (16 bits: 2). */
export function decodedBytes({ width, height, channels, bitDepth }: ImageHeader): number {
  return width * height * channels * Math.ceil(bitDepth / 8);
}

function affordable(header: ImageHeader) {
  return (
    header.width * header.height <= MAX_MEGAPIXELS * 1_000_000 &&
    decodedBytes(header) <= MAX_DECODED_BYTES &&
    (header.decoderBytes ?? 0) <= JPEG_MEMORY_MB * 1024 * 1024
  );
}

function isJpeg(file: Uint8Array) {
  return file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff;
}

function isPng(file: Uint8Array) {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => file[i] === byte);
}

/** Channels of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The PNG's IHDR (the first chunk, always): null when it is not there or makes no sense. */
export function pngHeader(file: Uint8Array): ImageHeader | null {
  if (file.length < 33) return null;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const type = String.fromCharCode(...file.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = file[24]!;
  const channels = PNG_CHANNELS[file[25]!];
  if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return null;
  return { width, height, channels, bitDepth };
}

/** A JPEG's frame header (SOF0–SOF15): size, sample precision and components; null when there is none. */
export function jpegHeader(file: Uint8Array): ImageHeader | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let found: ImageHeader | null = null;
  let offset = 2;
  while (offset + 4 <= file.length) {
    if (file[offset] !== 0xff) return null;
    const marker = file[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // the image data (or the end)
    if (marker === 0xff) {
      offset += 1; // a fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // a marker without a segment (TEM, RST0–7)
      continue;
    }
    const length = view.getUint16(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (found) return null; // two frames: jpeg-js decodes neither
      found = jpegFrame(file.subarray(offset + 4, offset + 2 + length));
      if (!found) return null;
    }
    offset += 2 + length;
  }
  return found;
}

/** A frame header's fields (after its length): precision, height, width, then each component's sampling. */
function jpegFrame(frame: Uint8Array): ImageHeader | null {
  const channels = frame[5] ?? 0;
  if (frame.length < 6 + 3 * channels) return null;
  const height = (frame[1]! << 8) | frame[2]!;
  const width = (frame[3]! << 8) | frame[4]!;
  const sampling = Array.from({ length: channels }, (_, i) => {
    const factors = frame[6 + 3 * i + 1]!;
    return { h: factors >> 4, v: factors & 15 };
  });
  if (!width || !height || !channels || sampling.some(({ h, v }) => !h || !v)) return null;
  return { width, height, channels, bitDepth: frame[0]!, decoderBytes: jpegJsBytes(width, height, sampling) };
}

/**
 * The memory jpeg-js reckons a decode takes (its requestMemoryAllocation calls): 256 bytes for
 * each 8×8 block of each component, a byte for each of their samples, then width × height × the
 * components, and the RGBA output.
 */
function jpegJsBytes(width: number, height: number, sampling: { h: number; v: number }[]): number {
  const maxH = Math.max(...sampling.map(({ h }) => h));
  const maxV = Math.max(...sampling.map(({ v }) => v));
  const mcusPerLine = Math.ceil(width / 8 / maxH);
  const mcusPerColumn = Math.ceil(height / 8 / maxV);
  let bytes = width * height * (sampling.length + 4);
  for (const { h, v } of sampling) {
    bytes += mcusPerLine * h * mcusPerColumn * v * 256;
    bytes +=
      Math.ceil((Math.ceil(width / 8) * h) / maxH) * Math.ceil((Math.ceil(height / 8) * v) / maxV) * 64;
  }
  return bytes;
}

/* One photo at a time in a worker: the others wait their turn, in order. */

let running = 0;
const waiting: (() => void)[] = [];

async function inWorker(job: PhotoJob): Promise<PhotoResult>;
async function inWorker(job: PdfJob): Promise<PdfResult>;
async function inWorker(job: PhotoJob | PdfJob): Promise<PhotoResult | PdfResult> {
  if (running < DECODERS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await runWorker(job);
  } finally {
    // The turn goes straight to the next in line, if any (so none can slip in between).
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

let workerEntry: Promise<URL> | undefined;

/** Where photo-worker.server.ts is: its own file in the build, the TypeScript source otherwise. */
function photoWorkerUrl(): Promise<URL> {
  workerEntry ??= import("./photo-worker.server").then(({ PHOTO_WORKER_URL }) => {
    // Bundled into this module's file, a worker would load the whole server.
    if (PHOTO_WORKER_URL === import.meta.url)
      throw new Error("photo-worker.server.ts has no file of its own");
    return new URL(PHOTO_WORKER_URL);
  });
  return workerEntry;
}

/**
 * Under Vitest or `react-router dev` the worker's module is TypeScript, which Node cannot load
 * itself: tsx (a dev dependency) compiles it in the worker.
 */
const TSX_ENTRY = `
const { workerData } = require("node:worker_threads");
require(workerData.tsx).register();
require(workerData.entry);
`;

async function startWorker(job: PhotoJob | PdfJob): Promise<Worker> {
  const url = await photoWorkerUrl();
  if (!url.pathname.endsWith(".ts")) {
    return new Worker(url, { workerData: job, resourceLimits: WORKER_LIMITS });
  }
  const tsx = createRequire(import.meta.url).resolve("tsx/cjs/api");
  return new Worker(TSX_ENTRY, {
    eval: true,
    workerData: { ...job, tsx, entry: fileURLToPath(url) },
    resourceLimits: WORKER_LIMITS,
  });
}

/** The worker's answer; a worker that fails, runs out of memory or takes too long, a refusal. */
async function runWorker(job: PhotoJob | PdfJob): Promise<PhotoResult | PdfResult> {
  let worker: Worker;
  try {
    worker = await startWorker(job);
  } catch (error) {
    console.error(`The photo worker could not start: ${describe(error)}`);
    return { ok: false, reason: "unreadable" };
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PhotoResult | PdfResult, problem?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (problem) console.error(`The photo worker failed: ${problem}`);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "tooCostly" }), DECODE_TIMEOUT_MS);
    worker.once("message", (result: PhotoResult | PdfResult) => settle(result));
    worker.once("error", (error: Error & { code?: string }) =>
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? settle({ ok: false, reason: "tooCostly" })
        : settle({ ok: false, reason: "unreadable" }, describe(error)),
    );
    worker.once("exit", (code) => settle({ ok: false, reason: "unreadable" }, `it exited (${code})`));
  });
}

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
