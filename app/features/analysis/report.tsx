import type { AnalysisOutcome } from "./analyzer";
import { SampleReport } from "./analysis-result";
import { DeviceReport } from "./device-report";

/** The report of a finished analysis: the specification's sample, or what the device found. */
export default function Report({
  outcome,
  onShowSample,
  onAddPhoto,
}: {
  outcome: AnalysisOutcome;
  onShowSample: () => void;
  /** Opens the way to another photo of the same pet; absent when no more can be combined. */
  onAddPhoto?: () => void;
}) {
  return outcome.source === "sample" ? (
    <SampleReport outcome={outcome} />
  ) : (
    <DeviceReport
      findings={outcome.findings}
      photoCount={outcome.findings.kind === "pet" ? outcome.findings.photoCount : 1}
      onShowSample={onShowSample}
      onAddPhoto={onAddPhoto}
      evidence={outcome.evidence}
    />
  );
}
