// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  breedModelDir,
  inferBreedModelDescriptor,
  NoBreedModelError,
  readBreedModelDescriptor,
} from "./breed-model";

/** The real small model beside the repo (read in place, never copied). */
const DARKNET_DIR = path.resolve(process.cwd(), "../shared/models/imagenet-darknet-tiny");

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-breed-model-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, json: unknown) {
  fs.writeFileSync(path.join(dir, name), JSON.stringify(json));
}

const layer = (className: string, config: Record<string, unknown>) => ({ class_name: className, config });

describe("inferBreedModelDescriptor", () => {
  it("reads the Darknet layers model: 224 px, logits, 1000 classes in its own order", async () => {
    const descriptor = await inferBreedModelDescriptor(DARKNET_DIR);
    expect(descriptor).toMatchObject({
      format: "layers",
      modelUrl: "model.json",
      inputSize: 224,
      inputRange: [0, 1],
      output: "logits",
    });
    expect(descriptor.classes).toHaveLength(1000);
    expect(descriptor.classes[0]).toBe("kit fox");
    expect(await readBreedModelDescriptor(DARKNET_DIR)).toEqual(descriptor);
  });

  it("sees a softmax Dense layer as probabilities", async () => {
    write("model.json", {
      modelTopology: {
        class_name: "Sequential",
        config: {
          layers: [
            layer("Flatten", { name: "flatten", batch_input_shape: [null, 96, 96, 3] }),
            layer("Dense", { name: "dense", units: 2, activation: "softmax" }),
          ],
        },
      },
      weightsManifest: [],
    });
    write("classes.json", ["cat", "dog"]);
    expect(await inferBreedModelDescriptor(dir)).toMatchObject({ inputSize: 96, output: "probabilities" });
  });

  it("finds a separate softmax Activation before a final Reshape", async () => {
    write("model.json", {
      modelTopology: {
        model_config: {
          class_name: "Model",
          config: {
            layers: [
              layer("InputLayer", { name: "input_1", batch_input_shape: [null, 128, 128, 3] }),
              layer("Dense", { name: "logits", activation: "linear" }),
              layer("Activation", { name: "act_softmax", activation: "softmax" }),
              layer("Reshape", { name: "reshape_2" }),
            ],
            output_layers: [["reshape_2", 0, 0]],
          },
        },
      },
      weightsManifest: [],
    });
    write("classes.json", { "0": "cat", "1": "dog" });
    expect(await inferBreedModelDescriptor(dir)).toMatchObject({
      format: "layers",
      inputSize: 128,
      output: "probabilities",
      classes: ["cat", "dog"],
    });
  });

  it("reads a graph model's signature: input shape, logits output", async () => {
    const dims = [-1, 224, 224, 3].map((size) => ({ size: String(size) }));
    write("model.json", {
      format: "graph-model",
      signature: {
        inputs: { images: { name: "images:0", dtype: "DT_FLOAT", tensorShape: { dim: dims } } },
        outputs: { logits: { name: "Identity:0" } },
      },
      modelTopology: {
        node: [
          { name: "images", op: "Placeholder" },
          { name: "logits/MatMul", op: "MatMul", input: ["images"] },
          { name: "Identity", op: "Identity", input: ["logits/MatMul"] },
        ],
      },
      weightsManifest: [],
    });
    write("classes.json", { "0": ["n00000000", "background"], "1": ["n01440764", "tench"] });
    expect(await inferBreedModelDescriptor(dir)).toEqual({
      format: "graph",
      modelUrl: "model.json",
      inputSize: 224,
      inputRange: [0, 1],
      output: "logits",
      classes: ["background", "tench"],
    });
  });

  it("falls back to a graph model's Placeholder and last node (a Softmax)", async () => {
    const dims = [-1, 160, 160, 3].map((size) => ({ size: String(size) }));
    write("model.json", {
      format: "graph-model",
      modelTopology: {
        node: [
          { name: "input", op: "Placeholder", attr: { shape: { shape: { dim: dims } } } },
          { name: "prob", op: "Softmax", input: ["input"] },
        ],
      },
      weightsManifest: [],
    });
    write("classes.json", ["a", "b"]);
    expect(await inferBreedModelDescriptor(dir)).toMatchObject({
      format: "graph",
      inputSize: 160,
      output: "probabilities",
    });
  });

  it("says classes.json is missing", async () => {
    fs.copyFileSync(path.join(DARKNET_DIR, "model.json"), path.join(dir, "model.json"));
    await expect(inferBreedModelDescriptor(dir)).rejects.toThrow(
      /No classes\.json in .*: it must list the class names in the model's output order/,
    );
  });

  it("rejects classes with a gap in their indices", async () => {
    fs.copyFileSync(path.join(DARKNET_DIR, "model.json"), path.join(dir, "model.json"));
    write("classes.json", { "0": "cat", "2": "dog" });
    await expect(inferBreedModelDescriptor(dir)).rejects.toThrow(
      /classes\.json must be an array of class names/,
    );
  });

  it("says there is no model when model.json or the folder is missing", async () => {
    await expect(inferBreedModelDescriptor(dir)).rejects.toBeInstanceOf(NoBreedModelError);
    await expect(readBreedModelDescriptor(path.join(dir, "nowhere"))).rejects.toBeInstanceOf(
      NoBreedModelError,
    );
  });
});

describe("readBreedModelDescriptor", () => {
  const own = {
    format: "graph",
    modelUrl: "model.json",
    inputSize: 224,
    inputRange: [-1, 1],
    output: "logits",
    classes: ["background", "tench"],
  };

  it("prefers the folder's own descriptor.json", async () => {
    write("descriptor.json", own);
    expect(await readBreedModelDescriptor(dir)).toEqual(own);
  });

  it("rejects an invalid descriptor.json with the reason", async () => {
    write("descriptor.json", { ...own, output: "scores" });
    await expect(readBreedModelDescriptor(dir)).rejects.toThrow(
      /descriptor\.json is not a valid model descriptor[\s\S]*output/,
    );
  });
});

describe("breedModelDir", () => {
  it("is BREED_MODEL_DIR, else DATA_DIR/models/breed, else ./data/models/breed", () => {
    expect(breedModelDir({ BREED_MODEL_DIR: "/srv/model", DATA_DIR: "/x" })).toBe("/srv/model");
    expect(breedModelDir({ DATA_DIR: "/var/pawpal" })).toBe("/var/pawpal/models/breed");
    expect(breedModelDir({})).toBe(path.resolve("data/models/breed"));
  });
});
