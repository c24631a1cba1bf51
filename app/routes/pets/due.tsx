import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/due";
import { NotFound } from "~/components/layout/not-found";
import { buttonVariants } from "~/components/ui/button";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import { DUE_ERRORS, markDoneSchema } from "~/domain/due";
import { requireUser } from "~/backend/auth/session.server";
import { markDueDone } from "~/backend/due.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { parseSubmission, readForm } from "~/backend/forms.server";
import { requireAccessiblePet } from "~/backend/pets.server";
import { requirePetFeature } from "~/backend/billing/plans.server";
import { idOrNotFound } from "~/backend/forms.server";

/*
 * POST /pets/:id/due: the "Mark done" button of a due item (features/pets/due-list.tsx). The owner
 * or a family member marks it done for its due date and goes back to the pet's page with a
 * toast; anyone else's pet is a 404, an item that is not due on that date a 400 saying so.
 */

/** The title of a refusal page (the only page this route shows), or of the 404 for a pet not found. */
export const meta: Route.MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TITLE : `Mark done — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const petId = idOrNotFound(params.id);
  await requirePetFeature(await requireAccessiblePet(user.id, petId), "health-tracking");
  const form = await readForm(request);
  const submission = await parseSubmission(form, markDoneSchema);
  if (!submission.ok) {
    const { errors } = submission.reply();
    throw data({ formError: errors.itemKey ?? errors.dueDate }, { status: 400 });
  }
  const { itemKey, dueDate } = submission.value;
  const outcome = await markDueDone(user.id, petId, itemKey, dueDate);
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (outcome === "not-due") throw data({ formError: DUE_ERRORS.notDue }, { status: 400 });
  throw redirectWithFlash(request, `/pets/${petId}`, "dueDone");
}

/** A visited address (a reload after an error) shows the pet's page: marking needs the form. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/pets/${idOrNotFound(params.id)}`);
}

/**
 * A refused mark says why, with the way back to the pet's page. A refusal of the plan (it
 * carries its own link) and any other failure are the root's to show.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const refusal: unknown = isRouteErrorResponse(error) ? error.data?.formError : undefined;
  if (typeof refusal !== "string" || (isRouteErrorResponse(error) && error.data?.link)) throw error;
  return (
    <div className="px-4 py-20 sm:px-6">
      <div role="alert" className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold text-ink-900">This could not be marked done</h1>
        <p className="mt-4 text-lg text-ink-600">{refusal}</p>
        <Link className={buttonVariants({ className: "mt-8" })} to={`/pets/${params.id}`}>
          Back to the pet
        </Link>
      </div>
    </div>
  );
}
