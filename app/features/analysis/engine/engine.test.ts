// @vitest-environment node
/**
 * The analysis pipeline in Node on TensorFlow.js' WASM backend, as the worker runs it: pure
 * helpers, the model loading path with a tiny model made here, and the real models on real
 * photos from Debian packages (tests/support/debian-photos.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import * as tfl from "@tensorflow/tfjs-layers";
import jpeg from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { debianPhotos, type DebianPhotos } from "../../../../tests/support/debian-photos";
import { classify, rankBreeds, scoresByBreed, squareCrop } from "./classify";
import { iou, suppressOverlaps, type Detection } from "./detect-pets";
import { findPet, type PetModels } from "./find-pet";
import { loadClassifier, loadDetector, readModelArtifacts, type ReadFile } from "./load-models";
import type { ModelDescriptor } from "./model-descriptor";

const DARKNET_DIR = path.resolve("../shared/models/imagenet-darknet-tiny");
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

/** A folder with descriptor.json for the shared Darknet model (its README gives the values). */
function darknetFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-darknet-"));
  for (const file of fs.readdirSync(DARKNET_DIR))
    fs.symlinkSync(path.join(DARKNET_DIR, file), path.join(dir, file));
  const descriptor: ModelDescriptor = {
    format: "layers",
    modelUrl: "model.json",
    inputSize: 224,
    inputRange: [0, 1],
    output: "logits",
    classes: JSON.parse(fs.readFileSync(path.join(DARKNET_DIR, "classes.json"), "utf8")) as string[],
  };
  fs.writeFileSync(path.join(dir, "descriptor.json"), JSON.stringify(descriptor));
  return dir;
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

describe("breed scores", () => {
  const descriptor: ModelDescriptor = {
    format: "layers",
    modelUrl: "model.json",
    inputSize: 32,
    inputRange: [0, 1],
    output: "probabilities",
    classes: ["background", "golden retriever", "Labrador retriever", "tabby", "tiger cat", "kit fox"],
  };

  it("adds classes up by breed and by species through the knowledge base", () => {
    const scores = scoresByBreed(descriptor, [0.05, 0.5, 0.2, 0.1, 0.1, 0.05]);
    expect(scores.dog).toBeCloseTo(0.7);
    expect(scores.cat).toBeCloseTo(0.2); // tabby and tiger cat are both Domestic Shorthair
    const dogs = rankBreeds(scores, "dog", 3);
    expect(dogs.map((d) => [d.breed.id, Number(d.confidence.toFixed(3))])).toEqual([
      ["golden-retriever", 0.714],
      ["labrador-retriever", 0.286],
    ]);
    expect(rankBreeds(scores, "cat", 3)).toMatchObject([
      { breed: { id: "domestic-shorthair" }, confidence: 1 },
    ]);
  });
});

describe("loading a breed model from its descriptor", () => {
  /** A real (tiny) layers model whose answer is fixed by its bias: class 1, "golden retriever". */
  async function tinyModelFolder(output: ModelDescriptor["output"]) {
    const model = tfl.sequential({
      layers: [
        tfl.layers.flatten({ inputShape: [32, 32, 3] }),
        tfl.layers.dense({ units: 3, kernelInitializer: "zeros", biasInitializer: "zeros" }),
      ],
    });
    model.layers[1]!.setWeights([tf.zeros([32 * 32 * 3, 3]), tf.tensor1d([0, 4, 1])]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-tiny-model-"));
    await model.save(
      tf.io.withSaveHandler(async (artifacts) => {
        fs.writeFileSync(path.join(dir, "weights.bin"), Buffer.from(artifacts.weightData as ArrayBuffer));
        const manifest = [{ paths: ["weights.bin"], weights: artifacts.weightSpecs }];
        fs.writeFileSync(
          path.join(dir, "model.json"),
          JSON.stringify({ modelTopology: artifacts.modelTopology, weightsManifest: manifest }),
        );
        return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: "JSON" } };
      }),
    );
    const descriptor: ModelDescriptor = {
      format: "layers",
      modelUrl: "model.json",
      inputSize: 32,
      inputRange: [0, 1],
      output,
      classes: ["kit fox", "golden retriever", "tabby"],
    };
    fs.writeFileSync(path.join(dir, "descriptor.json"), JSON.stringify(descriptor));
    return dir;
  }

  it("loads the model and applies softmax to logits", async () => {
    const classifier = await loadClassifier(readFromDisk, `file://${await tinyModelFolder("logits")}/`);
    const image = tf.fill([20, 30, 3], 128, "int32") as tf.Tensor3D;
    const probabilities = Array.from(await classify(classifier, image, null));
    // softmax([0, 4, 1]) = e^x / (1 + e^4 + e)
    const total = 1 + Math.exp(4) + Math.E;
    expect(probabilities[0]).toBeCloseTo(1 / total);
    expect(probabilities[1]).toBeCloseTo(Math.exp(4) / total);
    expect(probabilities[2]).toBeCloseTo(Math.E / total);
    image.dispose();
  });

  it("takes probabilities as they are when the descriptor says so", async () => {
    const classifier = await loadClassifier(
      readFromDisk,
      `file://${await tinyModelFolder("probabilities")}/`,
    );
    const image = tf.fill([20, 30, 3], 128, "int32") as tf.Tensor3D;
    expect(Array.from(await classify(classifier, image, null))).toEqual([0, 4, 1]);
    image.dispose();
  });

  it("refuses a descriptor that does not match the schema", async () => {
    const dir = await tinyModelFolder("logits");
    fs.writeFileSync(path.join(dir, "descriptor.json"), JSON.stringify({ format: "onnx" }));
    await expect(loadClassifier(readFromDisk, `file://${dir}/`)).rejects.toThrow();
  });
});

describe("the real models on real photos", { timeout: 120_000 }, () => {
  let photos: DebianPhotos;
  let models: PetModels;

  beforeAll(async () => {
    photos = await debianPhotos();
    const detector = await loadDetector(await readModelArtifacts(readFromDisk, `file://${DETECTOR_JSON}`));
    const classifier = await loadClassifier(readFromDisk, `file://${darknetFolder()}/`);
    models = { detector, classifier };
  }, 120_000);

  async function analyse(file: string, withClassifier = true) {
    const image = readJpeg(file);
    const before = tf.memory().numTensors;
    const stages: string[] = [];
    const findings = await findPet(
      withClassifier ? models : { ...models, classifier: null },
      image,
      (stage) => stages.push(stage),
    );
    // Every intermediate tensor is freed: nothing grows from photo to photo.
    expect(tf.memory().numTensors).toBe(before);
    image.dispose();
    return { findings, stages };
  }

  it("finds a dog and names dog breeds", async () => {
    for (const file of photos.dog) {
      const { findings, stages } = await analyse(file);
      expect(stages).toEqual(["detecting", "identifying"]);
      expect(findings).toMatchObject({ kind: "pet", species: "dog" });
      if (findings.kind !== "pet" || findings.breed.status === "unavailable") throw new Error("no breed");
      expect(findings.breed.guesses.length).toBeGreaterThan(0);
      expect(findings.breed.guesses.length).toBeLessThanOrEqual(3);
    }
  });

  it("finds a cat", async () => {
    for (const file of photos.cat) {
      expect((await analyse(file)).findings).toMatchObject({ kind: "pet", species: "cat" });
    }
  });

  it("finds no pet where there is none, and invents nothing", async () => {
    for (const file of photos.noPet) expect((await analyse(file)).findings).toEqual({ kind: "no-pet" });
  });

  it("stops at the species when there is no breed model", async () => {
    const { findings, stages } = await analyse(photos.byName["dog-porch-bicycle"], false);
    expect(stages).toEqual(["detecting"]);
    expect(findings).toMatchObject({ kind: "pet", species: "dog", breed: { status: "unavailable" } });
  });
});
