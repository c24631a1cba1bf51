/**
 * Converts the 8-bit MobileNet V2 TFLite file into the TensorFlow.js graph model PawPal ships
 * (public/models/breed/), keeping its weights 8-bit, then checks the converted model against
 * a faithful quantized run of the TFLite file on real photos.
 *
 * Usage: npm run models:convert [-- --tflite FILE --labels FILE --photos DIR --out DIR]
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import { loadGraphModel } from "@tensorflow/tfjs-converter";
import jpeg from "jpeg-js";
import { CLASSIFIER_OUTPUTS } from "../../app/features/analysis/engine/classify";
import type { ModelDescriptor } from "../../app/features/analysis/engine/model-descriptor";
import { PET_HEAD_FILE } from "../../app/engine/scores/pet-head";
import { runReference } from "./quantized-reference";
import { writeJson } from "./write-json";
import { Activation, Op, optionField, readTflite, type TfliteModel } from "./tflite";

const SHARED = path.resolve("../shared/models/mobilenet-v2-coral");
const { values: args } = parseArgs({
  options: {
    tflite: { type: "string", default: path.join(SHARED, "mobilenet_v2_1.0_224_quant.tflite") },
    labels: { type: "string", default: path.join(SHARED, "imagenet_labels.txt") },
    photos: { type: "string", default: path.resolve("../shared/photos/oxford-pets") },
    out: { type: "string", default: path.resolve("public/models/breed") },
  },
});

type Node = { name: string; op: string; input?: string[]; attr?: Record<string, unknown> };
type WeightSpec = tf.io.WeightsManifestEntry;

const b64 = (text: string) => Buffer.from(text).toString("base64");
const shapeAttr = (shape: number[]) => ({ dim: shape.map((size) => ({ size: String(size) })) });
const ints = (values: number[]) => ({ list: { i: values.map(String) } });
const FLOAT = { type: "DT_FLOAT" };

/** Builds the GraphDef nodes and the weight data of the converted model. */
function convert(model: TfliteModel) {
  const nodes: Node[] = [];
  const specs: WeightSpec[] = [];
  const data: Uint8Array[] = [];
  const nodeOf = new Map<number, string>();

  const constant = (name: string, shape: number[], bytes: Uint8Array, spec: Partial<WeightSpec> = {}) => {
    const dtype = spec.dtype ?? "float32";
    const tfType = dtype === "int32" ? "DT_INT32" : "DT_FLOAT";
    nodes.push({
      name,
      op: "Const",
      attr: { value: { tensor: { dtype: tfType, tensorShape: shapeAttr(shape) } }, dtype: { type: tfType } },
    });
    specs.push({ name, shape, dtype, ...spec });
    data.push(bytes);
    return name;
  };
  /** uint8 weights stay uint8: TF.js computes q × scale + min, and min = −zero point × scale. */
  const quantizedWeights = (index: number, name: string, shape: number[], bytes: Uint8Array) => {
    const { scale, zeroPoint } = model.tensors[index]!.quantization!;
    return constant(name, shape, bytes, {
      dtype: "float32",
      quantization: { dtype: "uint8", scale, min: -zeroPoint * scale },
    });
  };
  /** int32 biases are stored as floats: bias × input scale × filter scale. */
  const bias = (op: { inputs: number[] }, name: string) => {
    const [x, filter, b] = op.inputs.map((index) => model.tensors[index]!);
    const scale = x!.quantization!.scale * filter!.quantization!.scale;
    const raw = b!.data!;
    const values = new Int32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
    const floats = Float32Array.from(values, (value) => value * scale);
    return constant(name, [floats.length], new Uint8Array(floats.buffer));
  };
  const fusedOps = (activation: number) => {
    if (activation !== Activation.NONE && activation !== Activation.RELU6) {
      throw new Error(`Unsupported fused activation ${activation}`);
    }
    return { list: { s: (activation === Activation.RELU6 ? ["BiasAdd", "Relu6"] : ["BiasAdd"]).map(b64) } };
  };

  const input = model.tensors[model.inputs[0]!]!;
  nodes.push({
    name: "images",
    op: "Placeholder",
    attr: { dtype: FLOAT, shape: { shape: shapeAttr([-1, ...input.shape.slice(1)]) } },
  });
  nodeOf.set(model.inputs[0]!, "images");

  let pooled = "";
  let logits = "";
  model.operators.forEach((op, index) => {
    const name = `layer${index}`;
    const x = nodeOf.get(op.inputs[0]!)!;
    const padding = optionField(op.options, 0, 1) === 0 ? "SAME" : "VALID";
    const strides = ints([1, optionField(op.options, 2), optionField(op.options, 1), 1]);
    switch (op.code) {
      case Op.CONV_2D: {
        const filter = model.tensors[op.inputs[1]!]!;
        const [outC, kH, kW, inC] = filter.shape as [number, number, number, number];
        // OHWI → HWIO.
        const hwio = new Uint8Array(filter.data!.length);
        for (let o = 0; o < outC; o++)
          for (let h = 0; h < kH; h++)
            for (let w = 0; w < kW; w++)
              for (let i = 0; i < inC; i++)
                hwio[((h * kW + w) * inC + i) * outC + o] = filter.data![((o * kH + h) * kW + w) * inC + i]!;
        const weights = quantizedWeights(op.inputs[1]!, `${name}/weights`, [kH, kW, inC, outC], hwio);
        nodes.push({
          name,
          op: "_FusedConv2D",
          input: [x, weights, bias(op, `${name}/bias`)],
          attr: {
            T: FLOAT,
            strides,
            padding: { s: b64(padding) },
            data_format: { s: b64("NHWC") },
            dilations: ints([1, 1, 1, 1]),
            fused_ops: fusedOps(optionField(op.options, 3, 1)),
            num_args: { i: "1" },
          },
        });
        if (model.tensors[op.inputs[0]!]!.shape[1] === 1) logits = name;
        break;
      }
      case Op.DEPTHWISE_CONV_2D: {
        const filter = model.tensors[op.inputs[1]!]!;
        const [, kH, kW, channels] = filter.shape as [number, number, number, number];
        if (optionField(op.options, 3) !== 1) throw new Error("Only depth multiplier 1 is supported");
        // 1HWC is HWC1 in the same order.
        const weights = quantizedWeights(
          op.inputs[1]!,
          `${name}/weights`,
          [kH, kW, channels, 1],
          filter.data!,
        );
        nodes.push({
          name,
          op: "FusedDepthwiseConv2dNative",
          input: [x, weights, bias(op, `${name}/bias`)],
          attr: {
            T: FLOAT,
            strides,
            padding: { s: b64(padding) },
            data_format: { s: b64("NHWC") },
            dilations: ints([1, 1, 1, 1]),
            fused_ops: fusedOps(optionField(op.options, 4, 1)),
            num_args: { i: "1" },
          },
        });
        break;
      }
      case Op.ADD:
        if (optionField(op.options, 0, 1) !== Activation.NONE) throw new Error("Fused activation on ADD");
        nodes.push({ name, op: "AddV2", input: [x, nodeOf.get(op.inputs[1]!)!], attr: { T: FLOAT } });
        break;
      case Op.AVERAGE_POOL_2D:
        nodes.push({
          name,
          op: "AvgPool",
          input: [x],
          attr: {
            T: FLOAT,
            ksize: ints([1, optionField(op.options, 4), optionField(op.options, 3), 1]),
            strides,
            padding: { s: b64(padding) },
            data_format: { s: b64("NHWC") },
          },
        });
        pooled = name;
        break;
      case Op.RESHAPE:
      case Op.SOFTMAX:
        // The outputs are named below; softmax is left to the app (it may want logits).
        break;
      default:
        throw new Error(`Unsupported TFLite op ${op.code}`);
    }
    nodeOf.set(op.outputs[0]!, name);
  });
  if (!pooled || !logits) throw new Error("No average pool or no classifier found");

  const flat = (name: string, source: string, width: number) => {
    const shape = constant(`${name}/shape`, [2], new Uint8Array(Int32Array.from([-1, width]).buffer), {
      dtype: "int32",
    });
    nodes.push({
      name,
      op: "Reshape",
      input: [source, shape],
      attr: { T: FLOAT, Tshape: { type: "DT_INT32" } },
    });
  };
  const features = model.tensors[model.operators.find((op) => op.code === Op.AVERAGE_POOL_2D)!.outputs[0]!]!;
  flat(CLASSIFIER_OUTPUTS.features, pooled, features.shape.at(-1)!);
  flat(CLASSIFIER_OUTPUTS.logits, logits, model.tensors[model.outputs[0]!]!.shape.at(-1)!);
  return { nodes, specs, data };
}

function sha(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A photo squashed to 224 × 224 uint8 RGB, the TFLite model's input. */
function photoPixels(file: string, size: number): Uint8Array {
  const image = jpeg.decode(fs.readFileSync(file), { useTArray: true, formatAsRGBA: false });
  return tf.tidy(() => {
    const pixels = tf.tensor3d(image.data, [image.height, image.width, 3], "int32");
    const resized = tf.image.resizeBilinear(tf.cast(pixels, "float32"), [size, size]);
    return Uint8Array.from(tf.clipByValue(tf.round(resized), 0, 255).dataSync());
  });
}

function softmax(logits: ArrayLike<number>) {
  const max = Math.max(...Array.from(logits));
  const exps = Array.from(logits, (value) => Math.exp(value - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}
const argmax = (values: ArrayLike<number>) =>
  Array.from(values).reduce((best, v, i, all) => (v > all[best]! ? i : best), 0);
const topK = (values: number[], k: number) =>
  values
    .map((value, index) => [value, index] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, k)
    .map(([, index]) => index);
function cosine(a: ArrayLike<number>, b: ArrayLike<number>) {
  let [dot, na, nb] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

async function main() {
  const file = new Uint8Array(fs.readFileSync(args.tflite));
  const tflite = readTflite(file);
  const { nodes, specs, data } = convert(tflite);
  const weights = Buffer.concat(data);
  // The shard's name carries its hash, so it can be cached for good; model.json names it.
  const shard = `mobilenet-v2-${sha(weights).slice(0, 12)}.bin`;
  const modelJson = {
    format: "graph-model",
    generatedBy: "TensorFlow Lite (google-coral/test_data mobilenet_v2_1.0_224_quant.tflite)",
    convertedBy: "PawPal scripts/models/convert-mobilenet.ts",
    modelTopology: { node: nodes, library: {}, versions: {} },
    weightsManifest: [{ paths: [shard], weights: specs }],
  };
  const labels = fs.readFileSync(args.labels, "utf8").trimEnd().split("\n");
  // "tabby, tabby cat" → "tabby": the first name, as the knowledge base matches them.
  const classes = labels.map((line) => line.split(",")[0]!.trim());
  const input = tflite.tensors[tflite.inputs[0]!]!;
  const { scale, zeroPoint } = input.quantization!;
  const descriptor: ModelDescriptor = {
    modelUrl: "model.json",
    inputSize: input.shape[1]!,
    // The model's uint8 input means (pixel − zero point) × scale: pixel 0 → min, 255 → max.
    inputRange: [-zeroPoint * scale, (255 - zeroPoint) * scale],
    classes,
    headUrl: PET_HEAD_FILE,
  };

  fs.mkdirSync(args.out, { recursive: true });
  for (const old of fs.readdirSync(args.out).filter((name) => /^mobilenet-v2-.*\.bin$/.test(name))) {
    fs.rmSync(path.join(args.out, old));
  }
  fs.writeFileSync(path.join(args.out, shard), weights);
  await writeJson(path.join(args.out, "model.json"), modelJson);
  await writeJson(path.join(args.out, "descriptor.json"), descriptor);
  console.log(
    `Converted ${tflite.operators.length} TFLite ops (sha256 ${sha(file)}) into ${nodes.length} graph nodes; ` +
      `${shard}: ${(weights.length / 1e6).toFixed(2)} MB`,
  );

  await verify(tflite, modelJson, weights, descriptor);
}

/** The converted model against the quantized reference on every photo of --photos. */
async function verify(
  tflite: TfliteModel,
  modelJson: { modelTopology: object; weightsManifest: { weights: WeightSpec[] }[] },
  weights: Buffer,
  descriptor: ModelDescriptor,
) {
  await tf.setBackend("wasm");
  const model = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: modelJson.modelTopology,
      weightSpecs: modelJson.weightsManifest[0]!.weights,
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  const photos = fs
    .readdirSync(args.photos)
    .filter((name) => /\.jpe?g$/i.test(name))
    .sort();
  const [min, max] = descriptor.inputRange;
  let [top1, top5Overlap, maxProbDiff, minCosine, sumCosine] = [0, 0, 0, 1, 0];
  for (const name of photos) {
    const pixels = photoPixels(path.join(args.photos, name), descriptor.inputSize);
    const reference = runReference(tflite, pixels);
    const [features, logits] = tf.tidy(() => {
      const x = tf.tensor4d(pixels, [1, descriptor.inputSize, descriptor.inputSize, 3], "float32");
      const scaled = tf.add(tf.mul(x, (max - min) / 255), min);
      return model.execute(scaled, [CLASSIFIER_OUTPUTS.features, CLASSIFIER_OUTPUTS.logits]) as tf.Tensor[];
    });
    const [ours, ourLogits] = [features!.dataSync(), logits!.dataSync()];
    tf.dispose([features!, logits!]);
    const [p, q] = [softmax(reference.logits), softmax(ourLogits)];
    if (argmax(p) === argmax(q)) top1++;
    const [a, b] = [topK(p, 5), topK(q, 5)];
    top5Overlap += a.filter((index) => b.includes(index)).length / 5;
    maxProbDiff = Math.max(maxProbDiff, ...p.map((value, i) => Math.abs(value - q[i]!)));
    const similarity = cosine(reference.features, ours);
    minCosine = Math.min(minCosine, similarity);
    sumCosine += similarity;
  }
  const n = photos.length;
  console.log(
    `Against the quantized TFLite reference on ${n} photos of ${args.photos}:\n` +
      `  top-1 class agrees ${top1}/${n}; top-5 overlap ${((100 * top5Overlap) / n).toFixed(1)} %; ` +
      `largest probability difference ${maxProbDiff.toFixed(3)}\n` +
      `  pooled features: cosine similarity mean ${(sumCosine / n).toFixed(4)}, lowest ${minCosine.toFixed(4)}`,
  );
  if (top1 < n * 0.9) throw new Error("The converted model disagrees with the TFLite reference");
}

await main();
