import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while the server renders and during hydration, true once React runs in the browser.
 * Lets a form keep the browser's own validation and inline results for visitors without
 * JavaScript, and take over (toasts, own messages) when it can.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
