import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useHiddenTabCount } from "./use-hidden-tab-count";

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => setHidden(false));

describe("a hidden tab's title", () => {
  it("counts what arrived while hidden, and is itself again once looked at", () => {
    document.title = "Emergency chat — PawPal";
    const { result } = renderHook(() => useHiddenTabCount());
    act(() => result.current());
    expect(document.title).toBe("Emergency chat — PawPal");

    setHidden(true);
    act(() => result.current());
    act(() => result.current());
    expect(document.title).toBe("(2) Emergency chat — PawPal");

    setHidden(false);
    expect(document.title).toBe("Emergency chat — PawPal");
    setHidden(true);
    act(() => result.current());
    expect(document.title).toBe("(1) Emergency chat — PawPal");
  });
});
