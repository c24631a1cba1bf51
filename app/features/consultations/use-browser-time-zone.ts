import { useEffect } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { browserTimeZone, rememberTimeZone } from "~/components/time-zone/browser-time-zone";

/**
 * Shows the page's times in the browser's own zone: when the server rendered them in another
 * (first visit, or the device moved), the zone is remembered and the page's data reloaded.
 */
export function useBrowserTimeZone(shown: string) {
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const chosen = params.get("tz");
  useEffect(() => {
    const zone = browserTimeZone();
    if (chosen || zone === shown) return;
    rememberTimeZone(zone);
    void revalidate();
  }, [shown, chosen, revalidate]);
}
