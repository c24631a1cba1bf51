import type { ChangeEvent, RefObject } from "react";

/**
 * The file inputs behind the demo's buttons, out of sight (the buttons click them): a photo to
 * analyse, one taken with the device's camera, and another photo of the same pet.
 */
export function PhotoInputs({
  uploadRef,
  captureRef,
  addRef,
  onChoose,
  onAdd,
}: {
  uploadRef: RefObject<HTMLInputElement | null>;
  captureRef: RefObject<HTMLInputElement | null>;
  addRef: RefObject<HTMLInputElement | null>;
  onChoose: (files: FileList | null) => void;
  onAdd: (files: FileList | null) => void;
}) {
  const handOver = (use: (files: FileList | null) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    use(event.currentTarget.files);
    // Let the same file be chosen again later.
    event.currentTarget.value = "";
  };
  return (
    <>
      <input
        ref={uploadRef}
        id="demo-photo-upload"
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-label="Upload a photo of your pet"
        onChange={handOver(onChoose)}
      />
      <input
        ref={addRef}
        id="demo-add-photo"
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-label="Add another photo of the same pet"
        onChange={handOver(onAdd)}
      />
      <input
        ref={captureRef}
        id="demo-photo-capture"
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        aria-label="Take a photo of your pet"
        onChange={handOver(onChoose)}
      />
    </>
  );
}
