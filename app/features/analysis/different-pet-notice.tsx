import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { AnalysisOutcome } from "./analyzer";
import type { Photo } from "./analysis-machine";
import { earlierPhotosPhrase } from "./use-analysis";

/**
 * Shown over the answer when a photo added as "another photo of the same pet" looks like a
 * different animal (engine/scores/same-pet.ts): it was not combined, and its own answer is one
 * click away without analysing it again.
 */
export function DifferentPetNotice({
  earlier,
  other,
  onStart,
}: {
  earlier: AnalysisOutcome;
  other: { photo: Photo; outcome: AnalysisOutcome };
  onStart: () => void;
}) {
  const was = earlier.findings.kind === "pet" ? earlier.findings.species : null;
  const is = other.outcome.findings.kind === "pet" ? other.outcome.findings.species : null;
  const photos = earlierPhotosPhrase(earlier.evidence.length);
  const why =
    was && is && was !== is
      ? `It shows a ${is}, and ${photos} a ${was}.`
      : `The animal in it does not look like the one in ${photos}.`;
  return (
    <div
      role="alert"
      data-testid="different-pet"
      className="mb-4 rounded-2xl bg-accent-100 p-4 text-accent-900 ring-1 ring-accent-200 print:hidden"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="circle-exclamation-point" className="size-5 shrink-0" />
        This looks like a different pet
      </p>
      <p className="mt-1 text-sm">
        {why} So “{other.photo.name}” was not combined with the answer below, which still rests on {photos}.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3 h-auto! min-h-9 whitespace-normal!"
        onClick={onStart}
      >
        <Icon name="image-up" /> Start a new analysis with this photo
      </Button>
    </div>
  );
}
