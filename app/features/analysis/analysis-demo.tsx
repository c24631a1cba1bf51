import { Icon } from "~/components/ui/icon";
import { Suspense, useRef, useState } from "react";
import { Card } from "~/components/ui/card";
import type { Analyzer } from "./analyzer";
import { currentPhoto } from "./analysis-machine";
import { canUseLiveCamera } from "./camera";
import { useAnalysis } from "./use-analysis";
import { lazyDeviceAnalyzer, useDemoAnalyzer } from "./use-demo-analyzer";
import { PhotoDropZone } from "./photo-drop-zone";
import { StatusLine } from "./status-line";
import { PhotoButtons } from "./photo-buttons";
import { PhotoInputs } from "./photo-inputs";
import { DemoReport } from "./demo-report";
import { CameraDialog } from "./lazy-camera-dialog";

const CAMERA_FALLBACK_NOTE = "Take Photo now opens the file picker.";

/** The interactive pet analysis of the Features page (specification, sections 3 and 4). */
export function AnalysisDemo({
  analyzer: uncounted = lazyDeviceAnalyzer,
  signedIn = false,
}: {
  analyzer?: Analyzer;
  /** A signed-in account's plan counts its analyses; a visitor's demo is not counted. */
  signedIn?: boolean;
}) {
  const { analyzer, analysesLeftThisMonth, warmUp } = useDemoAnalyzer(uncounted, signedIn);
  const { state, choosePhoto, addPhoto, startWithDifferentPet, showSample, isAnalyzing } =
    useAnalysis(analyzer);
  const uploadInput = useRef<HTMLInputElement>(null);
  const captureInput = useRef<HTMLInputElement>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);

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

          <PhotoDropZone
            photo={currentPhoto(state)}
            busy={isAnalyzing}
            onDragIn={warmUp}
            onDropFiles={choosePhoto}
          />

          <StatusLine state={state} />
          {state.status === "done" ? (
            <a
              href="#analysis-report"
              className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 lg:hidden"
            >
              See your report
            </a>
          ) : null}

          <PhotoButtons
            busy={isAnalyzing}
            warmUp={warmUp}
            onUpload={uploadPhoto}
            onTakePhoto={takePhoto}
            onShowSample={showSample}
          />
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

          <PhotoInputs
            uploadRef={uploadInput}
            captureRef={captureInput}
            addRef={addInput}
            onChoose={choosePhoto}
            onAdd={addPhoto}
          />
        </Card>

        <div>
          <DemoReport
            state={state}
            onShowSample={showSample}
            onAddPhoto={() => addInput.current?.click()}
            onStartWithDifferentPet={startWithDifferentPet}
          />
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
