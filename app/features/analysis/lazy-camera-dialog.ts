import { lazy } from "react";
import { canUseLiveCamera } from "./camera";

// The live camera's dialog is its own chunk: most visitors upload a photo instead.
const loadCameraDialog = () => import("./camera-dialog");
export const CameraDialog = lazy(loadCameraDialog);

/** Fetches the camera dialog's code ahead of a likely click, where it will be used. */
export const preloadCameraDialog = () => {
  if (canUseLiveCamera()) void loadCameraDialog();
};
