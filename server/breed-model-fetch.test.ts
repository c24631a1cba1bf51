// @vitest-environment node
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readBreedModelDescriptor } from "./breed-model";
import {
  FETCH_MARKER,
  fetchBreedModel,
  fetchBreedModelOnce,
  MOBILENET_V2_DESCRIPTOR,
} from "./breed-model-fetch";

/**
 * A fake TF Hub on 127.0.0.1: /hub/ serves a tiny graph model whose one weight group (6 float32
 * + 4 uint8-quantized values = 28 bytes) is split over two shards; /short/ sends each shard a byte short;
 * /unsafe/ names a shard outside the folder; anything else is a 404.
 */
const SHARDS: Record<string, Buffer> = {
  "group1-shard1of2": Buffer.alloc(16, 1),
  "group1-shard2of2": Buffer.alloc(12, 2),
};
const modelJson = (paths: string[]) =>
  JSON.stringify({
    format: "graph-model",
    modelTopology: { node: [{ name: "images", op: "Placeholder" }] },
    weightsManifest: [
      {
        paths,
        weights: [
          { name: "w", shape: [2, 3], dtype: "float32" },
          { name: "q", shape: [4], dtype: "float32", quantization: { dtype: "uint8", min: 0, scale: 1 } },
        ],
      },
    ],
  });

let origin: string;
let closedOrigin: string;
const requests: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    const [, source, file] = url.pathname.split("/");
    const tfjsFile = url.searchParams.get("tfjs-format") === "file";
    if (tfjsFile && file === "model.json" && source !== "missing") {
      const paths = source === "unsafe" ? ["../evil"] : Object.keys(SHARDS);
      return res.writeHead(200, { "content-type": "application/json" }).end(modelJson(paths));
    }
    const shard = file ? SHARDS[file] : undefined;
    if (tfjsFile && shard) return res.end(source === "short" ? shard.subarray(1) : shard);
    res.writeHead(404, "Not Found").end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: connection refused.
  const closed = http.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => closed.once("listening", resolve));
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => server.close());

let root: string;
let target: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-fetch-"));
  target = path.join(root, "models", "breed");
  requests.length = 0;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** What is left beside the target: never a half-downloaded folder. */
const siblings = () => fs.readdirSync(path.dirname(target));

describe("fetchBreedModel", () => {
  it("downloads model.json and every shard with ?tfjs-format=file and writes the MobileNet descriptor", async () => {
    const log = vi.fn();
    const result = await fetchBreedModel({ sourceUrl: `${origin}/hub`, targetDir: target, log });
    expect(requests).toEqual([
      "/hub/model.json?tfjs-format=file",
      "/hub/group1-shard1of2?tfjs-format=file",
      "/hub/group1-shard2of2?tfjs-format=file",
    ]);
    expect(fs.readdirSync(target).sort()).toEqual([
      "descriptor.json",
      "group1-shard1of2",
      "group1-shard2of2",
      "model.json",
    ]);
    expect(fs.readFileSync(path.join(target, "group1-shard2of2"))).toEqual(SHARDS["group1-shard2of2"]);
    expect(result.files).toBe(3);
    expect(siblings()).toEqual(["breed"]);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining(`Breed model installed in ${target}`));

    const descriptor = await readBreedModelDescriptor(target);
    expect(descriptor).toEqual(MOBILENET_V2_DESCRIPTOR);
    expect(descriptor).toMatchObject({
      format: "graph",
      inputSize: 224,
      inputRange: [0, 1],
      output: "logits",
    });
    // TF Hub's 1001 outputs: "background", then ImageNet's classes in synset order.
    expect(descriptor.classes).toHaveLength(1001);
    expect(descriptor.classes.slice(0, 3)).toEqual(["background", "tench", "goldfish"]);
    expect(descriptor.classes[208]).toBe("golden retriever");
    expect(descriptor.classes[282]).toBe("tabby");
    expect(descriptor.classes[1000]).toBe("toilet tissue");
  });

  it("refuses shards whose size does not match the manifest, leaving nothing behind", async () => {
    await expect(fetchBreedModel({ sourceUrl: `${origin}/short`, targetDir: target })).rejects.toThrow(
      "group1-shard1of2, group1-shard2of2: 26 bytes downloaded, the manifest says 28",
    );
    expect(siblings()).toEqual([]);
  });

  it("says which address failed: HTTP error, connection refused", async () => {
    await expect(fetchBreedModel({ sourceUrl: `${origin}/missing`, targetDir: target })).rejects.toThrow(
      `${origin}/missing/model.json?tfjs-format=file answered 404 Not Found`,
    );
    await expect(fetchBreedModel({ sourceUrl: closedOrigin, targetDir: target })).rejects.toThrow(
      new RegExp(`Could not reach ${closedOrigin}/model\\.json\\?tfjs-format=file: .*ECONNREFUSED`),
    );
    expect(siblings()).toEqual([]);
  });

  it("refuses shard names that would leave the folder", async () => {
    await expect(fetchBreedModel({ sourceUrl: `${origin}/unsafe`, targetDir: target })).rejects.toThrow(
      'Refusing weight shard name "../evil"',
    );
  });

  it("keeps an installed model unless forced, then replaces it whole", async () => {
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "model.json"), "{}");
    fs.writeFileSync(path.join(target, "old-shard"), "x");
    await expect(fetchBreedModel({ sourceUrl: `${origin}/hub`, targetDir: target })).rejects.toThrow(
      /--force/,
    );
    await fetchBreedModel({ sourceUrl: `${origin}/hub`, targetDir: target, force: true });
    expect(fs.existsSync(path.join(target, "old-shard"))).toBe(false);
    expect(fs.existsSync(path.join(target, "descriptor.json"))).toBe(true);
    expect(siblings()).toEqual(["breed"]);
  });
});

describe("fetchBreedModelOnce (npm start)", () => {
  it("tries once, in DATA_DIR/models/breed, and logs one line either way", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const env = { DATA_DIR: root, BREED_MODEL_SOURCE_URL: `${origin}/missing` };
    await fetchBreedModelOnce(env);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toMatch(/^Breed model download failed \(.*404.*\)/);
    expect(fs.existsSync(path.join(target, FETCH_MARKER))).toBe(true);
    // The marker stops a second attempt, even from a working source.
    requests.length = 0;
    await fetchBreedModelOnce({ ...env, BREED_MODEL_SOURCE_URL: `${origin}/hub` });
    expect(requests).toEqual([]);
    errors.mockRestore();
  });

  it("installs the model on a fresh data folder", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    await fetchBreedModelOnce({ DATA_DIR: root, BREED_MODEL_SOURCE_URL: `${origin}/hub` });
    expect(logs).toHaveBeenCalledExactlyOnceWith(`Breed model downloaded into ${target}`);
    expect(fs.existsSync(path.join(target, "model.json"))).toBe(true);
    logs.mockRestore();
  });

  it("does nothing when BREED_MODEL_DIR is set", async () => {
    await fetchBreedModelOnce({
      DATA_DIR: root,
      BREED_MODEL_DIR: target,
      BREED_MODEL_SOURCE_URL: `${origin}/hub`,
    });
    expect(requests).toEqual([]);
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe("npm run models:fetch", () => {
  it("exits non-zero with a clear message when the source cannot be reached", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/fetch-breed-model.ts"], {
      env: { ...process.env, BREED_MODEL_DIR: target, BREED_MODEL_SOURCE_URL: closedOrigin },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/models:fetch failed: Could not reach .*ECONNREFUSED/);
    expect(fs.existsSync(target)).toBe(false);
  });
});
