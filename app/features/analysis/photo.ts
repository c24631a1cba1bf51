/** Photo validation of the specification, section 5: image files only, first file only. */

/** Image types some systems leave without a MIME type (then the extension decides). */
const IMAGE_EXTENSIONS = /\.(avif|bmp|gif|heic|heif|jpe?g|png|tiff?|webp)$/i;

export function isImageFile(file: File): boolean {
  if (file.type) return file.type.startsWith("image/");
  return IMAGE_EXTENSIONS.test(file.name);
}

export const NOT_AN_IMAGE_MESSAGE =
  "That file isn't an image. Please choose a photo of your pet, such as a JPG, PNG or HEIC file.";

export type PhotoChoice = { ok: true; file: File } | { ok: false; message: string } | null;

/** The first selected file if it is an image, a message if it is not, null if nothing was selected. */
export function choosePhotoFile(files: FileList | readonly File[] | null | undefined): PhotoChoice {
  const file = files?.[0];
  if (!file) return null;
  return isImageFile(file) ? { ok: true, file } : { ok: false, message: NOT_AN_IMAGE_MESSAGE };
}
