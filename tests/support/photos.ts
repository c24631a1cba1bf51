/**
 * Real photos of cats, dogs and pet-free scenes for the tests, in tests/fixtures/photos/. Each
 * was taken from a Debian package under a licence that allows redistribution; where from, and
 * under which licence, is listed here and in tests/fixtures/photos/ATTRIBUTION.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

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
