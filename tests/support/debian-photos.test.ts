// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { DEBIAN_PHOTO_SPECS, debianPhotos, isJpegOrPng, type DebianPhotos } from "./debian-photos";

function dimensions(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] === 0xff) return jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 256 });
  return PNG.sync.read(bytes);
}

describe("debianPhotos", () => {
  let photos: DebianPhotos;

  beforeAll(async () => {
    photos = await debianPhotos();
  }, 300_000);

  it("returns at least two cats, two dogs and one photo with no pet, by stable name", () => {
    expect(photos.cat.length).toBeGreaterThanOrEqual(2);
    expect(photos.dog.length).toBeGreaterThanOrEqual(2);
    expect(photos.noPet.length).toBeGreaterThanOrEqual(1);
    for (const spec of DEBIAN_PHOTO_SPECS) {
      const file = photos.byName[spec.name];
      expect(path.isAbsolute(file)).toBe(true);
      expect(path.basename(file)).toBe(`${spec.name}.jpg`);
      expect(photos[spec.kind]).toContain(file);
    }
  });

  it.each(DEBIAN_PHOTO_SPECS.map((spec) => [spec.name, spec] as const))(
    "%s is a readable JPEG/PNG of at least 64×64",
    (name, spec) => {
      const bytes = fs.readFileSync(photos.byName[name]);
      expect(isJpegOrPng(bytes)).toBe(true);
      const { width, height } = dimensions(bytes);
      expect(width).toBeGreaterThanOrEqual(64);
      expect(height).toBeGreaterThanOrEqual(64);
      expect({ width, height }).toEqual({ width: spec.width, height: spec.height });
    },
  );

  it("a second call reuses the cache", async () => {
    expect(await debianPhotos()).toBe(photos);
  });
});
