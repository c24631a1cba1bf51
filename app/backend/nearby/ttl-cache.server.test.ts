import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.server";

describe("TtlCache", () => {
  it("returns what was stored until it expires", () => {
    const cache = new TtlCache<string>(10, 1000);
    cache.set("a", "one", 0);
    expect(cache.get("a", 999)).toBe("one");
    expect(cache.get("a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used entry past its size", () => {
    const cache = new TtlCache<number>(2, 60_000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    expect(cache.get("a", 1)).toBe(1); // "a" is now the most recently used
    cache.set("c", 3, 2);
    expect(cache.get("b", 3)).toBeUndefined();
    expect(cache.get("a", 3)).toBe(1);
    expect(cache.get("c", 3)).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("restarts the time to live when a key is stored again, and forgets on delete and clear", () => {
    const cache = new TtlCache<number>(5, 1000);
    cache.set("a", 1, 0);
    cache.set("a", 2, 900);
    expect(cache.get("a", 1500)).toBe(2);
    cache.delete("a");
    expect(cache.get("a", 1500)).toBeUndefined();
    cache.set("b", 1, 0);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
