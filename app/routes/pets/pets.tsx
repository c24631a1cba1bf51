import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/pets";
import { requireUser } from "~/backend/auth/session.server";
import { Card } from "~/components/ui/card";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FormMessage } from "~/components/ui/form-message";
import { BRAND } from "~/content/site";
import { PetForm } from "~/features/pets/pet-form";
import { PetList } from "~/features/pets/pet-list";
import { PET_LIMITS, petSchema, saveAnalysisSchema } from "~/domain/pets";
import { dueItemsForPets } from "~/backend/due.server";
import {
  petsWhereAllowed,
  planOf,
  planRequired,
  petRoom,
  requireRoomForPet,
} from "~/backend/billing/plans.server";
import { PlanLocked } from "~/components/ui/plan-locked";
import { allows, petLimitSentence, PLAN_ALLOWANCES, upgradeSentence } from "~/domain/plans";
import type { BookingChoices } from "~/domain/appointments";
import { sharedWith } from "~/backend/family-lists.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { createPetUpTo, deletePet, listAccessiblePets, listPets, updatePet } from "~/backend/pets.server";
import { saveAnalysisToPet } from "~/backend/analysis-save.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";
import { idOrNotFound } from "~/backend/forms.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Your pets — ${BRAND}`,
      description: `The pets on your ${BRAND} account: add them, keep their details up to date, or remove them.`,
      path: "/pets",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const accessible = await listAccessiblePets(user.id);
  // `pets` are the user's own (the analysis report on /features offers them to save onto);
  // pets shared with them by their family come apart.
  const pets = accessible.filter((pet) => pet.role === "owner");
  const sharedPets = accessible.filter((pet) => pet.role === "member");
  const [due, sharing, petLimit, bookable, plan] = await Promise.all([
    dueItemsForPets(accessible.map((pet) => pet.id)),
    sharedWith([...new Set(accessible.map((pet) => pet.ownerId))]),
    petRoom(user.id),
    petsWhereAllowed(accessible, "vet-booking"),
    planOf(user.id),
  ]);
  // For the nearby list's "Book a visit" (a fetcher on /features): the pets whose owner's plan
  // has vet booking (their own, or a Premium family's), else why not.
  const booking: BookingChoices = {
    pets: bookable.map(({ id, name }) => ({ id, name })),
    locked: bookable.length === 0 && !allows(plan, "vet-booking") ? upgradeSentence("vet-booking") : null,
  };
  const params = new URL(request.url).searchParams;
  // Only the owner edits or deletes a pet: a shared pet's id opens nothing.
  const known = (id: string | null) => (id && pets.some((pet) => pet.id === id) ? id : null);
  return data({
    pets,
    sharedPets,
    due,
    sharing,
    petLimit,
    booking,
    editId: known(params.get("edit")),
    deleteId: known(params.get("delete")),
  });
}

/** Refills a rejected pet form (none of its fields is secret). */
const PET_ECHO = {
  name: PET_LIMITS.name,
  type: 10,
  breed: PET_LIMITS.breed,
  birthDate: 10,
  weightKg: 10,
  neutered: 10,
  activity: 10,
  sex: 10,
  microchip: 24,
};

/** create, update or delete one of the signed-in user's pets; anyone else's pet is a 404. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "create") {
    await requireRoomForPet(user.id);
    const submission = await parseSubmission(form, petSchema, { echo: PET_ECHO });
    if (!submission.ok) return data({ intent: "create" as const, ...submission.reply() }, submission.init);
    // Checked again as the pet is added: two added at once cannot both take the last place.
    const plan = await planOf(user.id);
    const pet = await createPetUpTo(user.id, submission.value, PLAN_ALLOWANCES[plan].pets);
    if (!pet) planRequired(petLimitSentence(plan));
    return data({ intent: "create" as const, ok: true as const, name: pet.name });
  }

  if (intent === "update") {
    const petId = idOrNotFound(form.get("petId"));
    const submission = await parseSubmission(form, petSchema, { echo: PET_ECHO });
    if (!submission.ok) {
      // Only the owner learns that the values were wrong.
      if (!(await listPets(user.id)).some((pet) => pet.id === petId)) throw data(null, { status: 404 });
      return data({ intent: "update" as const, petId, ...submission.reply() }, submission.init);
    }
    if (!(await updatePet(user.id, petId, submission.value))) throw data(null, { status: 404 });
    return redirect("/pets");
  }

  // From the analysis report on /features (a fetcher: the answer stays on that page).
  if (intent === "save-analysis") {
    const submission = await parseSubmission(form, saveAnalysisSchema);
    if (!submission.ok)
      return data({ intent: "save-analysis" as const, ...submission.reply() }, submission.init);
    // On a plan without health tracking the analysis updates the profile and adds no records.
    const plan = await planOf(user.id);
    const pet = await saveAnalysisToPet(user.id, submission.value, {
      records: allows(plan, "health-tracking"),
      maxPets: PLAN_ALLOWANCES[plan].pets,
    });
    if (pet === "full") planRequired(petLimitSentence(plan));
    if (!pet) throw data(null, { status: 404 });
    return data({ intent: "save-analysis" as const, ok: true as const, name: pet.name });
  }

  if (intent === "delete") {
    if (!(await deletePet(user.id, idOrNotFound(form.get("petId"))))) throw data(null, { status: 404 });
    return redirect("/pets");
  }

  refuseForm();
}

export default function Pets({ loaderData, actionData }: Route.ComponentProps) {
  const { pets, sharedPets, due, sharing, petLimit, editId, deleteId } = loaderData;
  // The pet forms' answers; save-analysis answers go to the fetcher on /features.
  const petResult =
    actionData?.intent === "create" || actionData?.intent === "update" ? actionData : undefined;
  const createResult = petResult?.intent === "create" ? petResult : undefined;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Your pets</h1>
      <p className="mt-4 text-lg text-ink-700">
        Keep your pets' details up to date: their breed, birthday and weight shape their care plans.
      </p>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-5">
        <section aria-labelledby="pet-list-title" className="min-w-0 lg:col-span-3">
          <h2 id="pet-list-title" className="sr-only">
            Your pets
          </h2>
          {pets.length === 0 && sharedPets.length === 0 ? (
            <Card className="text-center">
              <p className="text-lg font-semibold text-ink-900">No pets here yet.</p>
              <p className="mt-2 text-ink-700">
                Add your dog or cat with the form, or{" "}
                <Link
                  to="/features#demo"
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  try the photo analysis
                </Link>{" "}
                to find out their breed first.
              </p>
            </Card>
          ) : (
            <PetList
              pets={[...pets, ...sharedPets]}
              due={due}
              sharing={sharing}
              editId={editId}
              deleteId={deleteId}
              result={petResult}
            />
          )}
        </section>
        <section aria-labelledby="add-pet-title" className="min-w-0 lg:col-span-2">
          <Card className="sm:p-8">
            <h2 id="add-pet-title" className="mb-6 text-2xl font-bold text-ink-900">
              Add a pet
            </h2>
            {!hydrated && createResult?.ok ? (
              <FormMessage
                tone="success"
                title="Pet added."
                description={`${createResult.name} is now on your list.`}
                className="mb-4"
              />
            ) : null}
            {petLimit ? (
              <PlanLocked sentence={petLimit} />
            ) : (
              <PetForm label="Add a pet" result={createResult} />
            )}
            <p className="mt-6 text-sm text-ink-700">
              Records in another app or another account?{" "}
              <Link to="/pets/import" className="font-semibold text-brand-800 underline underline-offset-4">
                Import a pet from a FHIR file
              </Link>
            </p>
          </Card>
        </section>
      </div>
    </div>
  );
}
