import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import { breedModelBaseUrl, breedModelHandler, breedModelOrigin } from "./breed-model";

/** public/ stands in for the build's client folder: the build copies it there unchanged. */
const CLIENT_DIR = path.resolve("public");
const SHIPPED = fs.readdirSync(path.join(CLIENT_DIR, BREED_MODEL_PATH));
const weightFiles = SHIPPED.filter((name) => name.endsWith(".bin"));

let origin: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  // Mounted as host/index.ts mounts it, and as if BREED_MODEL_URL were set (elsewhere, or a path).
  app.use(BREED_MODEL_PATH, breedModelHandler(CLIENT_DIR, {}));
  app.use(
    "/elsewhere",
    breedModelHandler(CLIENT_DIR, { BREED_MODEL_URL: "https://models.example.com/breed/v2" }),
  );
  app.use("/moved", breedModelHandler(CLIENT_DIR, { BREED_MODEL_URL: "/static/breed" }));
  app.use((_req, res) => res.status(418).send("fell through"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (url: string) => fetch(`${origin}${url}`);

/** The path sent as it is: fetch() would resolve "..". */
function rawGet(url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`${origin}/`, { path: url }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("the shipped breed model", () => {
  it("ships MobileNet, the pet head, their licence and attribution", () => {
    expect(SHIPPED).toEqual(
      expect.arrayContaining(["descriptor.json", "model.json", "pet-head.json", "LICENSE", "ATTRIBUTION.md"]),
    );
    expect(weightFiles).toHaveLength(2);
    const bytes = weightFiles.reduce(
      (sum, name) => sum + fs.statSync(path.join(CLIENT_DIR, BREED_MODEL_PATH, name)).size,
      0,
    );
    // 8-bit weights: about a quarter of MobileNet V2's 14 MB in float32 (3.5 MB), and the pet
    // head's 0.5 MB with the appearance projection that tells one pet from another (decision 18).
    expect(bytes).toBeLessThan(4_100_000);
  });

  it("serves the JSON files to be revalidated and the hash-named weights for good", async () => {
    for (const file of ["descriptor.json", "model.json", "pet-head.json"]) {
      const response = await get(`${BREED_MODEL_PATH}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, no-cache");
      expect(await response.json(), file).toBeTypeOf("object");
    }
    for (const file of weightFiles) {
      const response = await get(`${BREED_MODEL_PATH}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=31536000, immutable");
      expect((await response.arrayBuffer()).byteLength).toBe(
        fs.statSync(path.join(CLIENT_DIR, BREED_MODEL_PATH, file)).size,
      );
    }
  });

  it("answers missing files and paths outside the folder with a JSON 404", async () => {
    for (const url of ["nothing.bin", "..%2f..%2fpackage.json", "..%2ffavicon.svg"]) {
      const response = await get(`${BREED_MODEL_PATH}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.json(), url).toEqual({ error: "Not found" });
    }
    for (const url of ["../../package.json", "%2e%2e/%2e%2e/package.json"]) {
      const response = await rawGet(`${BREED_MODEL_PATH}${url}`);
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body), url).toEqual({ error: "Not found" });
    }
  });
});

describe("the build's Brotli copies", () => {
  it("serves a hash-named weight file's .br copy to browsers that accept it", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-model-br-"));
    const dir = path.join(clientDir, BREED_MODEL_PATH);
    fs.mkdirSync(dir, { recursive: true });
    const weights = Buffer.alloc(4096, 7);
    fs.writeFileSync(path.join(dir, "w-0123456789ab.bin"), weights);
    fs.writeFileSync(path.join(dir, "w-0123456789ab.bin.br"), zlib.brotliCompressSync(weights));
    const app = express().use(BREED_MODEL_PATH, breedModelHandler(clientDir, {}));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BREED_MODEL_PATH}w-0123456789ab.bin`;
      const response = await fetch(url, { headers: { "accept-encoding": "br" } });
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(weights);
    } finally {
      server.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("BREED_MODEL_URL", () => {
  it("is our own path unless set, and always ends in a slash", () => {
    expect(breedModelBaseUrl({})).toBe(BREED_MODEL_PATH);
    expect(breedModelBaseUrl({ BREED_MODEL_URL: " " })).toBe(BREED_MODEL_PATH);
    expect(breedModelOrigin({})).toBeUndefined();
    const cdn = { BREED_MODEL_URL: "https://cdn.example.com/pawpal/breed" };
    expect(breedModelBaseUrl(cdn)).toBe("https://cdn.example.com/pawpal/breed/");
    expect(breedModelOrigin(cdn)).toBe("https://cdn.example.com");
  });

  it("redirects every model file to the same name there", async () => {
    for (const file of ["descriptor.json", "model.json", "pet-head.json"]) {
      const response = await fetch(`${origin}/elsewhere/${file}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`https://models.example.com/breed/v2/${file}`);
      const moved = await fetch(`${origin}/moved/${file}`, { redirect: "manual" });
      expect(moved.headers.get("location")).toBe(`/static/breed/${file}`);
    }
  });
});
