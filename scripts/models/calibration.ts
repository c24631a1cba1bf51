/** Mean gap between confidence and accuracy over ten confidence bins, weighted by bin size. */
export function expectedCalibrationError(answers: { confidence: number; right: boolean }[]) {
  let error = 0;
  for (let bin = 0; bin < 10; bin++) {
    const inBin = answers.filter((a) => Math.min(9, Math.floor(a.confidence * 10)) === bin);
    if (!inBin.length) continue;
    const accuracy = inBin.filter((a) => a.right).length / inBin.length;
    const confidence = inBin.reduce((sum, a) => sum + a.confidence, 0) / inBin.length;
    error += (inBin.length / answers.length) * Math.abs(accuracy - confidence);
  }
  return error;
}
