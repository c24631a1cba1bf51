import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each(["/", "/pets", "/pets?tab=2#top", "/auth?redirectTo=%2Fpets"])("keeps the site path %j", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each([
    undefined,
    null,
    42,
    "",
    "pets",
    "//evil.example",
    "//evil.example/pets",
    "/\\evil.example",
    "/pets\\..\\x",
    "https://evil.example",
    "javascript:alert(1)",
    " /pets",
    "/pets\n/x",
    `/${"a".repeat(1000)}`,
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/auth")).toBe("/auth");
  });
});
