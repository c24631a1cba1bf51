import fs from "node:fs";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { gradientPng, PHOTO_DIR, TEST_PHOTO_SPECS, testPhotos } from "./photos";

describe("the test photos", () => {
  it("hold at least two cats, two dogs and one photo with no pet", () => {
    expect(testPhotos.cat.length).toBeGreaterThanOrEqual(2);
    expect(testPhotos.dog.length).toBeGreaterThanOrEqual(2);
    expect(testPhotos.noPet.length).toBeGreaterThanOrEqual(1);
  });

  it.each(TEST_PHOTO_SPECS.map((spec) => [spec.name, spec] as const))(
    "%s is a JPEG of the listed size, attributed in ATTRIBUTION.md",
    (name, spec) => {
      const image = jpeg.decode(fs.readFileSync(testPhotos.byName[name]), { useTArray: true });
      expect({ width: image.width, height: image.height }).toEqual({
        width: spec.width,
        height: spec.height,
      });
      const attribution = fs.readFileSync(`${PHOTO_DIR}/ATTRIBUTION.md`, "utf8");
      expect(attribution).toContain(`${name}.jpg`);
      expect(attribution).toContain(spec.licence);
    },
  );

  it("are the only files beside their attribution", () => {
    const expected = [...TEST_PHOTO_SPECS.map((spec) => `${spec.name}.jpg`), "ATTRIBUTION.md"].sort();
    expect(fs.readdirSync(PHOTO_DIR).sort()).toEqual(expected);
  });
});

describe("the hand-made PNG", () => {
  it("decodes to its size with the gradient's colours", () => {
    const image = PNG.sync.read(gradientPng(40, 30));
    expect({ width: image.width, height: image.height }).toEqual({ width: 40, height: 30 });
    const at = (x: number, y: number) => [...image.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([200, 120, 60, 255]);
    expect(at(39, 29)).toEqual([200, 159, 89, 255]);
  });
});
