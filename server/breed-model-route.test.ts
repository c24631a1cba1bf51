// @vitest-environment node
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { breedModelRedirect, breedModelRoutes } from "./breed-model-route";

const DARKNET_DIR = path.resolve(process.cwd(), "../shared/models/imagenet-darknet-tiny");

/** An app with the routes mounted as server/index.ts mounts them, one per model folder. */
let origin: string;
let close: () => void;
let emptyDir: string;
let brokenDir: string;

beforeAll(async () => {
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-route-empty-"));
  brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-route-broken-"));
  fs.writeFileSync(path.join(brokenDir, "descriptor.json"), JSON.stringify({ format: "onnx" }));
  fs.writeFileSync(path.join(emptyDir, ".fetch-attempted"), "then\n");
  const app = express();
  app.use("/models/breed", breedModelRoutes(DARKNET_DIR));
  app.use("/empty", breedModelRoutes(emptyDir));
  app.use("/broken", breedModelRoutes(brokenDir));
  app.use("/elsewhere", breedModelRedirect("https://models.example.com/breed/v2/"));
  app.use((_req, res) => res.status(418).send("fell through"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(emptyDir, { recursive: true, force: true });
  fs.rmSync(brokenDir, { recursive: true, force: true });
});

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

describe("GET /models/breed/*", () => {
  it("serves the inferred descriptor, revalidated on every use", async () => {
    const response = await get("/models/breed/descriptor.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const descriptor = (await response.json()) as { format: string; classes: string[] };
    expect(descriptor.format).toBe("layers");
    expect(descriptor.classes[0]).toBe("kit fox");
  });

  it("serves model.json as JSON (no-cache) and shards as binary cached for a day", async () => {
    const model = await get("/models/breed/model.json");
    expect(model.status).toBe(200);
    expect(model.headers.get("content-type")).toContain("application/json");
    expect(model.headers.get("cache-control")).toBe("no-cache");
    const shard = await get("/models/breed/group1-shard1of1");
    expect(shard.status).toBe(200);
    expect(shard.headers.get("content-type")).toBe("application/octet-stream");
    expect(shard.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await shard.arrayBuffer()).byteLength).toBe(
      fs.statSync(path.join(DARKNET_DIR, "group1-shard1of1")).size,
    );
  });

  it("answers missing files, dotfiles and paths outside the folder with a JSON 404", async () => {
    for (const url of [
      "/models/breed/nothing.bin",
      "/models/breed/..%2fimagenet-darknet-tiny%2fmodel.json",
      "/models/breed/..%2f..%2f..%2fmain%2fpackage.json",
      "/empty/.fetch-attempted",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.json(), url).toEqual({ error: "Not found" });
    }
    for (const url of [
      "/models/breed/../../../main/package.json",
      "/models/breed/%2e%2e/%2e%2e/main/package.json",
    ]) {
      const response = await rawGet(url);
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body), url).toEqual({ error: "Not found" });
    }
  });

  it("says no model is installed when the folder has no model.json", async () => {
    const response = await get("/empty/descriptor.json");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No breed model is installed" });
  });

  it("logs an invalid descriptor.json and answers 404", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/broken/descriptor.json");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "The breed model is not usable" });
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/descriptor\.json is not a valid model descriptor/),
    );
    logged.mockRestore();
  });
});

describe("BREED_MODEL_URL on another host", () => {
  it("redirects every model file to the same name there", async () => {
    for (const file of ["descriptor.json", "model.json", "group1-shard1of1"]) {
      const response = await fetch(`${origin}/elsewhere/${file}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`https://models.example.com/breed/v2/${file}`);
    }
  });
});
