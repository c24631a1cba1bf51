import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  DESCRIPTOR_FILE,
  modelDescriptorSchema,
  type ModelDescriptor,
} from "~/features/analysis/engine/model-descriptor";

/**
 * The breed model's folder and its descriptor: the descriptor.json it ships with, or one
 * inferred from its model.json and classes.json. No Express here, so it is easy to test.
 */

export const MODEL_FILE = "model.json";
export const CLASSES_FILE = "classes.json";

/** The folder served at /models/breed/: BREED_MODEL_DIR, else DATA_DIR/models/breed. */
export function breedModelDir(env: NodeJS.ProcessEnv = process.env) {
  return path.resolve(env.BREED_MODEL_DIR || path.join(env.DATA_DIR || "data", "models", "breed"));
}

/** The folder (or its model.json) does not exist: breed identification is off, not broken. */
export class NoBreedModelError extends Error {}

/** The folder's own descriptor.json when it has one, else one inferred from its files. */
export async function readBreedModelDescriptor(dir: string): Promise<ModelDescriptor> {
  const file = path.join(dir, DESCRIPTOR_FILE);
  const own = await readJson(file);
  if (own === undefined) return inferBreedModelDescriptor(dir);
  return validDescriptor(own, file);
}

/**
 * Infers the descriptor of the TensorFlow.js model in `dir`. The input range cannot be read
 * from a model: it is [0, 1] (TF Hub's convention); a model that wants [-1, 1] needs its own
 * descriptor.json.
 */
export async function inferBreedModelDescriptor(dir: string): Promise<ModelDescriptor> {
  const file = path.join(dir, MODEL_FILE);
  const model = await readJson(file);
  if (model === undefined) throw new NoBreedModelError(`No ${MODEL_FILE} in ${dir}`);
  if (!isRecord(model) || !isRecord(model.modelTopology)) {
    throw new Error(`${file} is not a TensorFlow.js model (it has no modelTopology)`);
  }
  const graph = model.format === "graph-model" || Array.isArray(model.modelTopology.node);
  const { inputSize, output } = graph ? inspectGraphModel(model) : inspectLayersModel(model.modelTopology);
  if (inputSize === undefined) {
    throw new Error(`Cannot tell the square input size of ${file}: add a ${DESCRIPTOR_FILE} beside it`);
  }
  const descriptor = {
    format: graph ? "graph" : "layers",
    modelUrl: MODEL_FILE,
    inputSize,
    inputRange: [0, 1],
    output,
    classes: await readClasses(dir),
  };
  return validDescriptor(descriptor, `The descriptor inferred from ${dir}`);
}

type Json = Record<string, unknown>;
type Inspection = { inputSize: number | undefined; output: ModelDescriptor["output"] };

/** Keras layers that only reshape: a softmax before them is still the model's output. */
const SHAPE_ONLY_LAYERS = new Set(["Reshape", "Flatten", "Dropout"]);

/** A layers model: the input layer's batch shape, and whether its output layer is a softmax. */
function inspectLayersModel(topology: Json): Inspection {
  // Keras-converted models wrap the config in model_config; models saved by TF.js do not.
  const modelConfig = (isRecord(topology.model_config) ? topology.model_config : topology) as Json;
  const config = modelConfig.config;
  const layers = (Array.isArray(config) ? config : isRecord(config) ? config.layers : []) as unknown[];
  const configs = layers.filter(isRecord).map((layer) => ({
    name: (isRecord(layer.config) && layer.config.name) || layer.name,
    className: layer.class_name,
    config: isRecord(layer.config) ? layer.config : {},
  }));

  const input = configs.find((layer) => layer.config.batch_input_shape || layer.config.batch_shape);
  const inputSize = squareSize(input?.config.batch_input_shape ?? input?.config.batch_shape);

  // The output layer is named in output_layers ([[name, 0, 0]], or [name, 0, 0] in Keras 3).
  const outputs = isRecord(config) && Array.isArray(config.output_layers) ? config.output_layers : [];
  const outputName: unknown = Array.isArray(outputs[0]) ? outputs[0][0] : outputs[0];
  let index = configs.findIndex((layer) => layer.name === outputName);
  if (index < 0) index = configs.length - 1;
  while (index > 0 && SHAPE_ONLY_LAYERS.has(String(configs[index]?.className))) index--;
  const last = configs[index];
  const softmax = last?.className === "Softmax" || last?.config.activation === "softmax";
  return { inputSize, output: softmax ? "probabilities" : "logits" };
}

/** A graph model: the signature's (or first Placeholder's) input shape, and a Softmax output node. */
function inspectGraphModel(model: Json): Inspection {
  const signature = isRecord(model.signature)
    ? model.signature
    : isRecord(model.userDefinedMetadata) && isRecord(model.userDefinedMetadata.signature)
      ? model.userDefinedMetadata.signature
      : {};
  const topology = model.modelTopology as Json;
  const nodes = (Array.isArray(topology.node) ? topology.node : []).filter(isRecord);
  const nodeNamed = (name: unknown) =>
    nodes.find((node) => node.name === String(name).replace(/^\^/, "").replace(/:\d+$/, ""));

  const input = firstValue(signature.inputs) ?? {};
  const placeholder = nodes.find((node) => node.op === "Placeholder");
  const placeholderShape =
    isRecord(placeholder?.attr) && isRecord(placeholder.attr.shape) && placeholder.attr.shape.shape;
  const dims = dimensions(input.tensorShape) ?? dimensions(placeholderShape);
  const inputSize = squareSize(dims);

  // Follow Identity nodes back from the output to the op that computes it.
  let node = nodeNamed(firstValue(signature.outputs)?.name) ?? nodes.at(-1);
  for (let hops = 0; node?.op === "Identity" && Array.isArray(node.input) && hops < 10; hops++) {
    node = nodeNamed(node.input[0]);
  }
  return { inputSize, output: node?.op === "Softmax" ? "probabilities" : "logits" };
}

/** classes.json: ["tench", …] or {"0": "tench", …} (a value may be ["n01440764", "tench"]). */
async function readClasses(dir: string): Promise<string[]> {
  const file = path.join(dir, CLASSES_FILE);
  const json = await readJson(file);
  if (json === undefined) {
    throw new Error(`No ${CLASSES_FILE} in ${dir}: it must list the class names in the model's output order`);
  }
  const name = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
  let names: unknown[];
  if (Array.isArray(json)) {
    names = json;
  } else if (isRecord(json)) {
    names = Object.keys(json).map((_, index) => name(json[String(index)]));
  } else {
    names = [];
  }
  if (names.length < 2 || !names.every((n) => typeof n === "string" && n.trim() !== "")) {
    throw new Error(
      `${file} must be an array of class names, or an object {"0": name, "1": name, …} with every index present`,
    );
  }
  return names as string[];
}

function validDescriptor(value: unknown, source: string): ModelDescriptor {
  const result = modelDescriptorSchema.safeParse(value);
  if (!result.success)
    throw new Error(`${source} is not a valid model descriptor:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** The parsed file, or undefined when it (or its folder) does not exist. */
async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The side of a square NHWC input ([batch, 224, 224, 3]); undefined when unknown or not square. */
function squareSize(shape: unknown): number | undefined {
  if (!Array.isArray(shape) || shape.length !== 4) return undefined;
  const [height, width] = [Number(shape[1]), Number(shape[2])];
  return height === width && Number.isInteger(height) && height > 0 ? height : undefined;
}

/** A TensorShapeProto as JSON ({dim: [{size: "-1"}, {size: "224"}, …]}) as numbers. */
function dimensions(shape: unknown): number[] | undefined {
  if (!isRecord(shape) || !Array.isArray(shape.dim)) return undefined;
  return shape.dim.map((dim) => Number(isRecord(dim) ? (dim.size ?? -1) : -1));
}

function firstValue(record: unknown): Json | undefined {
  const value = isRecord(record) ? Object.values(record)[0] : undefined;
  return isRecord(value) ? value : undefined;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
