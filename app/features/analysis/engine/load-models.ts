import * as tf from "@tensorflow/tfjs-core";
import { loadGraphModel, type GraphModel } from "@tensorflow/tfjs-converter";
import type { Classifier } from "./classify";
import { DESCRIPTOR_FILE, modelDescriptorSchema, type ModelDescriptor } from "./model-descriptor";
import { petHead, petHeadFileSchema } from "~/engine/scores/pet-head";

/**
 * Reads a file of a model; the browser fetches, Node tests read the disk. `url` is where the
 * file really came from after redirects: files it names are relative to it.
 */
export type ReadFile = (url: string) => Promise<{ bytes: ArrayBuffer; url: string }>;

type ModelJson = {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  modelTopology: object;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
};

/**
 * A model.json and its weight shards as tfjs "artifacts". `shardUrls` maps a shard's path in
 * the manifest to where it is (build tools rename files they fingerprint).
 */
export async function readModelArtifacts(
  read: ReadFile,
  modelJsonUrl: string,
  shardUrl?: (path: string) => string,
): Promise<tf.io.ModelArtifacts> {
  const file = await read(modelJsonUrl);
  const json = JSON.parse(new TextDecoder().decode(file.bytes)) as ModelJson;
  const paths = json.weightsManifest.flatMap((group) => group.paths);
  const locate = shardUrl ?? ((path: string) => new URL(path, absolute(file.url)).href);
  const shards = await Promise.all(paths.map(async (path) => (await read(locate(path))).bytes));
  return {
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    modelTopology: json.modelTopology,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: concat(shards),
  };
}

export function loadDetector(artifacts: tf.io.ModelArtifacts): Promise<GraphModel> {
  return loadGraphModel(tf.io.fromMemory(artifacts));
}

/**
 * Loads the breed model that `${baseUrl}descriptor.json` describes: MobileNet and the pet head.
 * With BREED_MODEL_URL our server redirects elsewhere: files are relative to where the descriptor is.
 */
export async function loadClassifier(read: ReadFile, baseUrl: string): Promise<Classifier> {
  const [backbone, head] = await Promise.all([
    loadBackbone(read, baseUrl),
    readDescriptor(read, baseUrl).then(async ({ descriptor, url }) => {
      const headFile = await read(new URL(descriptor.headUrl, url).href);
      const json = petHeadFileSchema.parse(JSON.parse(new TextDecoder().decode(headFile.bytes)));
      return petHead(json, (await read(new URL(json.weightsUrl, absolute(headFile.url)).href)).bytes);
    }),
  ]);
  return { ...backbone, head };
}

/** MobileNet alone (the training script runs it before there is a head). */
export async function loadBackbone(read: ReadFile, baseUrl: string): Promise<Omit<Classifier, "head">> {
  const { descriptor, url } = await readDescriptor(read, baseUrl);
  const artifacts = await readModelArtifacts(read, new URL(descriptor.modelUrl, url).href);
  return { model: await loadGraphModel(tf.io.fromMemory(artifacts)), descriptor };
}

const descriptors = new Map<string, Promise<{ descriptor: ModelDescriptor; url: string }>>();
/** The descriptor and where it really came from, read once per base URL. */
function readDescriptor(read: ReadFile, baseUrl: string) {
  const base = absolute(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  let reading = descriptors.get(base);
  if (!reading) {
    reading = read(new URL(DESCRIPTOR_FILE, base).href).then((file) => ({
      descriptor: modelDescriptorSchema.parse(JSON.parse(new TextDecoder().decode(file.bytes))),
      url: absolute(file.url),
    }));
    descriptors.set(base, reading);
    reading.catch(() => descriptors.delete(base));
  }
  return reading;
}

/** Fetches a file of our origin, failing on any answer but 200. */
export const fetchFile: ReadFile = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new ModelFileError(url, response.status);
  return { bytes: await response.arrayBuffer(), url: response.url || url };
};

export class ModelFileError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`Could not load ${url} (HTTP ${status})`);
    this.name = "ModelFileError";
  }
}

function concat(buffers: ArrayBuffer[]): ArrayBuffer {
  if (buffers.length === 1) return buffers[0]!;
  const out = new Uint8Array(buffers.reduce((sum, b) => sum + b.byteLength, 0));
  let offset = 0;
  for (const buffer of buffers) {
    out.set(new Uint8Array(buffer), offset);
    offset += buffer.byteLength;
  }
  return out.buffer;
}

/** Relative URLs resolve against the page (or worker) location. */
function absolute(url: string): string {
  return new URL(url, globalThis.location?.href ?? "file:///").href;
}
