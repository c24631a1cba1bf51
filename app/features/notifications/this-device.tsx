import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useHydrated } from "~/components/ui/use-hydrated";

type Props = {
  /** The server's VAPID public key (base64url): what the browser's push service checks pushes against. */
  vapidPublicKey: string;
};

type DeviceState = "unsupported" | "denied" | "off" | "on" | "checking";

/** The subscription of this browser, if it has one (the service worker registers it). */
async function currentSubscription() {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Whether this browser can receive pushes, may, and does. */
async function deviceState(): Promise<DeviceState> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

/**
 * Notifications on this device: after a tap, the browser asks for permission, subscribes with
 * its push service and the page posts the subscription (intent=subscribe); off, it unsubscribes
 * and the page tells the server (intent=unsubscribe).
 */
export function ThisDevice({ vapidPublicKey }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ intent: string; ok?: boolean; error?: string }>();
  const [state, setState] = useState<DeviceState>("checking");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void deviceState().then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, []);

  async function turnOn() {
    setProblem(null);
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setState(permission === "denied" ? "denied" : "off");
      return;
    }
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: vapidPublicKey,
      });
      await fetcher.submit(
        { intent: "subscribe", subscription: JSON.stringify(subscription.toJSON()) },
        { method: "post" },
      );
      setState("on");
    } catch {
      setProblem("This browser could not reach its push service. Check the connection and try again.");
    }
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    if (subscription) {
      await fetcher.submit({ intent: "unsubscribe", endpoint: subscription.endpoint }, { method: "post" });
      await subscription.unsubscribe();
    }
    setState("off");
  }

  if (!hydrated) return <p className="text-ink-700">Turning notifications on needs JavaScript.</p>;
  const refused = fetcher.data?.error ?? problem;
  // The browser subscribed but the server refused the subscription: not on, whatever the browser holds.
  const shown =
    state === "on" && fetcher.data?.intent === "subscribe" && fetcher.data.ok === false ? "off" : state;
  return (
    <div className="space-y-4">
      {shown === "unsupported" ? (
        <p className="text-ink-700">This browser cannot receive notifications from websites.</p>
      ) : shown === "denied" ? (
        <p className="text-ink-700">
          Notifications are blocked for PawPal in this browser: allow them in the site&apos;s settings, then
          come back here.
        </p>
      ) : shown === "on" ? (
        <>
          <p className="text-ink-700">Notifications are on for this device.</p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => void turnOff()}
            disabled={fetcher.state !== "idle"}
          >
            Turn off on this device
          </Button>
        </>
      ) : (
        <Button
          type="button"
          onClick={() => void turnOn()}
          disabled={shown === "checking" || fetcher.state !== "idle"}
        >
          Turn on notifications on this device
        </Button>
      )}
      {refused ? <FormMessage tone="error" title="Notifications are not on" description={refused} /> : null}
    </div>
  );
}
