/**
 * A minimal reader for the TFLite flatbuffer (schema.fbs): just the tables the MobileNet
 * converter needs. A flatbuffer table starts with an int32 offset back to its vtable, whose
 * uint16 entries give each field's offset inside the table (0: field absent).
 */

export const Op = { ADD: 0, AVERAGE_POOL_2D: 1, CONV_2D: 3, DEPTHWISE_CONV_2D: 4, RESHAPE: 22, SOFTMAX: 25 };
export const Activation = { NONE: 0, RELU6: 3 };

export type Quantization = { scale: number; zeroPoint: number };
export type Tensor = {
  name: string;
  shape: number[];
  /** TensorType: 3 = uint8, 2 = int32, 0 = float32. */
  type: number;
  data: Uint8Array | null;
  quantization: Quantization | null;
};
export type Operator = {
  code: number;
  inputs: number[];
  outputs: number[];
  /** The builtin options table, read as raw fields (see optionField). */
  options: Table | null;
};
export type TfliteModel = { tensors: Tensor[]; operators: Operator[]; inputs: number[]; outputs: number[] };

class Table {
  constructor(
    readonly view: DataView,
    readonly pos: number,
  ) {}
  private field(index: number): number {
    const vtable = this.pos - this.view.getInt32(this.pos, true);
    const vtableSize = this.view.getUint16(vtable, true);
    const slot = 4 + 2 * index;
    if (slot >= vtableSize) return 0;
    const offset = this.view.getUint16(vtable + slot, true);
    return offset ? this.pos + offset : 0;
  }
  int(index: number, fallback = 0, size: 1 | 4 = 4): number {
    const at = this.field(index);
    if (!at) return fallback;
    return size === 1 ? this.view.getInt8(at) : this.view.getInt32(at, true);
  }
  table(index: number): Table | null {
    const at = this.field(index);
    return at ? new Table(this.view, at + this.view.getUint32(at, true)) : null;
  }
  /** [start, length] of a vector field. */
  private vector(index: number): [number, number] {
    const at = this.field(index);
    if (!at) return [0, 0];
    const start = at + this.view.getUint32(at, true);
    return [start + 4, this.view.getUint32(start, true)];
  }
  tables(index: number): Table[] {
    const [start, length] = this.vector(index);
    return Array.from({ length }, (_, i) => {
      const at = start + 4 * i;
      return new Table(this.view, at + this.view.getUint32(at, true));
    });
  }
  ints(index: number): number[] {
    const [start, length] = this.vector(index);
    return Array.from({ length }, (_, i) => this.view.getInt32(start + 4 * i, true));
  }
  floats(index: number): number[] {
    const [start, length] = this.vector(index);
    return Array.from({ length }, (_, i) => this.view.getFloat32(start + 4 * i, true));
  }
  longs(index: number): number[] {
    const [start, length] = this.vector(index);
    return Array.from({ length }, (_, i) => Number(this.view.getBigInt64(start + 8 * i, true)));
  }
  bytes(index: number): Uint8Array | null {
    const [start, length] = this.vector(index);
    return length ? new Uint8Array(this.view.buffer, this.view.byteOffset + start, length) : null;
  }
  string(index: number): string {
    const bytes = this.bytes(index);
    return bytes ? new TextDecoder().decode(bytes) : "";
  }
}

export function readTflite(file: Uint8Array): TfliteModel {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const model = new Table(view, view.getUint32(0, true));
  // OperatorCode: builtin_code (field 3, int32) supersedes deprecated_builtin_code (field 0, int8).
  const codes = model.tables(1).map((code) => Math.max(code.int(0, 0, 1), code.int(3)));
  const buffers = model.tables(4).map((buffer) => buffer.bytes(0));
  const [subgraph] = model.tables(2);
  if (!subgraph) throw new Error("The TFLite file has no subgraph");
  const tensors = subgraph.tables(0).map((tensor): Tensor => {
    const q = tensor.table(4);
    const scales = q?.floats(2) ?? [];
    if (scales.length > 1) throw new Error(`${tensor.string(3)}: per-channel quantization is not supported`);
    return {
      name: tensor.string(3),
      shape: tensor.ints(0),
      type: tensor.int(1, 0, 1),
      data: buffers[tensor.int(2)] ?? null,
      quantization: scales.length ? { scale: scales[0]!, zeroPoint: q!.longs(3)[0] ?? 0 } : null,
    };
  });
  const operators = subgraph.tables(3).map((op) => ({
    code: codes[op.int(0)]!,
    inputs: op.ints(1),
    outputs: op.ints(2),
    options: op.table(4),
  }));
  return { tensors, operators, inputs: subgraph.ints(1), outputs: subgraph.ints(2) };
}

/** A field of an operator's builtin options (all the ones used here are int8 or int32). */
export function optionField(options: Table | null, index: number, size: 1 | 4 = 4) {
  return options ? options.int(index, 0, size) : 0;
}
