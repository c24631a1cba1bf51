import { useId, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { buildCarePlan } from "./care-plan/build-care-plan";
import type { Breed } from "./knowledge/breeds";
import { GENERIC_BREEDS } from "./knowledge/generic";
import type { BreedGuess, PhotoFindings } from "./engine/outcome";
import { CarePlanSections, ConfidenceMeter, ResultBlock } from "./analysis-result";
import { ProfileForm, profileFromForm, type ProfileFormValues } from "./profile-form";
import { SaveToPet } from "./save-to-pet";
import { NearbyServices } from "./nearby/nearby-services";
import { VET_STEP_TITLE, VetNextStep } from "./vet-next-step";

const SPECIES_WORDS = { dog: { one: "dog", title: "Dog" }, cat: { one: "cat", title: "Cat" } } as const;
const percent = (p: number) => Math.round(p * 100);

export const NO_PET_TIPS = [
  "Make sure your dog or cat fills a good part of the photo",
  "Use daylight or a bright room, and avoid strong backlight",
  "Show the face and body, not just a paw or the back of the head",
  "One pet per photo gives the clearest result",
] as const;

/** The report of an on-device analysis: what was found, and the care plan built from it. */
export function DeviceReport({
  findings,
  onShowSample,
}: {
  findings: PhotoFindings;
  onShowSample: () => void;
}) {
  if (findings.kind === "no-pet") return <NoPetReport onShowSample={onShowSample} />;
  return <PetReport findings={findings} />;
}

function NoPetReport({ onShowSample }: { onShowSample: () => void }) {
  return (
    <Card id="analysis-report" data-testid="analysis-result">
      <h3 className="flex items-center gap-2 text-2xl font-bold text-ink-900">
        <Icon name="paw-print" className="size-6 text-brand-700" />
        We couldn't find a pet in this photo
      </h3>
      <p className="mt-2 text-ink-600">
        Our analysis looks for dogs and cats, and it didn't spot one here. That happens with busy, dark or
        distant photos. A few tips for the next one:
      </p>
      <ul className="mt-4 list-disc space-y-1.5 pl-5 text-ink-700 marker:text-brand-600">
        {NO_PET_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-6" onClick={onShowSample}>
        <Icon name="file-text" /> See a sample report
      </Button>
    </Card>
  );
}

type PetFindings = Extract<PhotoFindings, { kind: "pet" }>;

function PetReport({ findings }: { findings: PetFindings }) {
  const { species, breed: identification } = findings;
  const guesses = identification.status === "unavailable" ? [] : identification.guesses;
  const [chosenId, setChosenId] = useState(guesses[0]?.breed.id ?? null);
  const [profileValues, setProfileValues] = useState<ProfileFormValues>({});
  const breed: Breed = guesses.find((guess) => guess.breed.id === chosenId)?.breed ?? GENERIC_BREEDS[species];
  const profile = useMemo(() => profileFromForm(profileValues), [profileValues]);
  const plan = useMemo(() => buildCarePlan(breed, profile), [breed, profile]);
  const words = SPECIES_WORDS[species];
  const best = guesses[0];

  return (
    <Card id="analysis-report" data-testid="analysis-result" className="print:shadow-none print:ring-0">
      <article aria-labelledby="analysis-result-title">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          <Icon name="paw-print" className="size-4" />
          <span data-testid="species">{words.title}</span>
          <span className="font-normal tracking-normal text-ink-600 normal-case">
            ({percent(findings.speciesConfidence)}% sure it's a {words.one})
          </span>
        </p>

        {identification.status === "identified" && best ? (
          <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Breed</p>
              <h3 id="analysis-result-title" className="text-3xl font-extrabold text-ink-900">
                {best.breed.name}
              </h3>
            </div>
            <ConfidenceMeter label="Confidence" percent={percent(best.confidence)} />
          </div>
        ) : identification.status === "unsure" ? (
          <>
            <h3 id="analysis-result-title" className="mt-2 text-3xl font-extrabold text-ink-900">
              We're not sure of the breed
            </h3>
            <p className="mt-2 text-ink-600">
              {best
                ? `No breed stood out clearly. Our best guesses are below; the plan uses the first one, and you can pick another.`
                : `No breed stood out, so this plan is for ${words.one}s in general.`}
            </p>
          </>
        ) : (
          <>
            <h3 id="analysis-result-title" className="mt-2 text-3xl font-extrabold text-ink-900">
              {words.title}
            </h3>
            <p className="mt-2 rounded-xl bg-accent-100 p-3 text-sm text-accent-900">
              Breed identification is unavailable right now, so this plan is for {words.one}s in general. Add
              your pet's age and weight below to make it yours.
            </p>
          </>
        )}

        {findings.petCount > 1 ? (
          <p className="mt-3 flex gap-2 text-sm text-ink-700">
            <Icon name="info" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            We saw {findings.petCount} pets in this photo and analysed the largest one.
          </p>
        ) : null}

        {guesses.length > 0 ? (
          <BreedChoices guesses={guesses} chosenId={chosenId} onChoose={setChosenId} />
        ) : null}

        <ProfileForm species={species} values={profileValues} onChange={setProfileValues} />

        <p className="mt-6 text-sm text-ink-600">
          This plan is built for {breed.id === species ? `a typical ${words.one}` : `a ${breed.name}`} and is
          general guidance, not a diagnosis: talk it through with your vet.
        </p>
        <CarePlanSections plan={plan} />
        <ResultBlock title={VET_STEP_TITLE} icon="stethoscope" className="print:hidden">
          <VetNextStep />
        </ResultBlock>

        <ResultBlock title="Save to my pets" icon="paw-print" className="print:hidden">
          <SaveToPet
            species={species}
            breed={breed.id === species ? null : breed.name}
            weightKg={profile.weightKg}
          />
        </ResultBlock>

        <ResultBlock title="Nearby pet services" icon="map-pin" className="print:hidden">
          <NearbyServices />
        </ResultBlock>

        <div className="mt-8 flex flex-wrap gap-3 print:hidden">
          <Button variant="secondary" onClick={() => window.print()}>
            <Icon name="printer" /> Print this plan
          </Button>
        </div>
      </article>
    </Card>
  );
}

function BreedChoices({
  guesses,
  chosenId,
  onChoose,
}: {
  guesses: readonly BreedGuess[];
  chosenId: string | null;
  onChoose: (id: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mt-6">
      <legend className="font-semibold text-ink-900">Most likely breeds</legend>
      <div className="mt-2 grid gap-2">
        {guesses.map((guess) => (
          <label
            key={guess.breed.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-ink-100 has-checked:bg-brand-50 has-checked:ring-brand-300"
          >
            <input
              type="radio"
              name={name}
              value={guess.breed.id}
              checked={chosenId === guess.breed.id}
              onChange={() => onChoose(guess.breed.id)}
              className="size-4 accent-brand-700"
            />
            <span className="flex-1 text-ink-800">{guess.breed.name}</span>
            <span className="text-sm font-semibold text-brand-800">{percent(guess.confidence)}%</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
