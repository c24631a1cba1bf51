import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toasts, loaded on first use: sonner costs ~11 KB of JavaScript that most page
 * views never need. `toast.*` mounts the <Toaster /> from root on demand and shows
 * the toast once it is listening.
 */

type Sonner = typeof import("sonner");
let sonnerModule: Promise<Sonner> | undefined;
const loadSonner = () => (sonnerModule ??= import("sonner"));

let requested = false;
const subscribers = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

function requestToaster() {
  if (!requested) {
    requested = true;
    subscribers.forEach((notify) => notify());
  }
  return mounted;
}

type ToastKind = "success" | "error" | "info" | "message";

async function show(kind: ToastKind, title: string, options?: ExternalToast) {
  const [{ toast: sonnerToast }] = await Promise.all([loadSonner(), requestToaster()]);
  return sonnerToast[kind](title, options);
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
  message: (title: string, options?: ExternalToast) => show("message", title, options),
};

const BELOW_HEADER = "4.75rem";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

function SignalMounted() {
  // Runs after the sibling Toaster's own effects, i.e. once it listens for toasts.
  useEffect(() => markMounted(), []);
  return null;
}

export function Toaster() {
  const isRequested = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        // Below the sticky header (4 rem): a toast must not cover the navigation or the menu button.
        offset={{ top: BELOW_HEADER }}
        mobileOffset={{ top: BELOW_HEADER }}
        richColors
        closeButton
      />
      <SignalMounted />
    </Suspense>
  );
}
