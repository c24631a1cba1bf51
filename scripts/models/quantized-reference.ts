import { Activation, Op, optionField, type TfliteModel, type Tensor } from "./tflite";

/**
 * The TFLite model run as TFLite runs it: uint8 activations, int32 accumulators, requantized
 * after every layer (with a double multiplier where TFLite uses a fixed-point one, so a value
 * may differ by one step). Slow but plain: it is the yardstick for the converted model.
 */

type Activations = { data: Uint8Array; shape: number[] };

const quant = (tensor: Tensor) => {
  if (!tensor.quantization) throw new Error(`${tensor.name} is not quantized`);
  return tensor.quantization;
};

/** The uint8 range of a fused activation on an output with this quantization. */
function activationRange(tensor: Tensor, activation: number): [number, number] {
  if (activation === Activation.NONE) return [0, 255];
  if (activation !== Activation.RELU6) throw new Error(`Unsupported activation ${activation}`);
  const { scale, zeroPoint } = quant(tensor);
  return [Math.max(0, zeroPoint), Math.min(255, zeroPoint + Math.round(6 / scale))];
}

const clamp = (value: number, [low, high]: [number, number]) => Math.min(high, Math.max(low, value));

/** Input offset for SAME padding, as TensorFlow computes it. */
function samePadding(inSize: number, outSize: number, stride: number, filter: number) {
  return Math.max(0, Math.floor(((outSize - 1) * stride + filter - inSize) / 2));
}

function conv(model: TfliteModel, opIndex: number, x: Activations, depthwise: boolean): Activations {
  const op = model.operators[opIndex]!;
  const [filterT, biasT] = [model.tensors[op.inputs[1]!]!, model.tensors[op.inputs[2]!]!];
  const outT = model.tensors[op.outputs[0]!]!;
  const padding = optionField(op.options, 0, 1);
  const [strideW, strideH] = [optionField(op.options, 1), optionField(op.options, 2)];
  const activation = optionField(op.options, depthwise ? 4 : 3, 1);
  const [, inH, inW, inC] = x.shape as [number, number, number, number];
  const [outC, kH, kW, kIn] = filterT.shape as [number, number, number, number];
  const [, outH, outW] = outT.shape as [number, number, number, number];
  const channels = depthwise ? kIn : outC;
  const padTop = padding === 0 ? samePadding(inH, outH, strideH, kH) : 0;
  const padLeft = padding === 0 ? samePadding(inW, outW, strideW, kW) : 0;
  const [xq, wq, oq] = [quant(model.tensors[op.inputs[0]!]!), quant(filterT), quant(outT)];
  const multiplier = (xq.scale * wq.scale) / oq.scale;
  const range = activationRange(outT, activation);
  const w = filterT.data!;
  const bias = new Int32Array(
    biasT.data!.buffer.slice(biasT.data!.byteOffset, biasT.data!.byteOffset + biasT.data!.byteLength),
  );
  const out = new Uint8Array(outH * outW * channels);
  const xs = new Int32Array(x.data.length);
  for (let i = 0; i < xs.length; i++) xs[i] = x.data[i]! - xq.zeroPoint;
  const ws = new Int32Array(w.length);
  for (let i = 0; i < ws.length; i++) ws[i] = w[i]! - wq.zeroPoint;
  const acc = new Int32Array(channels);
  for (let oy = 0; oy < outH; oy++) {
    for (let ox = 0; ox < outW; ox++) {
      acc.set(bias);
      for (let ky = 0; ky < kH; ky++) {
        const iy = oy * strideH - padTop + ky;
        if (iy < 0 || iy >= inH) continue;
        for (let kx = 0; kx < kW; kx++) {
          const ix = ox * strideW - padLeft + kx;
          if (ix < 0 || ix >= inW) continue;
          const xBase = (iy * inW + ix) * inC;
          if (depthwise) {
            // Filter 1HWC.
            const wBase = (ky * kW + kx) * kIn;
            for (let c = 0; c < channels; c++) acc[c]! += xs[xBase + c]! * ws[wBase + c]!;
          } else {
            // Filter OHWI.
            for (let o = 0; o < channels; o++) {
              const wBase = ((o * kH + ky) * kW + kx) * kIn;
              let sum = 0;
              for (let c = 0; c < inC; c++) sum += xs[xBase + c]! * ws[wBase + c]!;
              acc[o]! += sum;
            }
          }
        }
      }
      const base = (oy * outW + ox) * channels;
      for (let c = 0; c < channels; c++) {
        out[base + c] = clamp(Math.round(acc[c]! * multiplier) + oq.zeroPoint, range);
      }
    }
  }
  return { data: out, shape: [1, outH, outW, channels] };
}

function add(model: TfliteModel, opIndex: number, a: Activations, b: Activations): Activations {
  const op = model.operators[opIndex]!;
  const [aq, bq] = [quant(model.tensors[op.inputs[0]!]!), quant(model.tensors[op.inputs[1]!]!)];
  const outT = model.tensors[op.outputs[0]!]!;
  const oq = quant(outT);
  const range = activationRange(outT, optionField(op.options, 0, 1));
  const out = new Uint8Array(a.data.length);
  for (let i = 0; i < out.length; i++) {
    const real = (a.data[i]! - aq.zeroPoint) * aq.scale + (b.data[i]! - bq.zeroPoint) * bq.scale;
    out[i] = clamp(Math.round(real / oq.scale) + oq.zeroPoint, range);
  }
  return { data: out, shape: a.shape };
}

/** Global average pool (the only pool in MobileNet V2): rounded mean, same scale in and out. */
function averagePool(x: Activations): Activations {
  const [, h, w, c] = x.shape as [number, number, number, number];
  const out = new Uint8Array(c);
  const count = h * w;
  for (let channel = 0; channel < c; channel++) {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += x.data[i * c + channel]!;
    out[channel] = Math.floor((sum + count / 2) / count);
  }
  return { data: out, shape: [1, 1, 1, c] };
}

export type ReferenceOutput = { features: Float32Array; logits: Float32Array };

/** Runs the model on one uint8 224×224 RGB image; returns the dequantized pooled features and logits. */
export function runReference(model: TfliteModel, pixels: Uint8Array): ReferenceOutput {
  const values = new Map<number, Activations>();
  values.set(model.inputs[0]!, { data: pixels, shape: model.tensors[model.inputs[0]!]!.shape });
  let features: Float32Array | null = null;
  let logits: Float32Array | null = null;
  const dequantize = (index: number) => {
    const { scale, zeroPoint } = quant(model.tensors[index]!);
    return Float32Array.from(values.get(index)!.data, (q) => (q - zeroPoint) * scale);
  };
  model.operators.forEach((op, index) => {
    const input = values.get(op.inputs[0]!)!;
    const output = op.outputs[0]!;
    switch (op.code) {
      case Op.CONV_2D:
        values.set(output, conv(model, index, input, false));
        // The 1×1 convolution after the pool is the classifier.
        if (input.shape[1] === 1) logits = dequantize(output);
        break;
      case Op.DEPTHWISE_CONV_2D:
        values.set(output, conv(model, index, input, true));
        break;
      case Op.ADD:
        values.set(output, add(model, index, input, values.get(op.inputs[1]!)!));
        break;
      case Op.AVERAGE_POOL_2D:
        values.set(output, averagePool(input));
        features = dequantize(output);
        break;
      case Op.RESHAPE:
        values.set(output, { data: input.data, shape: model.tensors[output]!.shape });
        break;
      case Op.SOFTMAX:
        break;
      default:
        throw new Error(`Unsupported TFLite op ${op.code}`);
    }
  });
  if (!features || !logits) throw new Error("The model has no average pool or no classifier");
  return { features, logits };
}
