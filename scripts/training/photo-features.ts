/**
 * The training photos as the breed model sees them, for scripts/train-breeds.ts: the manifest's
 * breeds, and each photo's views (the analysis view and its augmentations) through the shipped
 * MobileNet V2, kept in a cache file so a second run skips the slow part.
 */
import fs from "node:fs";
import path from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import jpeg from "jpeg-js";
import {
  classify,
  classifyCrop,
  squareCrop,
  type ClassifierOutput,
} from "../../app/features/analysis/engine/classify";
import { detectAnimals } from "../../app/features/analysis/engine/detect-pets";
import {
  loadBackbone,
  loadDetector,
  readModelArtifacts,
  type ReadFile,
} from "../../app/features/analysis/engine/load-models";
import { WORKING_LONG_SIDE } from "../../app/features/analysis/worker/protocol";
import { findBreed } from "../../app/engine/knowledge/breeds";
import { oxfordBreed } from "../models/oxford";

/** One photo: its breed's index among the classes, and the backbone's output for each view. */
export type Sample = { file: string; breedIndex: number; views: ClassifierOutput[] };

/** The model loaders' file reader, on local paths and file: URLs. */
export const readFromDisk: ReadFile = async (url) => {
  const bytes = fs.readFileSync(url.startsWith("file:") ? new URL(url).pathname : url);
  return {
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    url,
  };
};

const breedId = (oxford: string) => oxfordBreed(oxford).id;

/** The manifest's breeds as knowledge-base ids: dogs first, then cats, each by name (the knowledge base's order). */
export function manifestClasses(dataDir: string): string[] {
  const oxford = [
    ...new Set(
      fs
        .readFileSync(path.join(dataDir, "manifest.csv"), "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((row) => row.split(",")[2]!),
    ),
  ].sort();
  return oxford.map(breedId).sort((a, b) => {
    const [x, y] = [findBreed(a)!, findBreed(b)!];
    return x.species === y.species ? x.name.localeCompare(y.name) : x.species === "dog" ? -1 : 1;
  });
}

/**
 * The samples from `cache` when it exists; otherwise extracted from the photos and written there.
 * JSON has no typed arrays: they are stored as arrays (and read back from either form).
 */
export async function cachedSamples(
  cache: string,
  dataDir: string,
  modelDir: string,
  classes: string[],
): Promise<Sample[]> {
  if (fs.existsSync(cache)) {
    const samples = (JSON.parse(fs.readFileSync(cache, "utf8")) as Sample[]).map((s) => ({
      ...s,
      views: s.views.map((v) => ({
        probabilities: Float32Array.from(Object.values(v.probabilities)),
        features: Float32Array.from(Object.values(v.features)),
      })),
    }));
    console.log(`Features from ${cache}`);
    return samples;
  }
  console.log(`Extracting features of ${dataDir}`);
  const samples = await extract(dataDir, modelDir, classes);
  fs.writeFileSync(
    cache,
    JSON.stringify(
      samples.map((s) => ({
        ...s,
        views: s.views.map((v) => ({
          probabilities: Array.from(v.probabilities),
          features: Array.from(v.features),
        })),
      })),
    ),
  );
  return samples;
}

/** A JPEG as the worker sees it: RGB, no larger than WORKING_LONG_SIDE. */
function readPhoto(file: string): tf.Tensor3D {
  const image = jpeg.decode(fs.readFileSync(file), { useTArray: true, formatAsRGBA: false });
  return tf.tidy(() => {
    const pixels = tf.tensor3d(image.data, [image.height, image.width, 3], "int32");
    const scale = Math.min(1, WORKING_LONG_SIDE / Math.max(image.width, image.height));
    if (scale === 1) return pixels;
    const size: [number, number] = [Math.round(image.height * scale), Math.round(image.width * scale)];
    return tf.cast(tf.image.resizeBilinear(pixels, size), "int32");
  });
}

/**
 * Every photo through the analysis as the worker runs it (detector box, crop), then the extra
 * views that are augmentation: mirrored, the whole photo, a tighter crop (mirrored every other photo).
 */
async function extract(dir: string, modelDir: string, classes: string[]): Promise<Sample[]> {
  const rows = fs.readFileSync(path.join(dir, "manifest.csv"), "utf8").trim().split("\n").slice(1);
  const detector = await loadDetector(
    await readModelArtifacts(
      readFromDisk,
      path.resolve("node_modules/@vladmandic/human/models/centernet.json"),
    ),
  );
  const classifier = await loadBackbone(readFromDisk, `file://${path.resolve(modelDir)}/`);
  const samples: Sample[] = [];
  for (const [n, row] of rows.entries()) {
    const [file, , oxford] = row.split(",") as [string, string, string];
    const image = readPhoto(path.join(dir, file));
    const [animal] = await detectAnimals(detector, image);
    const box = animal?.box ?? null;
    const [height, width] = image.shape;
    const full = squareCrop({ x: 0, y: 0, width: 1, height: 1 }, width, height);
    const [y1, x1, y2, x2] = squareCrop(box ?? { x: 0, y: 0, width: 1, height: 1 }, width, height);
    const inset = 0.1 * (y2 - y1);
    const views = [
      await classify(classifier, image, box),
      await classifyCrop(classifier, image, [y1, x1, y2, x2], true),
      await classifyCrop(classifier, image, full),
      await classifyCrop(classifier, image, [y1 + inset, x1 + inset, y2 - inset, x2 - inset], n % 2 === 0),
    ];
    image.dispose();
    samples.push({ file, breedIndex: classes.indexOf(breedId(oxford)), views });
    if ((n + 1) % 50 === 0) console.log(`  ${n + 1}/${rows.length} photos`);
  }
  return samples;
}
