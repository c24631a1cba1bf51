import type { AnalysisOutcome } from "./analyzer";
import { SampleReport } from "./analysis-result";
import { DeviceReport } from "./device-report";

/** The report of a finished analysis: the specification's sample, or what the device found. */
export default function Report({
  outcome,
  onShowSample,
}: {
  outcome: AnalysisOutcome;
  onShowSample: () => void;
}) {
  return outcome.source === "sample" ? (
    <SampleReport outcome={outcome} />
  ) : (
    <DeviceReport findings={outcome.findings} onShowSample={onShowSample} />
  );
}
