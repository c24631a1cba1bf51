import { Link } from "react-router";
import type { Route } from "./+types/accuracy";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Section } from "~/components/ui/section";
import { StatsBand } from "~/components/ui/stats-band";
import { accuracyReport } from "~/content/analysis-accuracy-report";
import { ANALYSIS_CLAIMS, MIX_CAVEAT } from "~/content/analysis-claims";
import { BRAND } from "~/content/site";
import { PhotosInGeneral } from "~/features/accuracy/photos-in-general";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `How accurate is ${BRAND}'s photo analysis? Measured, not claimed`,
      description: `On ${ANALYSIS_CLAIMS.photos} photos it never saw in training, ${BRAND}'s analysis named the right breed first on ${ANALYSIS_CLAIMS.top1} and had it in its top three on ${ANALYSIS_CLAIMS.top3}. What the numbers mean, and where the model is weak.`,
      path: "/accuracy",
    },
    baseUrlFrom(matches),
  );

/**
 * Runs at build time (the page is prerendered): the per-breed and per-photo rows of the evaluation
 * stay out of the browser's JavaScript.
 */
export function loader() {
  return accuracyReport();
}

/** Where the photos of a data set come from, by the folder name the evaluation records. */
const DATASET_SOURCES: Record<string, { name: string; citation: string; url: string }> = {
  "oxford-pets": {
    name: "Oxford-IIIT Pet Dataset",
    citation: "O. M. Parkhi, A. Vedaldi, A. Zisserman and C. V. Jawahar, “Cats and Dogs”, CVPR 2012",
    url: "https://www.robots.ox.ac.uk/~vgg/data/pets/",
  },
};

export default function Accuracy({ loaderData }: Route.ComponentProps) {
  const { claims, weakBreeds, strongBreeds, model, browser, outOfFold, samePet } = loaderData;
  const source = DATASET_SOURCES[claims.dataset];
  const headline = [
    { value: claims.species, label: "Dog or cat told right" },
    { value: claims.top1, label: "Right breed named first" },
    { value: claims.top3, label: "Right breed in the top three" },
    { value: claims.confidentRight, label: "Right when it names a breed with confidence" },
  ];
  const meanings = [
    {
      title: "Species right",
      value: claims.species,
      text: `Told a dog from a cat on ${claims.species} of the ${claims.photos} photos.`,
    },
    {
      title: "Breed right first",
      value: claims.top1,
      text: `The first breed of the report was the pet's breed on ${claims.top1} of the photos: ${claims.dogTop1} of the dogs, ${claims.catTop1} of the cats.`,
    },
    {
      title: "In the top three",
      value: claims.top3,
      text: `The report shows the three most likely breeds, and you can pick another for the care plan. The right one was among them on ${claims.top3} of the photos.`,
    },
    {
      title: "Confident answers",
      value: claims.confident,
      text: `On ${claims.confidentCount} photos (${claims.confident}) the analysis named one breed with confidence. ${claims.confidentRightCount} of those ${claims.confidentCount} were right (${claims.confidentRight}).`,
    },
    {
      title: "“Not sure”",
      value: claims.unsure,
      text: `On ${claims.unsureCount} photos (${claims.unsure}) it said “We're not sure of the breed” and showed its best guesses, rather than name one it could not back.`,
    },
    ...(claims.mixCount > 0
      ? [
          {
            title: "Looks like a mix",
            value: claims.mix,
            text: `On ${claims.mixCount} photos (${claims.mix}) two breeds shared most of the probability, and it said the pet looks like a mix of them, or one of them. ${claims.mixWithBreed} of those ${claims.mixCount} named the true breed among the two.`,
          },
        ]
      : []),
    {
      title: "Calibration",
      value: claims.calibrationError,
      text: `How far the confidence shown for the first breed is, on average, from how often such answers were right (expected calibration error over ten bands): ${claims.calibrationError}. Lower is better.`,
    },
  ];

  return (
    <>
      <section
        aria-labelledby="accuracy-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-16 sm:px-6 lg:py-24"
      >
        <div className="mx-auto max-w-3xl text-center">
          <h1 id="accuracy-title" className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            How accurate is the analysis?
          </h1>
          <p className="mt-6 text-lg text-ink-700">
            Every figure {BRAND} states about its photo analysis is measured, and this page says on what. The
            analysis ran in a browser exactly as it runs for you, on {claims.photos} photos of {claims.breeds}{" "}
            breeds that its model never saw in training. Measured on{" "}
            <time dateTime={claims.isoDate}>{claims.date}</time>.
          </p>
        </div>
      </section>

      <StatsBand headingId="accuracy-figures" heading="The figures" stats={headline} />

      <Section
        heading="What the numbers mean"
        headingId="accuracy-meaning"
        intro={`Each photo is one of ${claims.photos}: a small test, so read a figure as give or take a few points.`}
      >
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {meanings.map((item) => (
            <Card key={item.title} className="h-full">
              <dt className="text-lg font-semibold text-ink-900">{item.title}</dt>
              <dd className="mt-1 text-3xl font-bold text-brand-700">{item.value}</dd>
              <dd className="mt-2 text-ink-600">{item.text}</dd>
            </Card>
          ))}
        </dl>

        <div className="mx-auto mt-12 max-w-3xl">
          <table className="w-full border-collapse text-left">
            <caption className="mb-3 text-left text-lg font-semibold text-ink-900">
              The right breed, dogs and cats
            </caption>
            <thead>
              <tr className="border-b border-ink-200 text-ink-700">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Photos
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Named first
                </th>
                <th scope="col" className="py-2 font-semibold">
                  In the top three
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-800">
              <tr>
                <th scope="row" className="py-2 pr-4 font-medium">
                  {claims.dogs} dogs
                </th>
                <td className="py-2 pr-4">{claims.dogTop1}</td>
                <td className="py-2">{claims.dogTop3}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-4 font-medium">
                  {claims.cats} cats
                </th>
                <td className="py-2 pr-4">{claims.catTop1}</td>
                <td className="py-2">{claims.catTop3}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-4 font-medium">
                  All {claims.photos}
                </th>
                <td className="py-2 pr-4">{claims.top1}</td>
                <td className="py-2">{claims.top3}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Section>

      <Section heading="On which photos" headingId="accuracy-photos" className="bg-white">
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-ink-700">
          <p>
            {claims.photos} photos, {claims.dogs} of dogs and {claims.cats} of cats, of {claims.breeds} breeds
            {source ? (
              <>
                {" "}
                from the{" "}
                <a href={source.url} className="font-semibold text-brand-800 underline underline-offset-4">
                  {source.name}
                </a>{" "}
                ({source.citation})
              </>
            ) : (
              <> from the “{claims.dataset}” photo set</>
            )}
            . None of them was used to train the model: it learned from other photos of the same breeds, and
            these were kept aside to measure it.
          </p>
          <p>
            Model: MobileNet V2 with {BRAND}'s pet head of {model.classes} breeds (files{" "}
            <code className="text-base">{model.backbone}</code> and{" "}
            <code className="text-base">{model.petHead}</code>), run by the Features page in Chromium{" "}
            {browser}, each photo chosen through the page as you would choose yours.
          </p>
        </div>
      </Section>

      <PhotosInGeneral claims={claims} outOfFold={outOfFold} samePet={samePet} />

      <Section
        heading="Where the model is weak"
        headingId="accuracy-weak"
        intro={
          weakBreeds.length
            ? `The breeds with a photo whose first breed was wrong. The other ${strongBreeds} breeds had every photo right.`
            : "Every breed had every photo right first."
        }
      >
        {weakBreeds.length ? (
          <div
            role="region"
            aria-labelledby="weak-caption"
            tabIndex={0}
            className="relative mx-auto max-w-4xl overflow-x-auto rounded-2xl bg-white ring-1 ring-ink-100"
          >
            <table className="w-full min-w-[34rem] border-collapse text-left">
              <caption id="weak-caption" className="sr-only">
                Breeds with a miss
              </caption>
              <thead>
                <tr className="bg-ink-50 text-ink-700">
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Breed
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Right first
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    In the top three
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Taken for
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100 text-ink-800">
                {weakBreeds.map((breed) => (
                  <tr key={breed.name}>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {breed.name} <span className="font-normal text-ink-600">({breed.species})</span>
                    </th>
                    <td className="px-4 py-3">
                      {breed.top1} of {breed.photos}
                    </td>
                    <td className="px-4 py-3">
                      {breed.top3} of {breed.photos}
                    </td>
                    <td className="px-4 py-3">
                      {breed.takenFor
                        .map((miss) => `${miss.name} ${miss.percent}%, ${miss.answer}`)
                        .join("; ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Section>

      <Section heading="Mixed breeds" headingId="accuracy-mixes" className="bg-white">
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-ink-700">
          <p className="flex gap-3">
            <Icon name="info" className="mt-1 size-6 shrink-0 text-brand-700" />
            <span>
              {MIX_CAVEAT} The analysis names the breeds your pet looks like, and a mixed-breed dog can look
              like a breed that is not in it at all. The test photos are each of a pet of one breed.
            </span>
          </p>
          <p>
            <Link className={buttonVariants({ size: "lg" })} to="/features#demo">
              <Icon name="camera" /> Try it on your pet
            </Link>
          </p>
        </div>
      </Section>
    </>
  );
}
