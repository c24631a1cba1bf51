import { describe, expect, expectTypeOf, it } from "vitest";
import { resultFor } from "./forms";

type Answer =
  | { intent: "name"; ok: false; errors: { name?: string } }
  | { intent: "delete"; ok: false; errors: { password?: string } }
  | { intent: "leave"; ok: true; ownerName: string };

describe("resultFor", () => {
  it("is the answer when it is for the form of that intent, else undefined", () => {
    const answer = { intent: "name", ok: false, errors: { name: "Please enter your name." } } as Answer;
    expect(resultFor(answer, "name")).toBe(answer);
    expect(resultFor(answer, "delete")).toBeUndefined();
    expect(resultFor(undefined as Answer | undefined, "name")).toBeUndefined();
  });

  it("types the answer as that form's", () => {
    const answer = { intent: "leave", ok: true, ownerName: "Olive" } as Answer;
    expectTypeOf(resultFor(answer, "leave")).toEqualTypeOf<
      { intent: "leave"; ok: true; ownerName: string } | undefined
    >();
  });
});
