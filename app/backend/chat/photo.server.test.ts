import zlib from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { CHAT_ERRORS, CHAT_LIMITS } from "~/domain/chat";
import { blankPng, pngFile, zerosDeflated } from "~tests/support/photos";
import { checkInterlacedSize, exifOrientation } from "./photo-worker.server";
import { MAX_DECODED_BYTES, MAX_WAITING, PHOTO_BUSY, PHOTO_TOO_COSTLY, reencodePhoto } from "./photo.server";

/*
 * A photo attached to an emergency chat: what is stored is a plain JPEG, turned the way the
 * phone meant it, no larger than CHAT_LIMITS.photoSide, with no metadata (no GPS position).
 * The fixtures are made here with jpeg-js and pngjs, the EXIF block by hand.
 */

/**
 * Each photo is decoded in a worker thread started for it: a second or so for the large ones on
 * an idle machine, tens of seconds on a busy one (tests beside a build and browser tests).
 */
const SLOW = 120_000;

type Rgb = [number, number, number];

const RED: Rgb = [230, 20, 20];
const GREEN: Rgb = [20, 200, 20];
const BLUE: Rgb = [20, 20, 230];
const WHITE: Rgb = [255, 255, 255];

/** A JPEG whose pixel at (x, y) is `colour(x, y)`, at the best quality (colours survive). */
function makeJpeg(width: number, height: number, colour: (x: number, y: number) => Rgb): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      data.set([...colour(x, y), 255], (y * width + x) * 4);
    }
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, 100).data);
}

/** 64×32, one colour per quarter: red top left, green top right, blue bottom left, white bottom right. */
function quartersJpeg() {
  return makeJpeg(64, 32, (x, y) => (y < 16 ? (x < 32 ? RED : GREEN) : x < 32 ? BLUE : WHITE));
}

/* An EXIF block, big-endian ("MM"), as a camera writes it. */

type Entry = { tag: number; type: number; count: number; bytes: number[] };
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

const short = (value: number) => [value >> 8, value & 0xff];
const long = (value: number) => [
  (value >>> 24) & 0xff,
  (value >> 16) & 0xff,
  (value >> 8) & 0xff,
  value & 0xff,
];
const ascii = (text: string) => [...Buffer.from(`${text}\0`, "latin1")];
const rationals = (...pairs: [number, number][]) => pairs.flatMap(([n, d]) => [...long(n), ...long(d)]);

const orientationTag = (value: number): Entry => ({
  tag: 0x0112,
  type: SHORT,
  count: 1,
  bytes: short(value),
});

/** Where the photo was taken: 37°46′29.64″ N, 122°25′9.84″ W (a GPS sub-IFD). */
const GPS_ENTRIES: Entry[] = [
  { tag: 0x0001, type: ASCII, count: 2, bytes: ascii("N") },
  { tag: 0x0002, type: RATIONAL, count: 3, bytes: rationals([37, 1], [46, 1], [2964, 100]) },
  { tag: 0x0003, type: ASCII, count: 2, bytes: ascii("W") },
  { tag: 0x0004, type: RATIONAL, count: 3, bytes: rationals([122, 1], [25, 1], [984, 100]) },
];

/** The TIFF structure of an EXIF block: IFD0 with `entries`, and a GPS IFD when `gps` is given. */
function tiff(entries: Entry[], gps: Entry[] = []): number[] {
  const ifdSize = (count: number) => 2 + 12 * count + 4;
  const ifd0 = gps.length > 0 ? [...entries, { tag: 0x8825, type: LONG, count: 1, bytes: long(0) }] : entries;
  const gpsAt = 8 + ifdSize(ifd0.length);
  let dataAt = gpsAt + (gps.length > 0 ? ifdSize(gps.length) : 0);
  const out = new Uint8Array(4096);
  const view = new DataView(out.buffer);
  out.set([0x4d, 0x4d, 0x00, 0x2a, ...long(8)]);
  const writeIfd = (at: number, list: Entry[]) => {
    const sorted = [...list].sort((a, b) => a.tag - b.tag);
    view.setUint16(at, sorted.length);
    sorted.forEach((entry, i) => {
      const place = at + 2 + i * 12;
      view.setUint16(place, entry.tag);
      view.setUint16(place + 2, entry.type);
      view.setUint32(place + 4, entry.count);
      const bytes = entry.tag === 0x8825 ? long(gpsAt) : entry.bytes;
      if (bytes.length <= 4) {
        out.set(bytes, place + 8);
      } else {
        view.setUint32(place + 8, dataAt);
        out.set(bytes, dataAt);
        dataAt += bytes.length + (bytes.length % 2);
      }
    });
    view.setUint32(at + 2 + sorted.length * 12, 0);
  };
  writeIfd(8, ifd0);
  if (gps.length > 0) writeIfd(gpsAt, gps);
  return [...out.subarray(0, dataAt)];
}

/** The JPEG with an APP1 EXIF segment holding `tiffBytes`, right after its start marker. */
function withExif(file: Uint8Array, tiffBytes: number[]): Uint8Array {
  const payload = [...Buffer.from("Exif\0\0", "latin1"), ...tiffBytes];
  const segment = [0xff, 0xe1, ...short(payload.length + 2), ...payload];
  return new Uint8Array([...file.subarray(0, 2), ...segment, ...file.subarray(2)]);
}

/** The JPEG's segment markers before its image data (APP0, APP1, DQT…). */
function markers(file: Uint8Array): number[] {
  const found: number[] = [];
  let offset = 2;
  while (offset + 4 <= file.length && file[offset] === 0xff) {
    const marker = file[offset + 1]!;
    found.push(marker);
    if (marker === 0xda) break;
    offset += 2 + ((file[offset + 2]! << 8) | file[offset + 3]!);
  }
  return found;
}

const contains = (file: Uint8Array, text: string) => Buffer.from(file).includes(Buffer.from(text, "latin1"));

async function reencoded(file: Uint8Array) {
  const outcome = await reencodePhoto(file);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome;
}

/** The stored photo's colour at (x, y). */
function colourAt(file: Uint8Array, x: number, y: number): Rgb {
  const image = jpeg.decode(file, { useTArray: true, formatAsRGBA: true });
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

function expectColour(actual: Rgb, expected: Rgb) {
  actual.forEach((channel, i) => expect(Math.abs(channel - expected[i]!)).toBeLessThanOrEqual(40));
}

describe("location data and other metadata", () => {
  const gpsExif = (orientation?: number) =>
    tiff(
      [
        { tag: 0x010f, type: ASCII, count: 11, bytes: ascii("PhoneMaker") },
        { tag: 0x0131, type: ASCII, count: 15, bytes: ascii("GPS Camera 2.1") },
        ...(orientation ? [orientationTag(orientation)] : []),
      ],
      GPS_ENTRIES,
    );

  it.each([
    ["no Orientation tag", undefined],
    ["Orientation 1", 1],
    ["Orientation 6", 6],
  ])(
    "a phone photo with GPS tags (%s) is stored with no EXIF segment and no trace of them",
    async (_, orientation) => {
      const original = withExif(quartersJpeg(), gpsExif(orientation));
      expect(markers(original)).toContain(0xe1);
      expect(contains(original, "Exif")).toBe(true);
      expect(contains(original, "GPS")).toBe(true);

      const stored = (await reencoded(original)).jpeg;
      expect([stored[0], stored[1]]).toEqual([0xff, 0xd8]);
      expect(markers(stored)).not.toContain(0xe1);
      expect(contains(stored, "Exif")).toBe(false);
      expect(contains(stored, "GPS")).toBe(false);
      expect(contains(stored, "PhoneMaker")).toBe(false);
      // Nor the latitude itself (its seconds, 2964/100, as the GPS IFD stores them).
      expect(Buffer.from(stored).includes(Buffer.from(rationals([2964, 100])))).toBe(false);
    },
  );

  it("reads orientation 1 for a JPEG without EXIF, and the Orientation tag when there is one", () => {
    expect(exifOrientation(quartersJpeg())).toBe(1);
    expect(exifOrientation(withExif(quartersJpeg(), tiff([orientationTag(6)])))).toBe(6);
    expect(exifOrientation(withExif(quartersJpeg(), tiff([orientationTag(8)], GPS_ENTRIES)))).toBe(8);
  });
});

describe("turning the photo as the phone meant it", () => {
  // What the quarters (red, green / blue, white) show once turned: [top left, top right, bottom left, bottom right].
  it.each([
    [3, 64, 32, [WHITE, BLUE, GREEN, RED]],
    [6, 32, 64, [BLUE, RED, WHITE, GREEN]],
    [8, 32, 64, [GREEN, WHITE, RED, BLUE]],
  ] as const)(
    "orientation %i: %i×%i, with each corner where it belongs",
    async (orientation, width, height, corners) => {
      const outcome = await reencoded(withExif(quartersJpeg(), tiff([orientationTag(orientation)])));
      expect([outcome.width, outcome.height]).toEqual([width, height]);
      const decoded = jpeg.decode(outcome.jpeg);
      expect([decoded.width, decoded.height]).toEqual([width, height]);
      const near = 4;
      const [topLeft, topRight, bottomLeft, bottomRight] = corners;
      expectColour(colourAt(outcome.jpeg, near, near), topLeft);
      expectColour(colourAt(outcome.jpeg, width - 1 - near, near), topRight);
      expectColour(colourAt(outcome.jpeg, near, height - 1 - near), bottomLeft);
      expectColour(colourAt(outcome.jpeg, width - 1 - near, height - 1 - near), bottomRight);
    },
  );

  it("leaves a photo without EXIF as it is", async () => {
    const outcome = await reencoded(quartersJpeg());
    expect([outcome.width, outcome.height]).toEqual([64, 32]);
    expectColour(colourAt(outcome.jpeg, 4, 4), RED);
    expectColour(colourAt(outcome.jpeg, 59, 27), WHITE);
  });
});

describe("size and format", { timeout: SLOW }, () => {
  it("scales a 2400×1600 photo so its longest side is 1600 pixels", async () => {
    const large = makeJpeg(2400, 1600, (x) => (x < 1200 ? RED : BLUE));
    const outcome = await reencoded(large);
    expect([outcome.width, outcome.height]).toEqual([CHAT_LIMITS.photoSide, 1067]);
    const decoded = jpeg.decode(outcome.jpeg);
    expect([decoded.width, decoded.height]).toEqual([1600, 1067]);
    expectColour(colourAt(outcome.jpeg, 100, 500), RED);
    expectColour(colourAt(outcome.jpeg, 1500, 500), BLUE);
  });

  it("turns a PNG with transparency into a JPEG, white where it was transparent", async () => {
    const png = new PNG({ width: 32, height: 16 });
    for (let y = 0; y < 16; y += 1) {
      for (let x = 0; x < 32; x += 1) {
        // Left half: fully transparent (black underneath); right half: opaque red.
        png.data.set(x < 16 ? [0, 0, 0, 0] : [...RED, 255], (y * 32 + x) * 4);
      }
    }
    const outcome = await reencoded(new Uint8Array(PNG.sync.write(png)));
    expect([outcome.jpeg[0], outcome.jpeg[1], outcome.jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect([outcome.width, outcome.height]).toEqual([32, 16]);
    expectColour(colourAt(outcome.jpeg, 4, 8), WHITE);
    expectColour(colourAt(outcome.jpeg, 27, 8), RED);
  });

  it("refuses a file over 5 MB before reading it", async () => {
    const huge = new Uint8Array(CHAT_LIMITS.photoBytes + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await reencodePhoto(huge)).toEqual({ ok: false, error: CHAT_ERRORS.photoTooLarge });
  });

  it.each([
    ["a GIF", new Uint8Array([...Buffer.from("GIF89a", "latin1"), 1, 0, 1, 0, 0, 0, 0, 0x3b])],
    [
      "a WebP",
      new Uint8Array([...Buffer.from("RIFF", "latin1"), 26, 0, 0, 0, ...Buffer.from("WEBPVP8 ", "latin1")]),
    ],
    ["a text file", new Uint8Array(Buffer.from("definitely a photo of my dog\n"))],
    ["an empty file", new Uint8Array()],
  ])("refuses %s claiming to be an image", async (_, file) => {
    expect(await reencodePhoto(file)).toEqual({ ok: false, error: CHAT_ERRORS.photoType });
  });

  it("refuses a truncated JPEG or PNG as unreadable", async () => {
    const photo = makeJpeg(64, 64, (x, y) => [x * 4, y * 4, 128]);
    expect(await reencodePhoto(photo.subarray(0, Math.floor(photo.length / 3)))).toEqual({
      ok: false,
      error: CHAT_ERRORS.photoUnreadable,
    });
    const png = new PNG({ width: 16, height: 16 });
    const pngFile = new Uint8Array(PNG.sync.write(png));
    expect(await reencodePhoto(pngFile.subarray(0, 40))).toEqual({
      ok: false,
      error: CHAT_ERRORS.photoUnreadable,
    });
  });
});

describe("photos that would cost too much to decode", { timeout: SLOW }, () => {
  /** The largest gap between the ticks of a 20 ms interval while `work` runs. */
  async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
    let last = performance.now();
    let stallMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 20);
    try {
      const result = await work();
      stallMs = Math.max(stallMs, performance.now() - last);
      return { result, stallMs };
    } finally {
      clearInterval(ticker);
    }
  }

  it("refuses a 4898×4898 PNG at 16 bits per channel (a 190 KB file) before decoding it, saying why", async () => {
    const deep = blankPng({ width: 4898, height: 4898, bitDepth: 16 });
    expect(deep.byteLength).toBeLessThan(300_000);
    // Under the 24-megapixel cap (23.99 MP): its 16 bits per channel make it too costly.
    expect(4898 * 4898).toBeLessThan(24_000_000);
    const { result, stallMs } = await longestStall(() => reencodePhoto(deep));
    expect(result).toEqual({ ok: false, error: PHOTO_TOO_COSTLY });
    expect(PHOTO_TOO_COSTLY).toMatch(/too large to process/);
    // Refused on its header: no decoding (decision 16: 6–11 s of it, on the event loop).
    expect(stallMs).toBeLessThan(1000);
  });

  /** A 16×16 JPEG whose frame header claims `width`×`height`. */
  function jpegClaiming(width: number, height: number) {
    const file = makeJpeg(16, 16, () => RED);
    const at = Buffer.from(file).indexOf(Buffer.from([0xff, 0xc0]));
    new DataView(file.buffer).setUint16(at + 5, height);
    new DataView(file.buffer).setUint16(at + 7, width);
    return file;
  }

  it("refuses, with the same sentence, a PNG or JPEG claiming more than 24 megapixels", async () => {
    expect(await reencodePhoto(blankPng({ width: 5000, height: 5000, colorType: 0 }))).toEqual({
      ok: false,
      error: PHOTO_TOO_COSTLY,
    });
    expect(await reencodePhoto(jpegClaiming(6000, 5000))).toEqual({ ok: false, error: PHOTO_TOO_COSTLY });
  });

  it("refuses a JPEG whose decoding jpeg-js would stop only once it has spent its memory", async () => {
    // 16 MP at full colour resolution: about 350 MB by jpeg-js's reckoning, over its 256 MB.
    const { result, stallMs } = await longestStall(() => reencodePhoto(jpegClaiming(4000, 4000)));
    expect(result).toEqual({ ok: false, error: PHOTO_TOO_COSTLY });
    expect(stallMs).toBeLessThan(1000);
  });

  it("takes a 16-bit PNG that fits the budget", async () => {
    const outcome = await reencoded(blankPng({ width: 64, height: 48, bitDepth: 16 }));
    expect([outcome.width, outcome.height]).toEqual([64, 48]);
    expectColour(colourAt(outcome.jpeg, 10, 10), WHITE);
  });

  it("stores the costliest photo it takes (4898×4898 RGBA, 8 bits) while the event loop keeps answering", async () => {
    const worst = blankPng({ width: 4898, height: 4898 });
    expect(4898 * 4898 * 4).toBeLessThanOrEqual(MAX_DECODED_BYTES);
    const { result, stallMs } = await longestStall(() => reencodePhoto(worst));
    expect(result).toMatchObject({ ok: true, width: CHAT_LIMITS.photoSide, height: CHAT_LIMITS.photoSide });
    if (!result.ok) return;
    expectColour(colourAt(result.jpeg, 800, 800), WHITE);
    // Decoded in a worker thread: the interval keeps ticking (decision 16: the loop stopped for 1.5–3 s).
    expect(stallMs).toBeLessThan(1000);
  });

  it("decodes photos sent at once one after another, each answered", async () => {
    const photos = [
      makeJpeg(64, 32, () => RED),
      blankPng({ width: 2000, height: 1000 }),
      makeJpeg(32, 64, () => BLUE),
    ];
    const outcomes = await Promise.all(photos.map((photo) => reencodePhoto(photo)));
    expect(outcomes.map((outcome) => (outcome.ok ? [outcome.width, outcome.height] : outcome.error))).toEqual(
      [
        [64, 32],
        [1600, 800],
        [32, 64],
      ],
    );
  });

  it("takes an interlaced PNG, and refuses one whose data inflates past what its header allows", async () => {
    const png = new PNG({ width: 40, height: 30 });
    png.data.fill(255);
    const normal = PNG.sync.read(PNG.sync.write(png));
    // pngjs writes no interlaced PNG: the same pixels' rows, in Adam7's seven passes.
    const interlaced = pngFile({ width: 40, height: 30, interlace: 1 }, adam7(normal.data, 40, 30));
    expect(await reencoded(interlaced)).toMatchObject({ width: 40, height: 30 });

    // A 100×100 interlaced PNG (its rows hold under 41 KB) whose data inflates to 1 GB: pngjs
    // alone inflates it all (seconds, and 2 GB of memory) before refusing it.
    const bomb = pngFile({ width: 100, height: 100, interlace: 1 }, zerosDeflated(1000 * (1 << 20)));
    expect(bomb.byteLength).toBeLessThan(CHAT_LIMITS.photoBytes);
    // The cap itself: inflating stops at what the header allows (pngjs would refuse it only after).
    expect(() => checkInterlacedSize(bomb)).toThrow(RangeError);
    expect(() => checkInterlacedSize(interlaced)).not.toThrow();
    const { result, stallMs } = await longestStall(() => reencodePhoto(bomb));
    expect(result).toEqual({ ok: false, error: CHAT_ERRORS.photoUnreadable });
    expect(stallMs).toBeLessThan(1000);
  });

  it("refuses a photo as busy, at once, when MAX_WAITING already wait behind the one being decoded", async () => {
    const photos = Array.from({ length: MAX_WAITING + 2 }, () => makeJpeg(32, 32, () => GREEN));
    const outcomes = await Promise.all(photos.map((photo) => reencodePhoto(photo)));
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toEqual([{ ok: false, error: PHOTO_BUSY }]);
    // The queue empties: the next photo is taken.
    expect(await reencodePhoto(photos[0]!)).toMatchObject({ ok: true, width: 32, height: 32 });
  });
});

/** RGBA rows in Adam7's seven passes, each row with filter 0, deflated. */
function adam7(data: Uint8Array, width: number, height: number): Uint8Array {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    if (x0! >= width) continue;
    for (let y = y0!; y < height; y += dy!) {
      rows.push(0);
      for (let x = x0!; x < width; x += dx!)
        rows.push(...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
    }
  }
  return new Uint8Array(zlib.deflateSync(Uint8Array.from(rows)));
}
