import { expect, test } from "@playwright/test";

// playwright.config.ts points BREED_MODEL_DIR at the Darknet model beside the repo.

test("the breed model's descriptor is inferred from its folder", async ({ request }) => {
  const response = await request.get("/models/breed/descriptor.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const descriptor = await response.json();
  expect(descriptor).toMatchObject({
    format: "layers",
    modelUrl: "model.json",
    inputSize: 224,
    output: "logits",
  });
  expect(descriptor.classes[0]).toBe("kit fox");
});

test("the breed model's shards are served as binary and cached for a day", async ({ request }) => {
  const response = await request.get("/models/breed/group1-shard1of1");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/octet-stream");
  expect(response.headers()["cache-control"]).toBe("public, max-age=86400");
});

test("nothing outside the breed model folder can be read", async ({ request }) => {
  const response = await request.get("/models/breed/..%2f..%2fpackage.json");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Not found" });
});
