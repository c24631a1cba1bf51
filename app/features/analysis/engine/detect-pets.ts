import * as tf from "@tensorflow/tfjs-core";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type { Species } from "~/domain/pets";
import type { Box } from "~/engine/scores/outcome";

/**
 * Pet detection with the COCO CenterNet (MobileNet v3) that ships in @vladmandic/human.
 * Input: [1, 512, 512, 3] RGB, 0-255. Output "tower_0/detections": [1, 100, 6] rows of
 * x1, y1, x2, y2 (input pixels), score, COCO class (0-based).
 */
const DETECTIONS_OUTPUT = "tower_0/detections";
const COCO_CAT = 15;
const COCO_DOG = 16;
/** COCO's animals, bird to giraffe: the detector often calls a dog a horse, a sheep or a bear. */
const COCO_ANIMALS = { first: 14, last: 23 };

/** Calibrated on the Oxford-IIIT samples (`npm run bench:analysis`): lower admits more false pets. */
export const PET_MIN_SCORE = 0.25;
/** Other animals only point the breed classifier at the right part of the photo. */
export const ANIMAL_MIN_SCORE = 0.2;
/** Boxes overlapping more than this are the same animal (non-max suppression). */
const SAME_ANIMAL_IOU = 0.5;

/** A detected animal; species is null for animals the detector did not call a dog or a cat. */
export type Detection = { species: Species | null; score: number; box: Box };

export function detectorInputSize(model: GraphModel): number {
  const shape = model.inputs[0]?.shape;
  return shape?.[1] && shape[1] > 0 ? shape[1] : 512;
}

/** Animals in an RGB image tensor [height, width, 3], largest first. */
export async function detectAnimals(model: GraphModel, image: tf.Tensor3D): Promise<Detection[]> {
  const size = detectorInputSize(model);
  const output = tf.tidy(() => {
    const input = tf.expandDims(tf.image.resizeBilinear(tf.cast(image, "float32"), [size, size]), 0);
    return model.execute(input, DETECTIONS_OUTPUT) as tf.Tensor;
  });
  const rows = (await output.array()) as number[][][];
  output.dispose();

  const candidates: Detection[] = [];
  for (const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, cocoClass = -1] of rows[0] ?? []) {
    const label = Math.round(cocoClass);
    const species = label === COCO_CAT ? "cat" : label === COCO_DOG ? "dog" : null;
    const isAnimal = label >= COCO_ANIMALS.first && label <= COCO_ANIMALS.last;
    if (!isAnimal || !(score >= (species ? PET_MIN_SCORE : ANIMAL_MIN_SCORE))) continue;
    const box = clampBox({ x: x1 / size, y: y1 / size, width: (x2 - x1) / size, height: (y2 - y1) / size });
    if (box.width > 0 && box.height > 0) candidates.push({ species, score, box });
  }
  return suppressOverlaps(candidates).sort((a, b) => area(b.box) - area(a.box));
}

/**
 * Keeps one box of every group around the same animal: a dog or cat label first (the same
 * animal is often also called a horse or a sheep), then the best score.
 */
export function suppressOverlaps(detections: readonly Detection[]): Detection[] {
  const kept: Detection[] = [];
  const rank = (d: Detection) => (d.species ? 1 : 0) + d.score;
  for (const detection of [...detections].sort((a, b) => rank(b) - rank(a))) {
    if (kept.every((other) => iou(other.box, detection.box) <= SAME_ANIMAL_IOU)) kept.push(detection);
  }
  return kept;
}

export function iou(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  return overlap / (area(a) + area(b) - overlap);
}

const area = (box: Box) => box.width * box.height;

function clampBox({ x, y, width, height }: Box): Box {
  const left = Math.max(0, x);
  const top = Math.max(0, y);
  return { x: left, y: top, width: Math.min(1, x + width) - left, height: Math.min(1, y + height) - top };
}
