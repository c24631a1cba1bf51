import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { waitSentences, type WaitEstimate } from "~/domain/queue-wait";

/** How often a waiting owner's page asks again where the conversation stands. */
const REFRESH_MS = 20_000;

/**
 * Where a waiting conversation stands (domain/queue-wait.ts): its place in the queue and the
 * usual wait of its urgency, read again every 20 seconds while the page is visible (the page's
 * loader answers; the vet taking it arrives on the live channel at once).
 */
export function QueueWait({ estimate, timeZone }: { estimate: WaitEstimate; timeZone: string }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidate]);
  const { place, usual } = waitSentences(estimate, timeZone);
  return (
    <div className="rounded-xl bg-white px-4 py-3 text-ink-800 ring-1 ring-ink-100" data-testid="queue-wait">
      <p className="font-semibold text-ink-900">{place}</p>
      <p className="mt-1 text-sm">{usual}</p>
    </div>
  );
}
