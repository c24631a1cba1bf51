import { Icon } from "~/components/ui/icon";
import { Spinner } from "~/components/ui/spinner";
import { bestGuess } from "~/engine/scores/outcome";
import { STAGE_LABELS, type AnalysisOutcome } from "./analyzer";
import type { AnalysisState } from "./analysis-machine";

/** Says what the demo is doing; screen readers hear every change. */
export function StatusLine({ state }: { state: AnalysisState }) {
  return (
    <div role="status" className="mt-3 min-h-6 text-sm font-medium">
      {state.status === "analyzing" ? (
        <p className="flex items-center gap-2 text-brand-800">
          <Spinner className="size-4" />
          {STAGE_LABELS[state.stage ?? "analyzing"]}
        </p>
      ) : state.status === "done" ? (
        <p className="flex items-center gap-2 text-brand-800">
          <Icon name="circle-check" className="size-4 shrink-0" />
          {outcomeSummary(state.outcome)}
        </p>
      ) : state.status === "error" ? (
        <p className="flex items-center gap-2 text-red-800">
          <Icon name="circle-exclamation-point" className="size-4 shrink-0" />
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/** One sentence for the status line (screen readers hear it when the analysis ends). */
export function outcomeSummary({ source, findings }: AnalysisOutcome): string {
  const lead = source === "sample" ? "Sample report" : "Analysis complete";
  if (findings.kind === "no-pet") return `${lead}: no dog or cat found in this photo.`;
  const { breed } = findings;
  const best = bestGuess(findings);
  if (breed.status === "identified" && best) {
    return `${lead}: ${best.breed.name}, ${Math.round(best.confidence * 100)}% confidence.`;
  }
  if (breed.status === "mix") {
    const [first, second] = breed.guesses;
    return `${lead}: a ${findings.species} that looks like a mix of ${first?.breed.name} and ${second?.breed.name}.`;
  }
  if (breed.status === "unsure") return `${lead}: a ${findings.species}, breed uncertain.`;
  return `${lead}: a ${findings.species}.`;
}
