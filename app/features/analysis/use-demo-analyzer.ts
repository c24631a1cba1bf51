import { useEffect, useMemo, useState } from "react";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import type { Analyzer } from "./analyzer";
import { createDeviceAnalyzer } from "./device-analyzer";
import { analysesLeft, countedAnalyzer } from "./counted-analyzer";
import { loadReport } from "./demo-report";

/** One analyzer (and so one worker with its models) for the page's lifetime, made on first use. */
let deviceAnalyzer: Analyzer | null = null;
function getDeviceAnalyzer() {
  deviceAnalyzer ??= createDeviceAnalyzer(BREED_MODEL_PATH);
  return deviceAnalyzer;
}
export const lazyDeviceAnalyzer: Analyzer = {
  analyze: (photo, options) => getDeviceAnalyzer().analyze(photo, options),
  warmUp: () => getDeviceAnalyzer().warmUp?.(),
};

/**
 * True when this browser already keeps the analysis files (the service worker saved them on an
 * earlier visit): getting the analysis ready then costs no download, only a little work off the
 * page's thread.
 */
async function analysisFilesKept(): Promise<boolean> {
  if (typeof caches === "undefined") return false;
  return (await caches.match(`${BREED_MODEL_PATH}descriptor.json`).catch(() => undefined)) !== undefined;
}

/**
 * The demo's analyzer: counted against a signed-in account's plan (with how many analyses are
 * left this month), and made ready before the first photo so that it needs no set-up.
 */
export function useDemoAnalyzer(uncounted: Analyzer, signedIn: boolean) {
  const [analysesLeftThisMonth, setAnalysesLeft] = useState<number | null>(null);
  const analyzer = useMemo(
    () => (signedIn ? countedAnalyzer(uncounted, setAnalysesLeft) : uncounted),
    [signedIn, uncounted],
  );
  useEffect(() => {
    if (signedIn) void analysesLeft().then(setAnalysesLeft);
  }, [signedIn]);
  // On a first visit, models load when the visitor shows intent to use the demo, not with the page.
  const warmUp = () => {
    void loadReport();
    analyzer.warmUp?.();
  };
  // For a returning visitor, once the page is idle: the first photo then needs no set-up.
  useEffect(() => {
    let cancelled = false;
    void analysisFilesKept().then((kept) => {
      if (!kept || cancelled) return;
      if ("requestIdleCallback" in window)
        requestIdleCallback(() => cancelled || analyzer.warmUp?.(), { timeout: 2000 });
      else analyzer.warmUp?.();
    });
    return () => {
      cancelled = true;
    };
  }, [analyzer]);
  return { analyzer, analysesLeftThisMonth, warmUp };
}
