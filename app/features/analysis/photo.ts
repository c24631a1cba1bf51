/**
 * Photo validation of the specification, section 5 (image files only, first file only), a size
 * cap, and every message that tells a visitor why a photo cannot be used.
 */
import { MIN_PHOTO_SIDE, type PhotoProblem } from "./worker/protocol";

/** Image types some systems leave without a MIME type (then the extension decides). */
const IMAGE_EXTENSIONS = /\.(avif|bmp|gif|heic|heif|jpe?g|png|tiff?|webp)$/i;

export function isImageFile(file: File): boolean {
  if (file.type) return file.type.startsWith("image/");
  return IMAGE_EXTENSIONS.test(file.name);
}

export const NOT_AN_IMAGE_MESSAGE =
  "That file isn't an image. Please choose a photo of your pet, such as a JPG, PNG or HEIC file.";

/** Phone cameras make 3-12 MB JPEGs; anything past this is not a photo we should decode on a phone. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

export const TOO_LARGE_MESSAGE =
  "That photo is larger than 25 MB. Please choose a smaller one, or take a new photo with your camera.";

/** What the worker found wrong with a photo it was given (a model failure is not the photo's fault). */
export const PHOTO_PROBLEM_MESSAGES: Record<Exclude<PhotoProblem, "models">, string> = {
  unreadable:
    "We couldn't read this photo. It may be damaged or in a format your browser can't open: try a JPG or PNG.",
  "too-small": `This photo is too small to analyse. Please choose one at least ${MIN_PHOTO_SIDE} pixels on each side.`,
};

export type PhotoChoice = { ok: true; file: File } | { ok: false; message: string } | null;

/** The first selected file if it is a usable image, a message if not, null if nothing was selected. */
export function choosePhotoFile(files: FileList | readonly File[] | null | undefined): PhotoChoice {
  const file = files?.[0];
  if (!file) return null;
  if (!isImageFile(file)) return { ok: false, message: NOT_AN_IMAGE_MESSAGE };
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, message: TOO_LARGE_MESSAGE };
  return { ok: true, file };
}
