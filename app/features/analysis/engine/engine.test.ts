/**
 * The analysis pipeline in Node on TensorFlow.js' WASM backend, as the worker runs it: pure
 * helpers, the fusion of the pet head with ImageNet, and the shipped models, loaded from the
 * files the server serves, on real photos (tests/fixtures/photos, see tests/support/photos.ts).
 */
import fs from "node:fs";
import path from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import jpeg from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { testPhotos } from "~tests/support/photos";
import { findBreed } from "~/engine/knowledge/breeds";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import { classify, scoresByBreed, squareCrop, type Classifier } from "./classify";
import { iou, suppressOverlaps, type Detection } from "./detect-pets";
import type { PhotoEvidence } from "~/engine/scores/evidence";
import { APPEARANCE_DIMENSIONS } from "~/domain/breed-evidence";
import { findPet, type PetModels } from "./find-pet";
import { loadClassifier, loadDetector, readModelArtifacts, type ReadFile } from "./load-models";
import type { ModelDescriptor } from "./model-descriptor";
import { fuse, petHead, type PetHeadFile } from "~/engine/scores/pet-head";

/** The breed model as the server serves it: public/ is what the build copies to client/. */
const BREED_MODEL_URL = `file://${path.resolve("public")}${BREED_MODEL_PATH}`;
const DETECTOR_JSON = path.resolve("node_modules/@vladmandic/human/models/centernet.json");

const readFromDisk: ReadFile = async (url) => {
  const file = url.startsWith("file:") ? new URL(url).pathname : url;
  const bytes = fs.readFileSync(file);
  return {
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    url,
  };
};

function readJpeg(file: string): tf.Tensor3D {
  const image = jpeg.decode(fs.readFileSync(file), { useTArray: true, formatAsRGBA: false });
  return tf.tensor3d(image.data, [image.height, image.width, 3], "int32");
}

beforeAll(async () => {
  await tf.setBackend("wasm");
  await tf.ready();
});

describe("geometry", () => {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

  it("measures overlap as intersection over union", () => {
    expect(iou(box(0, 0, 0.5, 0.5), box(0, 0, 0.5, 0.5))).toBe(1);
    expect(iou(box(0, 0, 0.5, 0.5), box(0.5, 0.5, 0.5, 0.5))).toBe(0);
    // Overlap 0.25 x 0.5 = 0.125; union 0.25 + 0.25 - 0.125 = 0.375.
    expect(iou(box(0, 0, 0.5, 0.5), box(0.25, 0, 0.5, 0.5))).toBeCloseTo(1 / 3);
  });

  it("keeps one box per animal, preferring a dog or cat label over a better-scored horse", () => {
    const horse: Detection = { species: null, score: 0.4, box: box(0.1, 0.1, 0.5, 0.5) };
    const dog: Detection = { species: "dog", score: 0.3, box: box(0.12, 0.1, 0.5, 0.5) };
    const otherCat: Detection = { species: "cat", score: 0.3, box: box(0.7, 0.7, 0.2, 0.2) };
    expect(suppressOverlaps([horse, dog, otherCat])).toEqual([dog, otherCat]);
  });

  it("crops a square around the pet with a margin, never wider than the photo's long side", () => {
    // A 400 x 200 box at the centre of an 800 x 400 photo: side 400 x 1.16 = 464 px.
    const [y1, x1, y2, x2] = squareCrop(box(0.25, 0.25, 0.5, 0.5), 800, 400);
    expect((x2 - x1) * 800).toBeCloseTo(464);
    expect((y2 - y1) * 400).toBeCloseTo(464);
    expect((x1 + x2) / 2).toBeCloseTo(0.5);
    const [, wx1, , wx2] = squareCrop(box(0, 0, 1, 1), 800, 400);
    expect((wx2 - wx1) * 800).toBeCloseTo(800);
  });
});

describe("breed scores and their fusion", () => {
  const descriptor: ModelDescriptor = {
    modelUrl: "model.json",
    inputSize: 32,
    inputRange: [0, 1],
    classes: ["background", "golden retriever", "Labrador retriever", "tabby", "tiger cat", "kit fox"],
    headUrl: "pet-head.json",
  };
  const imagenet = scoresByBreed(descriptor, [0.05, 0.5, 0.2, 0.1, 0.1, 0.05]);

  /** A head on two features naming a Labrador and a Bengal, whose answer is its biases. */
  function head(bias: [number, number], fusion: Partial<PetHeadFile["fusion"]> = {}) {
    const file: PetHeadFile = {
      classes: ["labrador-retriever", "bengal"],
      weightsUrl: "weights.bin",
      featureCount: 2,
      appearanceDimensions: APPEARANCE_DIMENSIONS,
      fusion: {
        speciesImagenetWeight: 0.5,
        breedImagenetWeight: { dog: 0.5, cat: 0.5 },
        temperature: { dog: 1, cat: 1 },
        confidentMin: { dog: 0.7, cat: 0.8 },
        mixPairMin: { dog: 0.7, cat: 0.7 },
        pooling: 0.5,
        samePet: { minSimilarity: 0.3, minOverlap: 0.3 },
        ...fusion,
      },
    };
    // Weights, biases, then the appearance projection (a mean and components, zeros here).
    const projection = new Array<number>(2 + 2 * APPEARANCE_DIMENSIONS).fill(0);
    return petHead(file, new Float32Array([0, 0, 0, 0, ...bias, ...projection]).buffer);
  }

  it("adds ImageNet classes up by breed and by species through the knowledge base", () => {
    expect(imagenet.dog).toBeCloseTo(0.7);
    expect(imagenet.cat).toBeCloseTo(0.2); // tabby and tiger cat are both Domestic Shorthair
    expect(imagenet.breeds.get(findBreed("golden-retriever")!)).toBeCloseTo(0.5);
    expect(imagenet.breeds.get(findBreed("domestic-shorthair")!)).toBeCloseTo(0.2);
  });

  it("averages the species votes and mixes the breeds, so ImageNet breeds the head never saw can win", () => {
    // Head: Labrador 0.5, Bengal 0.5. ImageNet: dog 0.7 / cat 0.2 of its pets.
    const fused = fuse(head([0, 0]), [0.5, 0.5], imagenet);
    expect(fused.species.cat).toBeCloseTo(0.5 * 0.5 + 0.5 * (0.2 / 0.9));
    // Dogs: Golden 0.5 × 0.5/0.7; Labrador 0.5 × 1 + 0.5 × 0.2/0.7.
    expect(fused.breeds.dog.map((b) => [b.breed.id, Number(b.confidence.toFixed(3))])).toEqual([
      ["labrador-retriever", 0.643],
      ["golden-retriever", 0.357],
    ]);
    expect(fused.breeds.cat.map((b) => b.breed.id)).toEqual(["bengal", "domestic-shorthair"]);
  });

  it("sharpens or softens each species' breeds by its temperature", () => {
    const sharp = fuse(head([0, 0], { temperature: { dog: 0.5, cat: 1 } }), [0.5, 0.5], imagenet);
    // Squared then renormalised: 0.643² / (0.643² + 0.357²).
    expect(sharp.breeds.dog[0]!.confidence).toBeCloseTo(0.643 ** 2 / (0.643 ** 2 + 0.357 ** 2), 2);
  });

  it("refuses weights of the wrong size and classes the knowledge base does not know", () => {
    const file = {
      classes: ["labrador-retriever", "bengal"],
      weightsUrl: "w",
      featureCount: 2,
      appearanceDimensions: APPEARANCE_DIMENSIONS as typeof APPEARANCE_DIMENSIONS,
    };
    const fusion = head([0, 0]).fusion;
    const size = (2 * 2 + 2 + 2 + 2 * APPEARANCE_DIMENSIONS) * 4;
    expect(() => petHead({ ...file, fusion }, new ArrayBuffer(24))).toThrow(new RegExp(`expected ${size}`));
    expect(() =>
      petHead({ ...file, classes: ["labrador-retriever", "unicorn"], fusion }, new ArrayBuffer(size)),
    ).toThrow(/"unicorn" is not in the knowledge base/);
  });
});

describe("the shipped breed model", { timeout: 120_000 }, () => {
  let classifier: Classifier;
  beforeAll(async () => {
    classifier = await loadClassifier(readFromDisk, BREED_MODEL_URL);
  }, 120_000);

  it("loads MobileNet and the pet head from the served files, its class names with it", () => {
    expect(classifier.descriptor.classes).toHaveLength(1001);
    expect(classifier.descriptor.classes[208]).toBe("golden retriever");
    expect(classifier.head.breeds).toHaveLength(37);
    expect(classifier.head.breeds.filter((breed) => breed.species === "cat")).toHaveLength(12);
  });

  it("gives 1001 probabilities and 1,280 features from one pass", async () => {
    const image = tf.fill([20, 30, 3], 128, "int32") as tf.Tensor3D;
    const { probabilities, features } = await classify(classifier, image, null);
    expect(probabilities).toHaveLength(1001);
    expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 3);
    expect(features).toHaveLength(1280);
    image.dispose();
  });

  it("refuses a descriptor that does not match the schema", async () => {
    const read: ReadFile = async (url) =>
      url.endsWith("descriptor.json")
        ? { bytes: new TextEncoder().encode(JSON.stringify({ format: "onnx" })).buffer, url }
        : readFromDisk(url);
    await expect(loadClassifier(read, "file:///nowhere/")).rejects.toThrow();
  });
});

describe("the real models on real photos", { timeout: 120_000 }, () => {
  const photos = testPhotos;
  let models: PetModels;

  beforeAll(async () => {
    const detector = await loadDetector(await readModelArtifacts(readFromDisk, `file://${DETECTOR_JSON}`));
    const classifier = await loadClassifier(readFromDisk, BREED_MODEL_URL);
    models = { detector, classifier };
  }, 120_000);

  async function analyse(
    file: string,
    withClassifier = true,
    earlier: PhotoEvidence[] = [],
    mirrored = false,
  ) {
    const read = readJpeg(file);
    const image = mirrored ? tf.tidy(() => tf.reverse(read, 1) as tf.Tensor3D) : read;
    if (mirrored) read.dispose();
    const before = tf.memory().numTensors;
    const stages: string[] = [];
    const { findings, evidence, differentPet } = await findPet(
      withClassifier ? models : { ...models, classifier: null },
      image,
      (stage) => stages.push(stage),
      earlier,
    );
    // Every intermediate tensor is freed: nothing grows from photo to photo.
    expect(tf.memory().numTensors).toBe(before);
    image.dispose();
    return { findings, stages, evidence, differentPet };
  }

  it("finds a dog and names dog breeds: the Shiba Inu by name", async () => {
    for (const file of photos.dog) {
      const { findings, stages } = await analyse(file);
      expect(stages).toEqual(["detecting", "identifying"]);
      expect(findings).toMatchObject({ kind: "pet", species: "dog" });
      if (findings.kind !== "pet" || findings.breed.status === "unavailable") throw new Error("no breed");
      expect(findings.breed.guesses.length).toBeGreaterThan(0);
      expect(findings.breed.guesses.length).toBeLessThanOrEqual(3);
    }
    const { findings } = await analyse(photos.byName["dog-shiba-sofa"]);
    if (findings.kind !== "pet" || findings.breed.status === "unavailable") throw new Error("no breed");
    expect(findings.breed.guesses[0]?.breed.id).toBe("shiba-inu");
  });

  it("finds a cat and guesses cat breeds the pet head knows", async () => {
    for (const file of photos.cat) {
      const { findings } = await analyse(file);
      expect(findings).toMatchObject({ kind: "pet", species: "cat" });
      if (findings.kind !== "pet" || findings.breed.status === "unavailable") throw new Error("no breed");
      for (const guess of findings.breed.guesses) expect(guess.breed.species).toBe("cat");
    }
    // ImageNet knows five kinds of cat; the head's breeds (Maine Coon, Bengal…) are named too.
    const { findings } = await analyse(photos.byName["cat-tabby-looking-up"]);
    if (findings.kind !== "pet" || findings.breed.status === "unavailable") throw new Error("no breed");
    const breeds = findings.breed.guesses.map((guess) => guess.breed);
    expect(breeds.some((breed) => breed.imagenetLabels.length === 0)).toBe(true);
  });

  it("combines a second photo of the same pet with the first: the answer rests on both", async () => {
    const first = await analyse(photos.byName["dog-shiba-sofa"]);
    if (first.findings.kind !== "pet" || first.findings.breed.status === "unavailable")
      throw new Error("no breed");
    expect(first.findings.photoCount).toBe(1);
    expect(first.findings.breed.guesses[0]!.breed.id).toBe("shiba-inu");
    expect(first.evidence?.breeds.dog["shiba-inu"]).toBeCloseTo(
      first.findings.breed.guesses[0]!.confidence,
      2,
    );

    // The same view again agrees with the first, so the answer grows surer (pooling > 0).
    const second = await analyse(photos.byName["dog-shiba-sofa"], true, [first.evidence!]);
    if (second.findings.kind !== "pet" || second.findings.breed.status === "unavailable")
      throw new Error("no breed");
    expect(second.findings.photoCount).toBe(2);
    expect(second.findings.breed.guesses[0]!.breed.id).toBe("shiba-inu");
    expect(second.findings.breed.guesses[0]!.confidence).toBeGreaterThan(
      first.findings.breed.guesses[0]!.confidence,
    );
  });

  it("pools a mirrored view of the same pet, but not a photo of a cat", async () => {
    const shiba = await analyse(photos.byName["dog-shiba-sofa"]);
    expect(shiba.evidence?.appearance).toHaveLength(APPEARANCE_DIMENSIONS);
    const mirrored = await analyse(photos.byName["dog-shiba-sofa"], true, [shiba.evidence!], true);
    expect(mirrored).toMatchObject({ differentPet: false, findings: { photoCount: 2 } });

    // (The porch dog is "not sure", with Shiba Inu among its breeds: it may be this pet, and is
    // pooled. The rule's rates on pairs of two breeds are eval:breeds' to measure.)
    const alone = await analyse(photos.byName["cat-grey-longhair-face"]);
    const added = await analyse(photos.byName["cat-grey-longhair-face"], true, [shiba.evidence!]);
    // Not pooled: the added photo's answer is its own, exactly as if it came first.
    expect(added.differentPet).toBe(true);
    expect(added.findings).toEqual(alone.findings);
  });

  it("finds no pet where there is none, invents nothing and adds no evidence", async () => {
    for (const file of photos.noPet)
      expect(await analyse(file)).toMatchObject({ findings: { kind: "no-pet" }, evidence: null });
  });

  it("stops at the species when there is no breed model", async () => {
    const { findings, stages } = await analyse(photos.byName["dog-porch-bicycle"], false);
    expect(stages).toEqual(["detecting"]);
    expect(findings).toMatchObject({ kind: "pet", species: "dog", breed: { status: "unavailable" } });
  });
});
