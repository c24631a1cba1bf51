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
  const inputs = [
    { ref: uploadRef, id: "demo-photo-upload", label: "Upload a photo of your pet", use: onChoose },
    { ref: addRef, id: "demo-add-photo", label: "Add another photo of the same pet", use: onAdd },
    {
      ref: captureRef,
      id: "demo-photo-capture",
      label: "Take a photo of your pet",
      use: onChoose,
      capture: true,
    },
  ];
  return (
    <>
      {inputs.map(({ ref, id, label, use, capture }) => (
        <input
          key={id}
          ref={ref}
          id={id}
          type="file"
          accept="image/*"
          capture={capture ? "environment" : undefined}
          hidden
          tabIndex={-1}
          aria-label={label}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            use(event.currentTarget.files);
            // Let the same file be chosen again later.
            event.currentTarget.value = "";
          }}
        />
      ))}
    </>
  );
}
