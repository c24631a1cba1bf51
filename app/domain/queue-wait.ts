import { formatDateTime } from "./time-format";
import { orderQueue, URGENCY_LABELS, type Urgency } from "./triage";

/*
 * An honest wait: while a conversation waits for a vet, its owner sees its place in the queue
 * (the vets take the most urgent first, then the longest waiting: triage.ts orderQueue) and how
 * long a vet took to take the latest conversations of the same urgency, with when those were.
 */

/** How many of the latest taken conversations of an urgency the estimate is made from. */
export const WAIT_SAMPLE = 20;
/** Fewer than this, and there is nothing honest to say about a usual wait. */
const MIN_SAMPLE = 3;

/** One taken conversation: when it was opened and when a vet took it. */
export type PastWait = { createdAt: Date; takenAt: Date };

export type WaitEstimate = {
  /** 1 for the next to be taken. */
  place: number;
  urgency: Urgency;
  /** The median wait of the sample, in whole minutes rounded up; null when the sample is too small. */
  usualMinutes: number | null;
  sample: number;
  /** When the sample's conversations were opened: the first and the last. */
  from: Date | null;
  to: Date | null;
};

/** The conversation's place and what the latest waits of its urgency say; null when it is not in the queue. */
export function estimateWait(
  queue: readonly { id: string; urgency: Urgency; createdAt: Date }[],
  id: string,
  pastWaits: readonly PastWait[],
): WaitEstimate | null {
  const ordered = orderQueue(queue);
  const index = ordered.findIndex((entry) => entry.id === id);
  if (index < 0) return null;
  const sample = [...pastWaits]
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
    .slice(0, WAIT_SAMPLE);
  const waits = sample
    .map((wait) => Math.max(0, wait.takenAt.getTime() - wait.createdAt.getTime()))
    .sort((a, b) => a - b);
  const opened = sample.map((wait) => wait.createdAt.getTime());
  return {
    place: index + 1,
    urgency: ordered[index]!.urgency,
    usualMinutes: waits.length >= MIN_SAMPLE ? Math.max(1, Math.ceil(median(waits) / 60_000)) : null,
    sample: sample.length,
    from: opened.length > 0 ? new Date(Math.min(...opened)) : null,
    to: opened.length > 0 ? new Date(Math.max(...opened)) : null,
  };
}

function median(sorted: readonly number[]) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ordinal = (place: number) => {
  const tens = place % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? "th"
      : (({ 1: "st", 2: "nd", 3: "rd" } as const)[(place % 10) as 1 | 2 | 3] ?? "th");
  return `${place}${suffix}`;
};

/** The two sentences the waiting page shows: the place, then the usual wait and what it was measured on. */
export function waitSentences(estimate: WaitEstimate, timeZone: string): { place: string; usual: string } {
  const kind = URGENCY_LABELS[estimate.urgency].toLowerCase();
  const place =
    estimate.place === 1
      ? "Yours is next: the first vet free takes it."
      : `Yours is ${ordinal(estimate.place)} in the queue: ${estimate.place - 1} ${estimate.place === 2 ? "conversation is" : "conversations are"} ahead of it (the most urgent are taken first).`;
  if (estimate.usualMinutes === null || !estimate.from || !estimate.to)
    return {
      place,
      usual: "Too few conversations have been taken lately to say how long the wait usually is.",
    };
  return {
    place,
    usual: `Usually about ${estimate.usualMinutes} ${estimate.usualMinutes === 1 ? "minute" : "minutes"}: half of the last ${estimate.sample} conversations marked “${kind}”, opened between ${formatDateTime(estimate.from, timeZone)} and ${formatDateTime(estimate.to, timeZone)}, were taken within that.`,
  };
}
