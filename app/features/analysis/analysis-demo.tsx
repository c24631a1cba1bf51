import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import { cn } from "~/utils/cn";
import { STAGE_LABELS, type AnalysisOutcome, type Analyzer } from "./analyzer";
import { currentPhoto, type AnalysisState } from "./analysis-machine";
import { canUseLiveCamera } from "./camera";
import { createDeviceAnalyzer } from "./device-analyzer";
import { bestGuess } from "~/engine/scores/outcome";
import { canAddPhoto, useAnalysis } from "./use-analysis";
import { analysesLeft, countedAnalyzer } from "./counted-analyzer";

const loadCameraDialog = () => import("./camera-dialog");
const CameraDialog = lazy(loadCameraDialog);
/** Fetches the camera dialog's code ahead of a likely click, where it will be used. */
const preloadCameraDialog = () => {
  if (canUseLiveCamera()) void loadCameraDialog();
};

// The report (care plan, nearby services, save to a pet, and zod to check their answers) is only
// needed once a photo is analysed: left out of the page's first scripts, it is fetched when the
// visitor shows intent to use the demo, or at the latest when an analysis starts. If it cannot
// be fetched (offline before the service worker kept it, or a deploy replaced it), the report's
// place says so instead of the page failing; an early failure is tried again at the next need.
let reportModule: Promise<{ default: typeof import("./report").default }> | undefined;
const loadReport = () =>
  (reportModule ??= import("./report").catch(() => {
    reportModule = undefined;
    return { default: ReportUnavailable };
  }));
const Report = lazy(loadReport);

const CAMERA_FALLBACK_NOTE = "Take Photo now opens the file picker.";

/** One analyzer (and so one worker with its models) for the page's lifetime, made on first use. */
let deviceAnalyzer: Analyzer | null = null;
function getDeviceAnalyzer() {
  deviceAnalyzer ??= createDeviceAnalyzer(BREED_MODEL_PATH);
  return deviceAnalyzer;
}
const lazyDeviceAnalyzer: Analyzer = {
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

/** The interactive pet analysis of the Features page (specification, sections 3 and 4). */
export function AnalysisDemo({
  analyzer: uncounted = lazyDeviceAnalyzer,
  signedIn = false,
}: {
  analyzer?: Analyzer;
  /** A signed-in account's plan counts its analyses; a visitor's demo is not counted. */
  signedIn?: boolean;
}) {
  const [analysesLeftThisMonth, setAnalysesLeft] = useState<number | null>(null);
  const analyzer = useMemo(
    () => (signedIn ? countedAnalyzer(uncounted, setAnalysesLeft) : uncounted),
    [signedIn, uncounted],
  );
  useEffect(() => {
    if (signedIn) void analysesLeft().then(setAnalysesLeft);
  }, [signedIn]);
  const { state, choosePhoto, addPhoto, showSample, isAnalyzing } = useAnalysis(analyzer);
  const [dragging, setDragging] = useState(false);
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
  useEffect(() => {
    if (state.status === "analyzing") void loadReport();
  }, [state.status]);
  const uploadInput = useRef<HTMLInputElement>(null);
  const captureInput = useRef<HTMLInputElement>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const photo = currentPhoto(state);

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    choosePhoto(event.currentTarget.files);
    // Let the same file be chosen again later.
    event.currentTarget.value = "";
  }

  function uploadPhoto() {
    if (!isAnalyzing) uploadInput.current?.click();
  }

  function takePhoto() {
    if (isAnalyzing) return;
    if (!cameraProblem && canUseLiveCamera()) setCameraOpen(true);
    else captureInput.current?.click();
  }

  return (
    <section id="demo" aria-labelledby="demo-title" className="px-4 pb-16 sm:px-6 lg:pb-24">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <Card data-print-hide className="lg:sticky lg:top-20">
          <h2 id="demo-title" className="text-2xl font-bold text-ink-900">
            Try the pet analysis
          </h2>
          <p className="mt-2 text-ink-600">
            Upload a photo, drop one here or take one now. It is analysed right here in your browser and never
            leaves your device.
          </p>
          {analysesLeftThisMonth === null ? null : (
            <p className="mt-2 text-sm font-semibold text-ink-700" data-testid="analyses-left">
              {analysesLeftThisMonth === 1 ? "1 photo analysis" : `${analysesLeftThisMonth} photo analyses`}{" "}
              left this month on your plan.
            </p>
          )}

          {/* Dropping a photo is a shortcut; the buttons below do the same for keyboard and touch. */}
          <div
            data-testid="photo-drop-zone"
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
              warmUp();
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              if (!isAnalyzing) choosePhoto(event.dataTransfer.files);
            }}
            className={cn(
              "relative mt-5 aspect-[4/3] overflow-hidden rounded-xl bg-brand-50 ring-1 ring-brand-100",
              dragging && "ring-4 ring-brand-500",
            )}
          >
            {photo ? (
              <PhotoPreview key={photo.url} url={photo.url} name={photo.name} />
            ) : (
              <div className="grid size-full place-items-center p-6 text-center text-brand-800">
                <div>
                  <Icon name="paw-print" className="mx-auto size-12 text-brand-500" />
                  <p className="mt-3 font-medium">Your pet's photo will appear here</p>
                  <p className="mt-1 text-sm">Drop a photo here, or use the buttons below</p>
                </div>
              </div>
            )}
            {isAnalyzing ? (
              // No backdrop blur: repainting it every frame slows the analysis on devices without a GPU.
              <div className="absolute inset-0 grid place-items-center bg-white/70">
                <Spinner className="size-14 text-brand-700" />
              </div>
            ) : null}
          </div>

          <StatusLine state={state} />
          {state.status === "done" ? (
            <a
              href="#analysis-report"
              className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 lg:hidden"
            >
              See your report
            </a>
          ) : null}

          <div data-js-only className="mt-4 grid gap-3 sm:grid-cols-2">
            <Button
              onClick={uploadPhoto}
              onPointerEnter={warmUp}
              onFocus={warmUp}
              aria-disabled={isAnalyzing || undefined}
              className={cn("w-full", isAnalyzing && "cursor-not-allowed opacity-60")}
            >
              <Icon name="image-up" /> Upload Photo
            </Button>
            <Button
              variant="secondary"
              onClick={takePhoto}
              onPointerEnter={() => {
                preloadCameraDialog();
                warmUp();
              }}
              onFocus={() => {
                preloadCameraDialog();
                warmUp();
              }}
              aria-disabled={isAnalyzing || undefined}
              className={cn("w-full", isAnalyzing && "cursor-not-allowed opacity-60")}
            >
              <Icon name="camera" /> Take Photo
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                if (!isAnalyzing) showSample();
              }}
              onPointerEnter={() => void loadReport()}
              onFocus={() => void loadReport()}
              aria-disabled={isAnalyzing || undefined}
              className={cn("w-full sm:col-span-2", isAnalyzing && "cursor-not-allowed opacity-60")}
            >
              <Icon name="file-text" /> See a sample report
            </Button>
          </div>
          <noscript>
            <p className="mt-4 rounded-xl bg-accent-100 p-4 text-sm text-accent-900">
              The demo needs JavaScript. Turn it on to try the pet analysis.
            </p>
          </noscript>

          {state.notice ? (
            <p
              role="alert"
              className="mt-4 flex gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              <Icon name="circle-exclamation-point" className="size-5 shrink-0" />
              {state.notice}
            </p>
          ) : null}
          {cameraProblem ? (
            <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-accent-100 p-3 text-sm text-accent-900">
              <Icon name="circle-exclamation-point" className="size-5 shrink-0" />
              <span>
                {cameraProblem} {CAMERA_FALLBACK_NOTE}
              </span>
            </p>
          ) : null}

          <input
            ref={uploadInput}
            id="demo-photo-upload"
            type="file"
            accept="image/*"
            hidden
            tabIndex={-1}
            aria-label="Upload a photo of your pet"
            onChange={onFilesChosen}
          />
          <input
            ref={addInput}
            id="demo-add-photo"
            type="file"
            accept="image/*"
            hidden
            tabIndex={-1}
            aria-label="Add another photo of the same pet"
            onChange={(event) => {
              addPhoto(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
          <input
            ref={captureInput}
            id="demo-photo-capture"
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            tabIndex={-1}
            aria-label="Take a photo of your pet"
            onChange={onFilesChosen}
          />
        </Card>

        <div>
          {state.status === "done" ? (
            <Suspense fallback={<ReportPlaceholder />}>
              <Report
                outcome={state.outcome}
                onShowSample={showSample}
                onAddPhoto={canAddPhoto(state.outcome) ? () => addInput.current?.click() : undefined}
              />
            </Suspense>
          ) : state.status === "analyzing" ? (
            <ReportPlaceholder />
          ) : state.status === "error" ? (
            <Card>
              <h3 className="text-xl font-bold text-ink-900">No report this time</h3>
              <p className="mt-2 text-ink-600">{state.message}</p>
            </Card>
          ) : (
            <WhatYouGet />
          )}
        </div>
      </div>

      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraDialog
            onClose={() => setCameraOpen(false)}
            onCapture={(file) => {
              setCameraOpen(false);
              choosePhoto([file]);
            }}
            onCameraError={setCameraProblem}
            onChooseFile={() => {
              setCameraOpen(false);
              captureInput.current?.click();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function PhotoPreview({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="grid size-full place-items-center p-6 text-center text-brand-800">
        <p>
          <span className="font-medium">{name}</span>
          <br />
          <span className="text-sm">Your browser can't show a preview of this photo.</span>
        </p>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={`Your photo: ${name}`}
      onError={() => setBroken(true)}
      className="size-full object-cover"
    />
  );
}

/** Says what the demo is doing; screen readers hear every change. */
function StatusLine({ state }: { state: AnalysisState }) {
  return (
    <div role="status" className="mt-3 min-h-6 text-sm font-medium">
      {state.status === "analyzing" ? (
        <p className="flex items-center gap-2 text-brand-800">
          <Spinner className="size-4" />
          {STAGE_LABELS[state.stage ?? "analyzing"]}
        </p>
      ) : state.status === "done" ? (
        <p className="flex items-center gap-2 text-brand-800">
          <Icon name="circle-check" className="size-4 shrink-0" />
          {outcomeSummary(state.outcome)}
        </p>
      ) : state.status === "error" ? (
        <p className="flex items-center gap-2 text-red-800">
          <Icon name="circle-exclamation-point" className="size-4 shrink-0" />
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/** One sentence for the status line (screen readers hear it when the analysis ends). */
export function outcomeSummary({ source, findings }: AnalysisOutcome): string {
  const lead = source === "sample" ? "Sample report" : "Analysis complete";
  if (findings.kind === "no-pet") return `${lead}: no dog or cat found in this photo.`;
  const { breed } = findings;
  const best = bestGuess(findings);
  if (breed.status === "identified" && best) {
    return `${lead}: ${best.breed.name}, ${Math.round(best.confidence * 100)}% confidence.`;
  }
  if (breed.status === "mix") {
    const [first, second] = breed.guesses;
    return `${lead}: a ${findings.species} that looks like a mix of ${first?.breed.name} and ${second?.breed.name}.`;
  }
  if (breed.status === "unsure") return `${lead}: a ${findings.species}, breed uncertain.`;
  return `${lead}: a ${findings.species}.`;
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
