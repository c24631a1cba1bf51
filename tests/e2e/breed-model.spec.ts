import { expect, test } from "./support";

// The breed model ships in the build (public/models/breed/): no download, no folder to configure.

test("the breed model's descriptor names its files and ImageNet classes, revalidated", async ({
  request,
}) => {
  const response = await request.get("/models/breed/descriptor.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, no-cache");
  const descriptor = await response.json();
  expect(descriptor).toMatchObject({ modelUrl: "model.json", inputSize: 224, headUrl: "pet-head.json" });
  expect(descriptor.classes).toHaveLength(1001);
  expect(descriptor.classes[208]).toBe("golden retriever");
});

test("the weights are served as binary under hashed names, precompressed, cached for good", async ({
  request,
}) => {
  const model = await (await request.get("/models/breed/model.json")).json();
  const head = await (await request.get("/models/breed/pet-head.json")).json();
  for (const file of [model.weightsManifest[0].paths[0], head.weightsUrl]) {
    const response = await request.get(`/models/breed/${file}`, { headers: { "accept-encoding": "br" } });
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"], file).toBe("application/octet-stream");
    expect(response.headers()["cache-control"], file).toBe("public, max-age=31536000, immutable");
    // The build's Brotli copy, not compressed per request.
    expect(response.headers()["content-encoding"], file).toBe("br");
  }
});

test("the licence and attribution are served beside the model", async ({ request }) => {
  expect(await (await request.get("/models/breed/LICENSE")).text()).toContain("Apache License");
  expect(await (await request.get("/models/breed/ATTRIBUTION.md")).text()).toContain("Oxford-IIIT Pet");
});

test("nothing outside the breed model folder can be read", async ({ request }) => {
  const response = await request.get("/models/breed/..%2f..%2fpackage.json");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Not found" });
});
