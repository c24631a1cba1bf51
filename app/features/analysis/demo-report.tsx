import { lazy, Suspense, useEffect } from "react";
import { Icon } from "~/components/ui/icon";
import { Card } from "~/components/ui/card";
import type { AnalysisState } from "./analysis-machine";
import { canAddPhoto } from "./use-analysis";

// The report (care plan, nearby services, save to a pet, and zod to check their answers) is only
// needed once a photo is analysed: left out of the page's first scripts, it is fetched when the
// visitor shows intent to use the demo, or at the latest when an analysis starts. If it cannot
// be fetched (offline before the service worker kept it, or a deploy replaced it), the report's
// place says so instead of the page failing; an early failure is tried again at the next need.
let reportModule: Promise<{ default: typeof import("./report").default }> | undefined;
export const loadReport = () =>
  (reportModule ??= import("./report").catch(() => {
    reportModule = undefined;
    return { default: ReportUnavailable };
  }));
const Report = lazy(loadReport);

/** The demo's second column: what a report includes, the report on its way, then the report. */
export function DemoReport({
  state,
  onShowSample,
  onAddPhoto,
  onStartWithDifferentPet,
}: {
  state: AnalysisState;
  onShowSample: () => void;
  /** Opens the picker for another photo of the same pet (offered while more can be combined). */
  onAddPhoto: () => void;
  /** Shows the answer of an added photo that looked like a different pet instead. */
  onStartWithDifferentPet: () => void;
}) {
  useEffect(() => {
    if (state.status === "analyzing") void loadReport();
  }, [state.status]);

  if (state.status === "done") {
    return (
      <Suspense fallback={<ReportPlaceholder />}>
        <Report
          outcome={state.outcome}
          differentPet={state.differentPet}
          onStartWithDifferentPet={onStartWithDifferentPet}
          onShowSample={onShowSample}
          onAddPhoto={canAddPhoto(state.outcome) ? onAddPhoto : undefined}
        />
      </Suspense>
    );
  }
  if (state.status === "analyzing") return <ReportPlaceholder />;
  if (state.status === "error") {
    return (
      <Card>
        <h3 className="text-xl font-bold text-ink-900">No report this time</h3>
        <p className="mt-2 text-ink-600">{state.message}</p>
      </Card>
    );
  }
  return <WhatYouGet />;
}

function ReportUnavailable() {
  return (
    <Card>
      <h3 className="text-xl font-bold text-ink-900">Your report could not be loaded</h3>
      <p className="mt-2 text-ink-600">
        Check your connection, then reload the page and analyse the photo again.
      </p>
    </Card>
  );
}

function ReportPlaceholder() {
  return (
    <Card>
      <h3 className="text-xl font-bold text-ink-900">Preparing your pet's report…</h3>
      <p className="mt-2 text-ink-600">It will appear here in a moment.</p>
      <div aria-hidden className="mt-6 space-y-3 motion-safe:animate-pulse">
        <div className="h-8 w-2/3 rounded-lg bg-ink-100" />
        <div className="h-3 w-full rounded bg-ink-100" />
        <div className="h-3 w-5/6 rounded bg-ink-100" />
        <div className="h-3 w-4/6 rounded bg-ink-100" />
        <div className="grid gap-3 pt-3 sm:grid-cols-2">
          <div className="h-24 rounded-xl bg-ink-100" />
          <div className="h-24 rounded-xl bg-ink-100" />
        </div>
      </div>
    </Card>
  );
}

const REPORT_CONTENTS = [
  "The breed, with how confident the analysis is",
  "Characteristics typical of the breed",
  "Health recommendations to discuss with your vet",
  "A care schedule for vaccination, feeding, exercise and grooming",
  "Vets and pet services near you, with distances",
] as const;

function WhatYouGet() {
  return (
    <Card>
      <h3 className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Icon name="list-checks" className="size-6 text-brand-700" />
        What your report includes
      </h3>
      <ul className="mt-4 space-y-3">
        {REPORT_CONTENTS.map((item) => (
          <li key={item} className="flex gap-3 text-ink-700">
            <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-6 flex gap-3 rounded-xl bg-ink-50 p-4 text-sm text-ink-600 ring-1 ring-ink-100">
        <Icon name="lock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          The analysis runs in your browser: your photo is never uploaded. The first photo takes a few seconds
          longer while the analysis gets ready.
        </span>
      </p>
    </Card>
  );
}
