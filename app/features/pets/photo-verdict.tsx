import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import type { PhotoVerdict } from "~/domain/pets";

/** "(from 3 photos)" */
function fromPhotos(count: number) {
  return `(from ${count} ${count === 1 ? "photo" : "photos"})`;
}

/**
 * What the photos saved to a pet say, in one sentence: "Beagle, 88% (from 3 photos)", "Looks
 * like a mix of Beagle and Basset Hound (from 2 photos)", or "Not sure yet: Beagle 45%, Basset
 * Hound 35%, Harrier 9% (from 1 photo)".
 */
export function photoVerdictSentence({ status, guesses, photoCount }: PhotoVerdict): string {
  const [first, second] = guesses;
  if (status === "identified" && first) return `${first.breed}, ${first.percent}% ${fromPhotos(photoCount)}`;
  if (status === "mix" && first && second) {
    return `Looks like a mix of ${first.breed} and ${second.breed} ${fromPhotos(photoCount)}`;
  }
  const listed = guesses.map((guess) => `${guess.breed} ${guess.percent}%`).join(", ");
  return `Not sure yet: ${listed} ${fromPhotos(photoCount)}`;
}

/**
 * "What its photos say" on a pet's page: the analyses saved to the pet, their photos combined
 * (the route's loader does it). Nothing when no analysis with photos was saved to it.
 */
export function PhotoVerdictSection({ verdict }: { verdict: PhotoVerdict | null }) {
  if (!verdict) return null;
  return (
    <section id="photos" aria-labelledby="photos-title" className="scroll-mt-20">
      <Card className="print:p-0 print:shadow-none print:ring-0">
        <h2 id="photos-title" className="text-2xl font-bold text-ink-900">
          What its photos say
        </h2>
        <p className="mt-2 text-lg font-semibold text-ink-900">{photoVerdictSentence(verdict)}</p>
        <p className="mt-1 text-sm text-ink-700">
          The analyses saved to this pet, their newest photos combined. The photos themselves stay on the
          device they were taken with.
        </p>
        {verdict.photosLeftOut > 0 ? (
          <p className="mt-2 text-sm text-accent-900" data-testid="photos-left-out">
            {verdict.photosLeftOut === 1
              ? "1 saved photo looks like a different pet than the newest one, so it is not counted."
              : `${verdict.photosLeftOut} saved photos look like a different pet than the newest one, so they are not counted.`}
          </p>
        ) : null}
        <p className="mt-4" data-print-hide>
          <Link
            to="/features#demo"
            className="text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            Analyse another photo
          </Link>
        </p>
      </Card>
    </section>
  );
}
