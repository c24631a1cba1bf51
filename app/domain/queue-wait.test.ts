import { describe, expect, it } from "vitest";
import { estimateWait, waitSentences, WAIT_SAMPLE } from "./queue-wait";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 2, minute));
const taken = (openedAt: number, waitedMinutes: number) => ({
  createdAt: at(openedAt),
  takenAt: new Date(at(openedAt).getTime() + waitedMinutes * 60_000),
});

describe("estimateWait", () => {
  const queue = [
    { id: "c", urgency: "today" as const, createdAt: at(1) },
    { id: "b", urgency: "emergency" as const, createdAt: at(5) },
    { id: "a", urgency: "emergency" as const, createdAt: at(3) },
  ];

  it("places a conversation as the vets take them: the most urgent first, then the longest waiting", () => {
    expect(estimateWait(queue, "a", [])?.place).toBe(1);
    expect(estimateWait(queue, "b", [])?.place).toBe(2);
    expect(estimateWait(queue, "c", [])?.place).toBe(3);
    expect(estimateWait(queue, "gone", [])).toBeNull();
  });

  it("takes the median of the latest waits, rounded up to whole minutes, and says when they were", () => {
    const estimate = estimateWait(queue, "b", [taken(10, 2), taken(20, 7), taken(30, 3.5), taken(40, 1)]);
    expect(estimate).toMatchObject({
      place: 2,
      urgency: "emergency",
      usualMinutes: 3,
      sample: 4,
      from: at(10),
      to: at(40),
    });
  });

  it(`reads only the latest ${WAIT_SAMPLE}, and says nothing of a usual wait from fewer than 3`, () => {
    const old = Array.from({ length: 10 }, (_, i) => taken(i, 50));
    const recent = Array.from({ length: WAIT_SAMPLE }, (_, i) => taken(100 + i, 2));
    expect(estimateWait(queue, "a", [...old, ...recent])).toMatchObject({
      usualMinutes: 2,
      sample: WAIT_SAMPLE,
      from: at(100),
    });
    expect(estimateWait(queue, "a", [taken(1, 5), taken(2, 5)])?.usualMinutes).toBeNull();
  });
});

describe("waitSentences", () => {
  it("says the place and the usual wait with the hours it was measured in", () => {
    const sentences = waitSentences(
      { place: 3, urgency: "emergency", usualMinutes: 4, sample: 20, from: at(0), to: at(55) },
      "Europe/London",
    );
    expect(sentences.place).toBe(
      "Yours is 3rd in the queue: 2 conversations are ahead of it (the most urgent are taken first).",
    );
    expect(sentences.usual).toBe(
      "Usually about 4 minutes: half of the last 20 conversations marked “go now”, opened between Dec 2, 2026, 2:00 AM GMT and Dec 2, 2026, 2:55 AM GMT, were taken within that.",
    );
  });

  it("is honest when it cannot say", () => {
    const sentences = waitSentences(
      { place: 1, urgency: "today", usualMinutes: null, sample: 1, from: at(0), to: at(0) },
      "UTC",
    );
    expect(sentences).toEqual({
      place: "Yours is next: the first vet free takes it.",
      usual: "Too few conversations have been taken lately to say how long the wait usually is.",
    });
  });
});
