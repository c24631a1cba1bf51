import { useEffect, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { browserTimeZone, rememberTimeZone } from "./browser-time-zone";

const subscribeNothing = () => () => {};

/**
 * The zone a page shows its times in: the one the server rendered them in (`shown`, from
 * viewerTimeZone: ?tz=, the cookie, or UTC) while the page hydrates, then the browser's own,
 * which is remembered for the next pages the server renders. A zone chosen with ?tz= stays.
 *
 * For pages that format their times while rendering (chat messages that arrive live, lists):
 * no second request. A page whose loader formats times (the consultations) reloads its data
 * instead (features/consultations/use-browser-time-zone.ts).
 */
export function useViewerTimeZone(shown: string): string {
  const [params] = useSearchParams();
  const chosen = params.get("tz");
  // Null while the server renders and during hydration, so both show the same text.
  const browser = useSyncExternalStore(subscribeNothing, browserTimeZone, () => null);
  useEffect(() => {
    if (!chosen && browser && browser !== shown) rememberTimeZone(browser);
  }, [chosen, browser, shown]);
  return chosen || !browser ? shown : browser;
}
