import { Section } from "~/components/ui/section";
import type { accuracyReport } from "~/content/analysis-accuracy-report";
import { percentText } from "~/content/analysis-claims";
import { groupThousands } from "~/domain/number-format";

type Report = ReturnType<typeof accuracyReport>;

/**
 * /accuracy's second measurement beside the held-out run: the training photos out of fold (each
 * answered by a model, and judged by thresholds, fitted without it), and how the analysis tells
 * one pet from another (decision 18).
 */
export function PhotosInGeneral({
  claims,
  outOfFold,
  samePet,
}: Pick<Report, "claims" | "outOfFold" | "samePet">) {
  const rows = [
    { what: "Named with confidence", heldOut: claims.confident, general: outOfFold.namedShare },
    { what: "…and right", heldOut: claims.confidentRight, general: outOfFold.namedRight },
    { what: "“Looks like a mix”", heldOut: claims.mix, general: outOfFold.mixShare },
    { what: "“Not sure”", heldOut: claims.unsure, general: outOfFold.unsureShare },
  ];
  const { heldOut } = samePet;
  return (
    <Section heading="On photos in general" headingId="accuracy-general" className="bg-white">
      <div className="mx-auto max-w-3xl space-y-5 text-lg text-ink-700">
        <p>
          {claims.photos} photos are few. So the answer's thresholds were also measured on the{" "}
          {outOfFold.photos} training photos, out of fold: they were split into five parts, and each part was
          answered by a model trained, and judged by thresholds fitted, on the other four alone. A breed is
          named only where such answers were right at least 98% of the time, so that on photos in general they
          stay right at least 95% of the time.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="mb-3 text-left text-lg font-semibold text-ink-900">
              The kinds of answer, on both measurements
            </caption>
            <thead>
              <tr className="border-b border-ink-200 text-ink-700">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Answer
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {claims.photos} held-out photos
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {outOfFold.photos} photos, out of fold
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-800">
              {rows.map((row) => (
                <tr key={row.what}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.what}
                  </th>
                  <td className="py-2 pr-4">{row.heldOut}</td>
                  <td className="py-2">{row.general}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="pt-4 text-xl font-bold text-ink-900">Several photos of one pet</h3>
        <p>
          “Add another photo of the same pet” combines photos only when they show one animal: the same
          species, breeds in common (an overlap of at least {samePet.minOverlap}) and a close likeness in what
          the model sees (a similarity of at least {samePet.threshold}). On the training photos,{" "}
          {percentText(samePet.otherBreed.merged, samePet.otherBreed.pairs)} of{" "}
          {groupThousands(samePet.otherBreed.pairs)} pairs of pets of two breeds passed as one pet, and{" "}
          {percentText(samePet.onePet.split, samePet.onePet.pairs)} of {groupThousands(samePet.onePet.pairs)}{" "}
          pairs of views of one pet were split. Pets of one breed often look alike to it (
          {percentText(samePet.sameBreed.merged, samePet.sameBreed.pairs)} passed as one), which leaves the
          answer the same breed. On the held-out photos, {heldOut.sameSpecies.merged} of{" "}
          {heldOut.sameSpecies.pairs} pairs of two breeds and {heldOut.otherSpecies.merged} of{" "}
          {heldOut.otherSpecies.pairs} pairs of a dog and a cat were combined anyway. A photo that does not
          match is offered as a new analysis instead.
        </p>
      </div>
    </Section>
  );
}
