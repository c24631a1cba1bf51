import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/utils/cn";
import type { Photo } from "./analysis-machine";

/**
 * The photo on show, and a place to drop one. Dropping is a shortcut; the demo's buttons do the
 * same for keyboard and touch.
 */
export function PhotoDropZone({
  photo,
  busy,
  onDragIn,
  onDropFiles,
}: {
  photo: Photo | null;
  /** An analysis is running: a drop is ignored, and a spinner covers the photo. */
  busy: boolean;
  /** A file is dragged over: the visitor is about to use the demo. */
  onDragIn: () => void;
  onDropFiles: (files: FileList) => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      data-testid="photo-drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
        onDragIn();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!busy) onDropFiles(event.dataTransfer.files);
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
      {busy ? (
        // No backdrop blur: repainting it every frame slows the analysis on devices without a GPU.
        <div className="absolute inset-0 grid place-items-center bg-white/70">
          <Spinner className="size-14 text-brand-700" />
        </div>
      ) : null}
    </div>
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
