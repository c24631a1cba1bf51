/**
 * Real photos of cats, dogs and pet-free scenes for the tests, in tests/fixtures/photos/. Each
 * was taken from a Debian package under a licence that allows redistribution; where from, and
 * under which licence, is listed here and in tests/fixtures/photos/ATTRIBUTION.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

export type PhotoKind = "cat" | "dog" | "noPet";

export interface TestPhotoSpec {
  /** The file is tests/fixtures/photos/<name>.jpg. */
  name: string;
  kind: PhotoKind;
  /** The Debian package (bookworm) that ships it, and where. */
  debianPackage: string;
  pathInPackage: string;
  /** What the photo shows (checked by eye). */
  shows: string;
  width: number;
  height: number;
  /** Licence as stated in the package's debian/copyright. */
  licence: string;
}

export const TEST_PHOTO_SPECS = [
  {
    name: "cat-tabby-looking-up",
    kind: "cat",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/cat.jpg",
    shows: "close-up of a brown tabby cat in profile, looking up, dark blurred background",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
  {
    name: "cat-grey-longhair-face",
    kind: "cat",
    debianPackage: "puzzle-jigsaw",
    pathInPackage: "/usr/share/puzzle-jigsaw/samples/cat-animal-cat-portrait-mackerel.jpg",
    shows: "full-frame face of a grey long-haired tabby cat with blue eyes",
    width: 1001,
    height: 648,
    licence: "CC0-1.0 (Pexels, debian/copyright samples/*)",
  },
  {
    name: "dog-porch-bicycle",
    kind: "dog",
    debianPackage: "darknet",
    pathInPackage: "/usr/share/darknet/data/dog.jpg",
    shows: "black-and-tan long-haired dog sitting on a porch beside a red bicycle, white pickup truck behind",
    width: 768,
    height: 576,
    licence: "GPL-3.0+ or MIT or WTFPL (debian/copyright Files: *)",
  },
  {
    name: "dog-shiba-sofa",
    kind: "dog",
    debianPackage: "golang-github-geertjohan-go.rice-dev",
    pathInPackage: "/usr/share/doc/golang-github-geertjohan-go.rice-dev/examples/example-files/img/doge.jpg",
    shows: "Shiba Inu lying on a cream sofa, looking sideways (the 'doge' photo); a hand at the lower right",
    width: 365,
    height: 273,
    licence: "BSD-2-clause per debian/copyright Files: * (photo's original author not credited there)",
  },
  {
    name: "no-pet-latte",
    kind: "noPet",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/coffee2.jpg",
    shows: "cup of latte with leaf latte art on a wooden table; no animal",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
  {
    name: "no-pet-mountain-sunset",
    kind: "noPet",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/mountain.jpg",
    shows: "volcanic mountain silhouette above a sea of clouds at an orange sunset; no animal",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
] as const satisfies readonly TestPhotoSpec[];

export type PhotoName = (typeof TEST_PHOTO_SPECS)[number]["name"];

export const PHOTO_DIR = fileURLToPath(new URL("../fixtures/photos/", import.meta.url));

/** Absolute paths of the photos, by kind and by name. */
export const testPhotos = {
  cat: TEST_PHOTO_SPECS.filter((spec) => spec.kind === "cat").map((spec) => photoPath(spec.name)),
  dog: TEST_PHOTO_SPECS.filter((spec) => spec.kind === "dog").map((spec) => photoPath(spec.name)),
  noPet: TEST_PHOTO_SPECS.filter((spec) => spec.kind === "noPet").map((spec) => photoPath(spec.name)),
  byName: Object.fromEntries(TEST_PHOTO_SPECS.map((spec) => [spec.name, photoPath(spec.name)])) as Record<
    PhotoName,
    string
  >,
};

function photoPath(name: string): string {
  return path.join(PHOTO_DIR, `${name}.jpg`);
}

type PngHeader = {
  width: number;
  height: number;
  bitDepth?: 8 | 16;
  colorType?: 0 | 2 | 6;
  interlace?: 0 | 1;
};

/**
 * A PNG of `width`×`height` whose pixels are all zero (transparent black), made by hand: the
 * image data compresses about a thousand to one, so a file of a few hundred KB can claim an
 * image of tens of megapixels (what a decoder must then unpack). `bitDepth` 8 or 16;
 * `colorType` 6 is RGBA, 2 RGB, 0 grey.
 */
export function blankPng(header: PngHeader): Uint8Array {
  const { width, height, bitDepth = 8, colorType = 6 } = header;
  const channels = { 0: 1, 2: 3, 6: 4 }[colorType];
  const rowBytes = 1 + (width * channels * bitDepth) / 8;
  // Every row: filter 0 (none), then zeros.
  return pngFile({ ...header, interlace: 0 }, zerosDeflated(rowBytes * height));
}

/**
 * A zlib stream of `length` zero bytes, about 1 KB for each MB, made in milliseconds without
 * holding them: one MB deflated on its own (a full flush: no reference to what came before),
 * repeated.
 */
export function zerosDeflated(length: number): Uint8Array {
  const MB = 1 << 20;
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const whole = zlib.deflateRawSync(Buffer.alloc(MB), flush);
  const rest = zlib.deflateRawSync(Buffer.alloc(length % MB), flush);
  // Adler-32 of zeros: its low half stays 1, its high half adds 1 for each byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x78, 0x01]),
      ...Array<Buffer>(Math.floor(length / MB)).fill(whole),
      rest,
      Buffer.from([0x03, 0x00]), // the last block: empty
      adler,
    ]),
  );
}

/**
 * A real PNG (a warm gradient, no pet in it), so tests need no fixture file. Smaller than 64 px
 * on a side, the analysis refuses it as too small.
 */
export function gradientPng(width = 96, height = 72): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([200, 120 + (x % 100), 60 + (y % 100)], row + 1 + x * 3);
  }
  return Buffer.from(pngFile({ width, height, colorType: 2 }, zlib.deflateSync(rows)));
}

/** A PNG with this header and this (compressed) image data, whatever it inflates to. */
export function pngFile(
  { width, height, bitDepth = 8, colorType = 6, interlace = 0 }: PngHeader,
  idat: Uint8Array,
): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, interlace], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", Buffer.from(idat)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
