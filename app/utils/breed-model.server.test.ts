// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { breedModelBaseUrl, breedModelOrigin } from "./breed-model.server";

afterEach(() => vi.unstubAllEnvs());

describe("breedModelBaseUrl", () => {
  it("defaults to our own /models/breed/", () => {
    vi.stubEnv("BREED_MODEL_URL", "");
    expect(breedModelBaseUrl()).toBe("/models/breed/");
    expect(breedModelOrigin()).toBeUndefined();
  });

  it("reads BREED_MODEL_URL and always ends in a slash", () => {
    vi.stubEnv("BREED_MODEL_URL", "https://cdn.example.com/pawpal/breed");
    expect(breedModelBaseUrl()).toBe("https://cdn.example.com/pawpal/breed/");
    expect(breedModelOrigin()).toBe("https://cdn.example.com");
  });
});
