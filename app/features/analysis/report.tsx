import type { AnalysisOutcome } from "./analyzer";
import type { Photo } from "./analysis-machine";
import { DifferentPetNotice } from "./different-pet-notice";
import { SampleReport } from "./analysis-result";
import { DeviceReport } from "./device-report";

/** The report of a finished analysis: the specification's sample, or what the device found. */
export default function Report({
  outcome,
  onShowSample,
  onAddPhoto,
  differentPet,
  onStartWithDifferentPet,
}: {
  outcome: AnalysisOutcome;
  onShowSample: () => void;
  /** Opens the way to another photo of the same pet; absent when no more can be combined. */
  onAddPhoto?: () => void;
  /** An added photo that looked like a different pet, with its own answer. */
  differentPet?: { photo: Photo; outcome: AnalysisOutcome } | undefined;
  onStartWithDifferentPet?: () => void;
}) {
  const report =
    outcome.source === "sample" ? (
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
  if (!differentPet || !onStartWithDifferentPet) return report;
  return (
    <>
      <DifferentPetNotice earlier={outcome} other={differentPet} onStart={onStartWithDifferentPet} />
      {report}
    </>
  );
}
