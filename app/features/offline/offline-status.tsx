import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";

type State = "preparing" | "ready" | "failed";

const TEXT: Record<State, string> = {
  preparing: "Getting the analysis ready to work offline…",
  ready: "Ready to work offline: the analysis runs on this device, even without a connection.",
  failed: "The analysis could not be saved for offline use; it still works while you are online.",
};

/**
 * Asks the service worker to keep the analysis files (WebAssembly, detector, breed model)
 * and says when the Features page works offline. Its line is reserved from the first paint,
 * so the text appearing never moves the page.
 */
export function OfflineStatus() {
  const [state, setState] = useState<State>();
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let active = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      if (active) setState(event.data === "ready" ? "ready" : "failed");
    };
    void navigator.serviceWorker.ready.then((registration) => {
      if (!active) return;
      setState("preparing");
      registration.active?.postMessage({ type: "cache-analysis" }, [channel.port2]);
    });
    return () => {
      active = false;
      channel.port1.close();
    };
  }, []);
  return (
    // Two lines reserved: the longest text wraps once on a phone.
    <div className="px-4 pb-6">
      <p
        role="status"
        className="mx-auto flex min-h-10 max-w-3xl items-center justify-center gap-2 text-center text-sm text-ink-600"
      >
        {state === "ready" && <Icon name="check" className="size-4 shrink-0 text-brand-700" />}
        {state && TEXT[state]}
      </p>
    </div>
  );
}
