import { Icon } from "~/components/ui/icon";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { cameraErrorMessage, captureFrame, startCamera, stopCamera } from "./camera";

type CameraState =
  { status: "starting" } | { status: "live"; stream: MediaStream } | { status: "failed"; message: string };

export type CameraDialogProps = {
  /** The dialog closes itself through onClose; mount it only while it is open. */
  onClose: () => void;
  /** A frame was captured: analyse it. */
  onCapture: (photo: File) => void;
  /** The camera could not start; `message` says why. */
  onCameraError: (message: string) => void;
  /** The user prefers a file: open the file picker (still inside their click, so it is allowed). */
  onChooseFile: () => void;
};

/** Desktop "Take Photo": a live camera preview with a Capture button. Loaded on demand. */
export default function CameraDialog({ onClose, onCapture, onCameraError, onChooseFile }: CameraDialogProps) {
  const [camera, setCamera] = useState<CameraState>({ status: "starting" });
  const [videoReady, setVideoReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const reportCameraError = useEffectEvent(onCameraError);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    startCamera().then(
      (started) => {
        if (cancelled) return stopCamera(started);
        stream = started;
        setCamera({ status: "live", stream: started });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = cameraErrorMessage(error);
        setCamera({ status: "failed", message });
        reportCameraError(message);
      },
    );
    return () => {
      cancelled = true;
      stopCamera(stream);
    };
  }, []);

  const stream = camera.status === "live" ? camera.stream : null;
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  });

  async function capture() {
    const video = videoRef.current;
    if (!video || capturing) return;
    setCapturing(true);
    try {
      const photo = await captureFrame(video);
      onCapture(photo);
    } catch {
      setCamera({
        status: "failed",
        message: "We couldn't take the photo. Please try again, or choose a photo instead.",
      });
      setCapturing(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel="Close camera">
        <DialogTitle>Take a photo of your pet</DialogTitle>
        <DialogDescription>
          Frame your pet in good light, then press Capture. The picture stays on this device.
        </DialogDescription>

        <div className="mt-4 grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-ink-900 text-white">
          {camera.status === "failed" ? (
            <div className="p-6 text-center">
              <Icon name="camera" className="mx-auto size-10 text-ink-300" />
              <p role="alert" className="mt-3 font-medium">
                {camera.message}
              </p>
            </div>
          ) : (
            <div className="relative size-full">
              <video
                ref={videoRef}
                autoPlay
                muted
                playsInline
                aria-label="Live camera preview"
                onLoadedData={() => setVideoReady(true)}
                className="size-full object-cover"
              />
              {camera.status !== "live" || !videoReady ? (
                <p
                  role="status"
                  className="absolute inset-0 flex items-center justify-center gap-3 p-6 text-center"
                >
                  <Spinner className="size-6" />
                  Starting your camera… If your browser asks, please allow camera access.
                </p>
              ) : null}
            </div>
          )}
        </div>

        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant={camera.status === "failed" ? "primary" : "secondary"} onClick={onChooseFile}>
            <Icon name="image-up" /> Choose a photo instead
          </Button>
          {camera.status === "failed" ? null : (
            <Button onClick={capture} disabled={camera.status !== "live" || !videoReady || capturing}>
              <Icon name="camera" /> Capture
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
