import { useEffect, useState } from "react";
import { Form } from "react-router";
import { UrgencyBadge } from "~/components/chat/urgency-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { waitingLabel, type Urgency } from "~/domain/triage";

/** A waiting conversation as the vet's console shows it (the route reads and words it). */
export type WaitingEntry = {
  id: string;
  /** ISO 8601: when it was opened. */
  createdAt: string;
  urgency: Urgency;
  /** The ticked signs that gave the urgency. */
  reasons: string[];
  petName: string;
  /** "Dog · Labrador Retriever · 3 years": what the pet's record says. */
  petLine: string;
  /** The first message's first words; null while the vet is off duty (what was written is for vets on duty). */
  firstWords: string | null;
  /** The opening photo's address, for a vet on duty; null otherwise. */
  photo: string | null;
  hasPhoto: boolean;
};

const TICK_MS = 30_000;

/**
 * The time now, as the server said it at load, moved on by the browser's own clock while the
 * page stays open: "waiting 12 min" keeps counting between reloads, and the first paint and the
 * browser's agree (no clock difference between the two).
 */
function useNow(serverNow: string) {
  const [tick, setTick] = useState({ from: serverNow, ms: 0 });
  useEffect(() => {
    const start = performance.now();
    const timer = setInterval(() => setTick({ from: serverNow, ms: performance.now() - start }), TICK_MS);
    return () => clearInterval(timer);
  }, [serverNow]);
  return new Date(new Date(serverNow).getTime() + (tick.from === serverNow ? tick.ms : 0));
}

/** The on-duty queue: most urgent first, then the longest waiting, each with what a vet needs to choose. */
export function WaitingQueue({
  entries,
  now,
  onDuty,
}: {
  entries: readonly WaitingEntry[];
  now: string;
  onDuty: boolean;
}) {
  const current = useNow(now);
  return (
    <ol className="mt-3 space-y-3" data-testid="queue">
      {entries.map((one) => (
        <li key={one.id} data-testid="queue-entry" data-urgency={one.urgency}>
          <Card className="flex flex-wrap items-start gap-4 p-4 sm:flex-nowrap">
            {one.photo ? (
              <a href={one.photo} target="_blank" rel="noreferrer" className="shrink-0">
                <img
                  src={one.photo}
                  alt={`Sent about ${one.petName} (opens full size in a new tab)`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-16 rounded-lg object-cover ring-1 ring-ink-100 sm:size-20"
                />
              </a>
            ) : null}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <UrgencyBadge urgency={one.urgency} />
                <p className="font-semibold text-ink-900">{one.petName}</p>
                <p className="text-sm text-ink-700">{one.petLine}</p>
              </div>
              {one.reasons.length > 0 ? (
                <p className="mt-1 text-sm text-ink-700">Ticked: {one.reasons.join("; ")}</p>
              ) : null}
              {one.firstWords !== null ? (
                <p className="mt-2 break-words text-ink-800" data-testid="queue-first-words">
                  {one.firstWords ? `“${one.firstWords}”` : "(a photo, no words)"}
                </p>
              ) : null}
              <p className="mt-1 text-sm text-ink-600">
                <time dateTime={one.createdAt}>{waitingLabel(new Date(one.createdAt), current)}</time>
                {one.hasPhoto && !one.photo ? " · a photo is attached" : ""}
              </p>
            </div>
            <Form method="post" className="shrink-0 max-sm:w-full">
              <input type="hidden" name="intent" value="take" />
              <input type="hidden" name="conversationId" value={one.id} />
              <Button
                type="submit"
                aria-disabled={!onDuty || undefined}
                disabled={!onDuty}
                className="max-sm:w-full"
              >
                Take<span className="sr-only"> the conversation about {one.petName}</span>
              </Button>
            </Form>
          </Card>
        </li>
      ))}
    </ol>
  );
}
