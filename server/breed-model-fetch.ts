import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { DESCRIPTOR_FILE, type ModelDescriptor } from "~/features/analysis/engine/model-descriptor";
// The 1000 ImageNet class names in standard synset order: the first name of each entry of
// @tensorflow-models/mobilenet 2.1.1's IMAGENET_CLASSES (Apache-2.0), e.g. "tabby" for "tabby, tabby cat".
import IMAGENET_CLASSES from "../scripts/imagenet-classes.json";
import { breedModelDir, MODEL_FILE } from "./breed-model";

/** The MobileNet v2 (1.00, 224) that @tensorflow-models/mobilenet loads, as TF Hub publishes it for TF.js. */
export const DEFAULT_SOURCE_URL =
  "https://tfhub.dev/google/tfjs-model/imagenet/mobilenet_v2_100_224/classification/3/default/1";

/**
 * What @tensorflow-models/mobilenet knows about that model: input 224, pixels in [0, 1], and
 * 1001 logits, the first for TF Hub's "background" class.
 */
export const MOBILENET_V2_DESCRIPTOR: ModelDescriptor = {
  format: "graph",
  modelUrl: MODEL_FILE,
  inputSize: 224,
  inputRange: [0, 1],
  output: "logits",
  classes: ["background", ...IMAGENET_CLASSES],
};

/** Left in the model folder by the start-time fetch, so `npm start` tries only once. */
export const FETCH_MARKER = ".fetch-attempted";

const TIMEOUT_MS = 120_000;
const BYTES_PER_VALUE: Record<string, number> = {
  float32: 4, int32: 4, complex64: 8, float16: 2, uint16: 2, uint8: 1, bool: 1,
}; // prettier-ignore

export function breedModelSourceUrl(env: NodeJS.ProcessEnv = process.env) {
  return (env.BREED_MODEL_SOURCE_URL || DEFAULT_SOURCE_URL).replace(/\/+$/, "");
}

type FetchOptions = {
  sourceUrl: string;
  targetDir: string;
  /** Replace a model already in targetDir. */
  force?: boolean;
  log?: (line: string) => void;
};

/**
 * Downloads model.json and its weight shards (TF Hub wants `?tfjs-format=file` on each) into a
 * temporary folder beside targetDir, checks every weight group's size against the manifest,
 * writes descriptor.json, then renames the folder into place: the server never sees half a model.
 */
export async function fetchBreedModel({ sourceUrl, targetDir, force = false, log = () => {} }: FetchOptions) {
  if (!force && existsSync(path.join(targetDir, MODEL_FILE))) {
    throw new Error(`${targetDir} already holds a model; use --force to replace it`);
  }
  await fs.mkdir(path.dirname(targetDir), { recursive: true });
  const temp = await fs.mkdtemp(path.join(path.dirname(targetDir), `.${path.basename(targetDir)}-download-`));
  try {
    log(`Downloading ${sourceUrl}/${MODEL_FILE}`);
    const modelJson = await download(`${sourceUrl}/${MODEL_FILE}?tfjs-format=file`);
    const manifest = weightsManifest(modelJson);
    await fs.writeFile(path.join(temp, MODEL_FILE), modelJson);
    let bytes = modelJson.byteLength;
    for (const group of manifest) {
      let groupBytes = 0;
      for (const shard of group.paths) {
        const data = await download(`${sourceUrl}/${shard}?tfjs-format=file`);
        await fs.writeFile(path.join(temp, shard), data);
        groupBytes += data.byteLength;
      }
      const expected = manifestBytes(group.weights);
      if (expected !== undefined && groupBytes !== expected) {
        throw new Error(
          `${group.paths.join(", ")}: ${groupBytes} bytes downloaded, the manifest says ${expected}`,
        );
      }
      bytes += groupBytes;
    }
    await fs.writeFile(
      path.join(temp, DESCRIPTOR_FILE),
      `${JSON.stringify(MOBILENET_V2_DESCRIPTOR, null, 2)}\n`,
    );
    await replaceFolder(temp, targetDir);
    const files = manifest.reduce((sum, group) => sum + group.paths.length, 1);
    log(`Breed model installed in ${targetDir}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB`);
    return { files, bytes };
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}

/**
 * At `npm start`: when no BREED_MODEL_DIR is set and the default folder has no model, fetch it
 * once in the background (a marker file remembers the attempt). Never throws; logs one line.
 */
export async function fetchBreedModelOnce(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.BREED_MODEL_DIR) return;
  const dir = breedModelDir(env);
  if (existsSync(path.join(dir, MODEL_FILE)) || existsSync(path.join(dir, FETCH_MARKER))) return;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, FETCH_MARKER), `${new Date().toISOString()}\n`);
    await fetchBreedModel({ sourceUrl: breedModelSourceUrl(env), targetDir: dir });
    console.log(`Breed model downloaded into ${dir}`);
  } catch (error) {
    console.error(
      `Breed model download failed (${(error as Error).message}); breed identification is off until \`npm run models:fetch\` succeeds`,
    );
  }
}

type Group = { paths: string[]; weights: unknown[] };

/** The weight groups of a model.json, refusing shard names that could leave the folder. */
function weightsManifest(modelJson: Uint8Array): Group[] {
  let model: { format?: unknown; modelTopology?: { node?: unknown }; weightsManifest?: unknown };
  try {
    model = JSON.parse(new TextDecoder().decode(modelJson)) as typeof model;
  } catch {
    throw new Error(`${MODEL_FILE} from the source is not JSON`);
  }
  const graph = model?.format === "graph-model" || Array.isArray(model?.modelTopology?.node);
  if (!graph || !Array.isArray(model.weightsManifest)) {
    throw new Error(`${MODEL_FILE} from the source is not a TF.js graph model with a weightsManifest`);
  }
  return model.weightsManifest.map((group: { paths?: unknown; weights?: unknown }) => {
    const paths = Array.isArray(group?.paths) ? group.paths : [];
    const weights = Array.isArray(group?.weights) ? group.weights : [];
    for (const shard of paths) {
      if (
        typeof shard !== "string" ||
        !/^\w[\w.-]*$/.test(shard) ||
        shard === MODEL_FILE ||
        shard === DESCRIPTOR_FILE
      ) {
        throw new Error(`Refusing weight shard name ${JSON.stringify(shard)} in ${MODEL_FILE}`);
      }
    }
    return { paths: paths as string[], weights };
  });
}

/** Bytes a group's weights take (quantized ones at their stored width); undefined for strings. */
function manifestBytes(weights: unknown[]): number | undefined {
  let total = 0;
  for (const weight of weights as { shape?: number[]; dtype?: string; quantization?: { dtype?: string } }[]) {
    const perValue = BYTES_PER_VALUE[weight.quantization?.dtype ?? weight.dtype ?? ""];
    if (perValue === undefined || !Array.isArray(weight.shape)) return undefined;
    total += weight.shape.reduce((product, size) => product * size, 1) * perValue;
  }
  return total;
}

async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`Could not reach ${url}: ${reason(error)}`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new Error(`Download of ${url} broke off: ${reason(error)}`);
  }
}

/** fetch() says "fetch failed"; the cause says why (ENOTFOUND, ECONNREFUSED, timeout…). */
function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Swaps `from` in at `to`; an existing folder is moved aside first and removed after. */
async function replaceFolder(from: string, to: string) {
  const old = `${from}-old`;
  const hadOld = await fs.rename(to, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    },
  );
  try {
    await fs.rename(from, to);
  } catch (error) {
    if (hadOld) await fs.rename(old, to);
    throw error;
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true });
}
