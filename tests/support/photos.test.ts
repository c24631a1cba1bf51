import fs from "node:fs";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { PHOTO_DIR, TEST_PHOTO_SPECS, testPhotos } from "./photos";

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
