import { useId, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { cn } from "~/utils/cn";
import { buildCarePlan } from "~/engine/care-plan/build-care-plan";
import {
  breedSubject,
  commonGroundSubject,
  speciesSubject,
  uncertainSubject,
  type PlanSubject,
} from "~/engine/care-plan/plan-subject";
import { type BreedGuess, MAX_PHOTOS_PER_PET, type PhotoFindings } from "~/engine/scores/outcome";
import { CarePlanSections, ConfidenceMeter, ResultBlock } from "./analysis-result";
import { ProfileForm, profileFromForm, type ProfileFormValues } from "./profile-form";
import { SaveToPet } from "./save-to-pet";
import { NearbyServices } from "./nearby/nearby-services";
import { VET_STEP_TITLE, VetNextStep } from "./vet-next-step";
import { AnswerReason } from "./answer-reason";

const SPECIES_WORDS = { dog: { one: "dog", title: "Dog" }, cat: { one: "cat", title: "Cat" } } as const;
const percent = (p: number) => Math.round(p * 100);

export const NO_PET_TIPS = [
  "Make sure your dog or cat fills a good part of the photo",
  "Use daylight or a bright room, and avoid strong backlight",
  "Show the face and body, not just a paw or the back of the head",
  "One pet per photo gives the clearest result",
] as const;

/** What the report answers about the breed: the result card's `data-answer` (a script reads it). */
export type BreedAnswerKind = "identified" | "mix" | "unsure" | "unavailable";

/**
 * The report of an on-device analysis: what was found, and the care plan built from it.
 * `photoCount` is how many photos of the pet the answer rests on (findings.photoCount by
 * default); `onAddPhoto` adds another photo of the same pet, and is left out where the page
 * cannot add one (MAX_PHOTOS_PER_PET reached, or no way to add).
 */
export function DeviceReport({
  findings,
  onShowSample,
  photoCount,
  onAddPhoto,
  evidence = NO_EVIDENCE,
}: {
  findings: PhotoFindings;
  onShowSample: () => void;
  photoCount?: number;
  onAddPhoto?: () => void;
  /** What each photo the answer rests on says: saved with the pet (scores, never the photos). */
  evidence?: readonly PhotoEvidence[];
}) {
  if (findings.kind === "no-pet") return <NoPetReport onShowSample={onShowSample} />;
  return (
    <PetReport
      findings={findings}
      photoCount={Math.max(1, photoCount ?? findings.photoCount ?? 1)}
      onAddPhoto={onAddPhoto}
      evidence={evidence}
    />
  );
}

function NoPetReport({ onShowSample }: { onShowSample: () => void }) {
  return (
    <Card id="analysis-report" data-testid="analysis-result" data-answer="no-pet">
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

/** The radio that leaves the plan on the answer's own subject (a mix's common ground, a size class). */
const ANSWER_PLAN = "answer";
const NO_GUESSES: readonly BreedGuess[] = [];
const NO_EVIDENCE: readonly PhotoEvidence[] = [];

function answerKind(findings: PetFindings): BreedAnswerKind {
  const identification = findings.breed;
  if (identification.status === "unavailable") return "unavailable";
  if (identification.status === "mix" && identification.guesses.length < 2) return "unsure";
  if (identification.status === "identified" && identification.guesses.length === 0) return "unsure";
  return identification.status;
}

function PetReport({
  findings,
  photoCount,
  onAddPhoto,
  evidence,
}: {
  findings: PetFindings;
  photoCount: number;
  onAddPhoto?: () => void;
  evidence: readonly PhotoEvidence[];
}) {
  const { species, breed: identification } = findings;
  const answer = answerKind(findings);
  const guesses = identification.status === "unavailable" ? NO_GUESSES : identification.guesses;
  const [first, second] = guesses;
  // What the plan follows until the visitor picks a breed: the common ground of a mix, what is
  // certain when unsure (the size class the guesses agree on, or the species), the species.
  const answerSubject: PlanSubject = useMemo(
    () =>
      answer === "mix" && first && second
        ? commonGroundSubject(first.breed, second.breed)
        : answer === "unsure"
          ? uncertainSubject(species, guesses)
          : speciesSubject(species),
    [answer, first, second, species, guesses],
  );
  const defaultChoice = answer === "identified" && first ? first.breed.id : ANSWER_PLAN;
  // A new answer (another photo added) starts again from its own default; the profile stays.
  const answerKey = `${answer}:${guesses.map((guess) => guess.breed.id).join(",")}`;
  const [choice, setChoice] = useState({ answerKey, id: defaultChoice });
  const chosenId = choice.answerKey === answerKey ? choice.id : defaultChoice;
  const chosenBreed = guesses.find((guess) => guess.breed.id === chosenId)?.breed;
  const subject = useMemo(
    () => (chosenBreed ? breedSubject(chosenBreed) : answerSubject),
    [chosenBreed, answerSubject],
  );
  const [profileValues, setProfileValues] = useState<ProfileFormValues>({});
  const profile = useMemo(() => profileFromForm(profileValues), [profileValues]);
  const plan = useMemo(() => buildCarePlan(subject, profile), [subject, profile]);
  const words = SPECIES_WORDS[species];
  const uncertain = answer === "mix" || answer === "unsure";

  return (
    <Card
      id="analysis-report"
      data-testid="analysis-result"
      data-answer={answer}
      className="print:shadow-none print:ring-0"
    >
      <article aria-labelledby="analysis-result-title">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          <Icon name="paw-print" className="size-4" />
          <span data-testid="species">{words.title}</span>
          <span className="font-normal tracking-normal text-ink-600 normal-case">
            ({percent(findings.speciesConfidence)}% sure it's a {words.one})
          </span>
        </p>

        {answer === "identified" && first ? (
          <>
            <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Breed</p>
                <h3 id="analysis-result-title" className="text-3xl font-extrabold text-ink-900">
                  {first.breed.name}
                </h3>
                {photoCount > 1 ? <PhotoCount count={photoCount} className="mt-1" /> : null}
              </div>
              <ConfidenceMeter label="Confidence" percent={percent(first.confidence)} />
            </div>
            <AnswerReason answer="identified" species={species} />
          </>
        ) : answer === "mix" && first && second ? (
          <>
            <h3 id="analysis-result-title" className="mt-2 text-3xl font-extrabold text-ink-900">
              Looks like a mix of {first.breed.name} and {second.breed.name}
            </h3>
            <p className="mt-2 text-ink-600">
              …or one of them.{" "}
              {species === "dog"
                ? "A photo cannot tell a dog's mix for certain; a DNA test can."
                : "A photo cannot tell for certain."}
            </p>
            <AnswerReason answer="mix" species={species} />
            <AddPhotoFirst photoCount={photoCount} onAddPhoto={onAddPhoto} />
          </>
        ) : answer === "unsure" ? (
          <>
            <h3 id="analysis-result-title" className="mt-2 text-3xl font-extrabold text-ink-900">
              We're not sure of the breed
            </h3>
            <AnswerReason answer="unsure" species={species} />
            <AddPhotoFirst photoCount={photoCount} onAddPhoto={onAddPhoto} />
            <p className="mt-4 text-ink-600">
              {first
                ? answerSubject.kind === "size-class"
                  ? `No breed stood out clearly. Our best guesses are below; they agree on the size, so until you pick one the plan is for ${answerSubject.builtFor}.`
                  : `No breed stood out clearly. Our best guesses are below; until you pick one, the plan is for ${words.one}s in general.`
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
          <BreedChoices
            guesses={guesses}
            chosenId={chosenId}
            onChoose={(id) => setChoice({ answerKey, id })}
            answerOption={
              uncertain
                ? answer === "mix"
                  ? "A mix of both: plan for their common ground"
                  : `Not sure yet: plan for ${answerSubject.kind === "size-class" ? answerSubject.builtFor : `${words.one}s in general`}`
                : null
            }
          />
        ) : null}

        {answer === "identified" && onAddPhoto ? (
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-ink-600 print:hidden">
            Another photo can confirm it.
            <Button
              variant="ghost"
              size="sm"
              onClick={onAddPhoto}
              className="h-auto! min-h-9 max-w-full whitespace-normal!"
            >
              <Icon name="image-up" /> Add another photo of the same pet
            </Button>
          </p>
        ) : null}

        <ProfileForm species={species} values={profileValues} onChange={setProfileValues} />

        <p className="mt-6 text-sm text-ink-600">
          This plan is built for {subject.builtFor} and is general guidance, not a diagnosis: talk it through
          with your vet.
        </p>
        <CarePlanSections plan={plan} />
        <ResultBlock title={VET_STEP_TITLE} icon="stethoscope" className="print:hidden">
          <VetNextStep />
        </ResultBlock>

        <ResultBlock title="Save to my pets" icon="paw-print" className="print:hidden">
          <SaveToPet
            species={species}
            breed={subject.breed?.name ?? null}
            weightKg={profile.weightKg}
            evidence={evidence}
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

function PhotoCount({ count, className }: { count: number; className?: string }) {
  return (
    <p data-testid="photo-count" className={cn("flex items-center gap-1.5 text-sm text-ink-600", className)}>
      <Icon name="camera" className="size-4 text-brand-700" />
      Based on {count} photos{count >= MAX_PHOTOS_PER_PET ? ", the most one answer combines" : ""}
    </p>
  );
}

/** For a mix or an uncertain answer, the first thing offered: another photo of the same pet. */
function AddPhotoFirst({ photoCount, onAddPhoto }: { photoCount: number; onAddPhoto?: () => void }) {
  if (!onAddPhoto) return photoCount > 1 ? <PhotoCount count={photoCount} className="mt-3" /> : null;
  return (
    <div className="mt-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 print:hidden">
      <p className="text-ink-800">
        More photos make the answer surer: add another of the same pet, ideally from another angle.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* Its words wrap on a narrow phone instead of running out of the card. */}
        <Button onClick={onAddPhoto} className="h-auto! min-h-11 max-w-full py-2 whitespace-normal!">
          <Icon name="image-up" /> Add another photo of the same pet
        </Button>
        {photoCount > 1 ? <PhotoCount count={photoCount} /> : null}
      </div>
    </div>
  );
}

const CHOICE =
  "flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-ink-100 has-checked:bg-brand-50 has-checked:ring-brand-300";

/** The best guesses as radios; `answerOption`, when given, is a first radio for the answer's own plan. */
function BreedChoices({
  guesses,
  chosenId,
  onChoose,
  answerOption,
}: {
  guesses: readonly BreedGuess[];
  chosenId: string;
  onChoose: (id: string) => void;
  answerOption: string | null;
}) {
  const name = useId();
  return (
    <fieldset className="mt-6">
      <legend className="font-semibold text-ink-900">Most likely breeds</legend>
      <div className="mt-2 grid gap-2">
        {answerOption ? (
          <label className={CHOICE}>
            <input
              type="radio"
              name={name}
              value={ANSWER_PLAN}
              checked={chosenId === ANSWER_PLAN}
              onChange={() => onChoose(ANSWER_PLAN)}
              className="size-4 accent-brand-700"
            />
            <span className="flex-1 text-ink-800">{answerOption}</span>
          </label>
        ) : null}
        {guesses.map((guess) => (
          <label key={guess.breed.id} className={CHOICE}>
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
