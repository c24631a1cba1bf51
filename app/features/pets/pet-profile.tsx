import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { SharedWith } from "./shared-with";
import { Card } from "~/components/ui/card";
import {
  ACTIVITY_LABELS,
  NEUTERED_LABELS,
  neuteredAnswer,
  PET_SEX_LABELS,
  PET_TYPE_LABELS,
  formatMicrochip,
  type AccessiblePet,
} from "~/domain/pets";
import type { CarePlan, CareSchedule } from "~/domain/care-plan";
import { formatAge, formatWeightWithPounds } from "~/domain/pet-format";
import { formatDate } from "~/domain/time-format";

/** What the pet's care plan was built from, as the loader worked it out. */
export type CarePlanBasis = {
  /** The breed found in the knowledge base, or null for the generic dog or cat plan. */
  breedName: string | null;
  ageMonths: number | null;
  /** The latest weight-log entry, else the pet's weight. */
  latestWeightKg: string | null;
};

/** The pet's details: whose it is, and for its owner the way to change it. */
export function PetDetails({
  pet,
  ageMonths,
  latestWeightKg,
  sharedWith,
}: {
  pet: AccessiblePet;
  ageMonths: number | null;
  latestWeightKg: string | null;
  /** The members of the owner's family, who see this pet too. */
  sharedWith?: readonly string[];
}) {
  return (
    <Card className="print:p-0 print:shadow-none print:ring-0">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-extrabold tracking-tight break-words text-ink-900 sm:text-5xl">
          {pet.name}
        </h1>
        <Badge>{PET_TYPE_LABELS[pet.type]}</Badge>
      </div>
      {pet.role === "member" ? <p className="mt-2 text-ink-700">Shared by {pet.ownerName}</p> : null}
      <SharedWith names={sharedWith} className="mt-2" />
      <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Detail term="Breed" value={pet.breed} />
        <Detail
          term="Birth date"
          value={
            pet.birthDate &&
            `${formatDate(pet.birthDate)}${ageMonths === null ? "" : ` (${formatAge(ageMonths)})`}`
          }
        />
        <Detail term="Weight" value={latestWeightKg && formatWeightWithPounds(latestWeightKg)} />
        <Detail term="Neutered" value={NEUTERED_LABELS[neuteredAnswer(pet.neutered)]} />
        <Detail term="Activity" value={pet.activity && ACTIVITY_LABELS[pet.activity]} />
        <Detail term="Sex" value={pet.sex && PET_SEX_LABELS[pet.sex]} />
        <Detail term="Microchip" value={pet.microchip && formatMicrochip(pet.microchip)} />
      </dl>
      <div className="mt-6 flex flex-wrap gap-3 empty:hidden" data-print-hide>
        {pet.role === "owner" ? (
          <Link
            to={`/pets?edit=${pet.id}`}
            className={buttonVariants({ variant: "secondary", size: "sm" })}
            aria-label={`Edit ${pet.name}`}
          >
            Edit
          </Link>
        ) : null}
        {/* What leaves PawPal goes through a share: its page is the printout (decision 22). */}
        <Link to={`/pets/${pet.id}/share`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Share or print
        </Link>
        <Link to={`/pets/${pet.id}/documents`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Documents
        </Link>
        {/* A file to save, not a page: the browser downloads it. */}
        <a href={`/pets/${pet.id}/fhir`} download className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Download as FHIR
        </a>
      </div>
    </Card>
  );
}

/** One term of a pet's details; "Not set" when the owner has not given it. */
export function Detail({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt className="font-semibold text-ink-700">{term}</dt>
      <dd className="text-ink-900">{value ?? "Not set"}</dd>
    </div>
  );
}

const SCHEDULE: { key: keyof CareSchedule; title: string }[] = [
  { key: "vaccination", title: "Vaccination" },
  { key: "feeding", title: "Feeding" },
  { key: "exercise", title: "Exercise" },
  { key: "grooming", title: "Grooming" },
];

/** The care plan of the analysis report, for this pet; none for pets other than dogs and cats. */
export function CarePlanSection({
  pet,
  plan,
  basis,
}: {
  pet: AccessiblePet;
  plan: CarePlan | null;
  basis: CarePlanBasis;
}) {
  const animal = pet.type === "cat" ? "cat" : "dog";
  const from = [
    basis.breedName ?? `a typical ${animal} (the breed is ${pet.breed ? "not one we know" : "not set"})`,
    basis.ageMonths === null ? "adult age assumed" : formatAge(basis.ageMonths),
    basis.latestWeightKg ? formatWeightWithPounds(basis.latestWeightKg) : "typical weight assumed",
  ];
  return (
    <section id="care-plan" aria-labelledby="care-plan-title" className="scroll-mt-20">
      <Card className="print:p-0 print:shadow-none print:ring-0">
        <h2 id="care-plan-title" className="text-2xl font-bold text-ink-900">
          Care plan
        </h2>
        {plan === null ? (
          <p className="mt-4 text-ink-700">Care plans are made for dogs and cats.</p>
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-700">Based on {from.join(", ")}.</p>
            <h3 className="mt-6 text-lg font-bold text-ink-900">Characteristics</h3>
            <BulletList items={plan.characteristics} />
            <h3 className="mt-6 text-lg font-bold text-ink-900">Health recommendations</h3>
            <BulletList items={plan.healthRecommendations} />
            <h3 className="mt-6 text-lg font-bold text-ink-900">Care schedule</h3>
            <div className="mt-3 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
              {SCHEDULE.map(({ key, title }) => (
                <section
                  key={key}
                  aria-labelledby={`care-${key}`}
                  className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100 print:break-inside-avoid"
                >
                  <h4 id={`care-${key}`} className="font-semibold text-ink-900">
                    {title}
                  </h4>
                  <BulletList items={plan.careSchedule[key]} className="text-sm" />
                </section>
              ))}
            </div>
          </>
        )}
      </Card>
    </section>
  );
}

function BulletList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`mt-2 list-disc space-y-1.5 pl-5 text-ink-700 marker:text-brand-600 ${className}`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
