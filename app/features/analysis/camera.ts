/** Live-camera helpers for desktops; phones use the camera through <input capture>. */

/**
 * True where a live camera preview makes sense: the browser can ask for a camera and the
 * main pointer is fine (a desktop). Phones (coarse pointer) get their own camera app instead.
 */
export function canUseLiveCamera(): boolean {
  if (typeof window === "undefined" || typeof navigator === "undefined") return false;
  if (typeof navigator.mediaDevices?.getUserMedia !== "function") return false;
  return !window.matchMedia?.("(pointer: coarse)").matches;
}

export function startCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 960 } },
    audio: false,
  });
}

export function stopCamera(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Says in plain words why the camera could not start. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
      return "Camera access was blocked. You can allow it in your browser's site settings, or choose a photo instead.";
    case "NotFoundError":
    case "OverconstrainedError":
      return "We couldn't find a camera on this device. Please choose a photo instead.";
    case "NotReadableError":
    case "AbortError":
      return "Your camera is busy or couldn't start. Close other apps using it and try again, or choose a photo instead.";
    default:
      return "We couldn't start your camera. Please choose a photo instead.";
  }
}

/** Turns the current video frame into a JPEG file, as if it had been uploaded. */
export function captureFrame(video: HTMLVideoElement): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d");
  if (!context || !canvas.width || !canvas.height) {
    return Promise.reject(new Error("The camera has no picture yet."));
  }
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) reject(new Error("The photo could not be captured."));
        else resolve(new File([blob], `camera-photo-${Date.now()}.jpg`, { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.92,
    );
  });
}
