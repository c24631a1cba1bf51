import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { loadReport } from "./demo-report";
import { preloadCameraDialog } from "./lazy-camera-dialog";

/**
 * Upload, Take Photo and the sample report. While an analysis runs they stay focusable but do
 * nothing (aria-disabled, not disabled). Pointing at or focusing one fetches what it will need.
 */
export function PhotoButtons({
  busy,
  warmUp,
  onUpload,
  onTakePhoto,
  onShowSample,
}: {
  busy: boolean;
  /** Gets the analysis ready: the visitor is about to give it a photo. */
  warmUp: () => void;
  onUpload: () => void;
  onTakePhoto: () => void;
  onShowSample: () => void;
}) {
  const busyLook = busy && "cursor-not-allowed opacity-60";
  const cameraIntent = () => {
    preloadCameraDialog();
    warmUp();
  };
  return (
    <div data-js-only className="mt-4 grid gap-3 sm:grid-cols-2">
      <Button
        onClick={onUpload}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        aria-disabled={busy || undefined}
        className={cn("w-full", busyLook)}
      >
        <Icon name="image-up" /> Upload Photo
      </Button>
      <Button
        variant="secondary"
        onClick={onTakePhoto}
        onPointerEnter={cameraIntent}
        onFocus={cameraIntent}
        aria-disabled={busy || undefined}
        className={cn("w-full", busyLook)}
      >
        <Icon name="camera" /> Take Photo
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          if (!busy) onShowSample();
        }}
        onPointerEnter={() => void loadReport()}
        onFocus={() => void loadReport()}
        aria-disabled={busy || undefined}
        className={cn("w-full sm:col-span-2", busyLook)}
      >
        <Icon name="file-text" /> See a sample report
      </Button>
    </div>
  );
}
