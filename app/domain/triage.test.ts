import { describe, expect, it } from "vitest";
import { signsFor } from "./emergency";
import { SIGNS, SPECIES } from "./emergency-signs";
import {
  firstWords,
  NOT_ASSESSED,
  orderQueue,
  reasonsOf,
  TRIAGE_ERRORS,
  triageFor,
  URGENCIES,
  URGENCY_LABELS,
  waitingLabel,
  type Urgency,
} from "./triage";

const rex = { name: "Rex", type: "dog" } as const;
const milo = { name: "Milo", type: "cat" } as const;

describe("the urgency of what the owner ticked", () => {
  it("is 'not assessed' when nothing is ticked, never 'can wait'", () => {
    expect(triageFor(rex, [])).toEqual({ ok: true, triage: { signIds: [], urgency: "none" } });
    expect(triageFor({ name: "Kiwi", type: "other" }, [])).toEqual({ ok: true, triage: NOT_ASSESSED });
  });

  it("is the check's answer for each sign alone, for each species it is for", () => {
    for (const species of SPECIES) {
      for (const sign of signsFor(species)) {
        expect(triageFor({ name: "Pet", type: species }, [sign.id]), sign.id).toEqual({
          ok: true,
          triage: { signIds: [sign.id], urgency: sign.level },
        });
      }
    }
  });

  it("is 'go now' when a red flag is ticked with milder signs, whatever their order", () => {
    const ticked = ["itching", "vomiting-repeated", "chocolate", "chocolate"];
    const answer = triageFor(rex, ticked);
    expect(answer).toEqual({
      ok: true,
      // Each once, in the check's order.
      triage: { signIds: ["chocolate", "vomiting-repeated", "itching"], urgency: "emergency" },
    });
    if (answer.ok) expect(reasonsOf(answer.triage)).toEqual(["Chocolate or cocoa"]);
    expect(triageFor(milo, ["limp-mild", "eye-sore"])).toMatchObject({ triage: { urgency: "today" } });
    expect(triageFor(milo, ["limp-mild", "itching"])).toMatchObject({ triage: { urgency: "can-wait" } });
  });

  it("refuses an unknown sign, or one that is not text, with a sentence", () => {
    for (const ticked of [["chocolate", "unicorn"], [""], [42], ["__proto__"]]) {
      expect(triageFor(rex, ticked)).toEqual({ ok: false, error: TRIAGE_ERRORS.unknownSign });
    }
  });

  it("refuses a sign of the other species, naming it and the pet", () => {
    const lilies = SIGNS.find((sign) => sign.id === "lilies")!;
    expect(triageFor(rex, ["chocolate", "lilies"])).toEqual({
      ok: false,
      error: `“${lilies.label}” is a sign we check for cats only, and Rex is not a cat: untick it.`,
    });
    expect(triageFor(milo, ["bloat"])).toMatchObject({
      ok: false,
      error: expect.stringContaining("dogs only"),
    });
  });

  it("refuses any sign for a pet that is neither a dog nor a cat", () => {
    expect(triageFor({ name: "Kiwi", type: "other" }, ["bleeding"])).toEqual({
      ok: false,
      error: TRIAGE_ERRORS.notDogOrCat("Kiwi"),
    });
  });

  it("has a label for each urgency", () => {
    expect(URGENCIES.map((urgency) => URGENCY_LABELS[urgency])).toEqual([
      "Go now",
      "See a vet today",
      "Can wait",
      "Not assessed",
    ]);
  });
});

describe("the queue's order", () => {
  const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) - minutesAgo * 60_000);
  const entry = (id: string, urgency: Urgency, minutesAgo: number) => ({
    id,
    urgency,
    createdAt: at(minutesAgo),
  });

  it("is the most urgent first, then the longest waiting", () => {
    const queue = [
      entry("can-wait-old", "can-wait", 90),
      entry("none", "none", 30),
      entry("today-new", "today", 2),
      entry("go-now-new", "emergency", 1),
      entry("today-old", "today", 40),
      entry("go-now-old", "emergency", 5),
    ];
    expect(orderQueue(queue).map((one) => one.id)).toEqual([
      "go-now-old",
      "go-now-new",
      "today-old",
      "today-new",
      "none",
      "can-wait-old",
    ]);
    // The list given is left as it was.
    expect(queue[0]!.id).toBe("can-wait-old");
  });

  it("puts a conversation nobody assessed after 'today' and before 'can wait'", () => {
    const ids = orderQueue([
      entry("can-wait", "can-wait", 60),
      entry("none", "none", 1),
      entry("today", "today", 1),
    ]).map((one) => one.id);
    expect(ids).toEqual(["today", "none", "can-wait"]);
  });

  it("is stable for two opened at the same moment", () => {
    const ids = orderQueue([entry("b", "today", 3), entry("a", "today", 3)]).map((one) => one.id);
    expect(ids).toEqual(["a", "b"]);
  });
});

describe("the first words of a message", () => {
  it("keeps a short message whole, on one line", () => {
    expect(firstWords("  She ate\n\na bar of   chocolate.  ")).toBe("She ate a bar of chocolate.");
    expect(firstWords("")).toBe("");
  });

  it("cuts a long one at a word, within the length, with an ellipsis", () => {
    const body = "My dog Rex ate a whole bar of dark chocolate about twenty minutes ago, ".repeat(4);
    const words = firstWords(body);
    expect(Array.from(words).length).toBeLessThanOrEqual(120);
    expect(words.endsWith("…")).toBe(true);
    expect(body.replace(/\s+/g, " ").startsWith(words.slice(0, -1))).toBe(true);
    expect(words.slice(0, -1)).not.toMatch(/[\s,]$/);
    expect(firstWords("word ".repeat(30), 20)).toBe("word word word word…");
  });

  it("cuts one very long word where it must, and never splits an emoji", () => {
    expect(firstWords("a".repeat(300), 10)).toBe(`${"a".repeat(9)}…`);
    expect(firstWords("🐶".repeat(20), 5)).toBe("🐶🐶🐶🐶…");
  });
});

describe("how long it has waited", () => {
  const since = new Date("2026-01-01T12:00:00Z");
  const after = (ms: number) => new Date(since.getTime() + ms);

  it("reads in minutes, hours and days", () => {
    expect(waitingLabel(since, after(20_000))).toBe("waiting under a minute");
    expect(waitingLabel(since, after(-5_000))).toBe("waiting under a minute");
    expect(waitingLabel(since, after(12 * 60_000 + 59_000))).toBe("waiting 12 min");
    expect(waitingLabel(since, after(60 * 60_000))).toBe("waiting 1 h");
    expect(waitingLabel(since, after(65 * 60_000))).toBe("waiting 1 h 5 min");
    expect(waitingLabel(since, after(51 * 3_600_000))).toBe("waiting 2 d 3 h");
  });
});
