import { data, Form, Link } from "react-router";
import type { Route } from "./+types/import";
import { Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { PlanLocked } from "~/components/ui/plan-locked";
import { useSubmitting } from "~/components/ui/use-submitting";
import { BRAND } from "~/content/site";
import { readFhirBundle } from "~/domain/fhir-import";
import { allows, petLimitSentence, upgradeSentence } from "~/domain/plans";
import { FHIR_IMPORT_BYTES, FHIR_IMPORT_FORM_BYTES } from "~/domain/upload-limits";
import { requireUser } from "~/backend/auth/session.server";
import { petRoom, planOf, requireFeature } from "~/backend/billing/plans.server";
import { importFhirPet } from "~/backend/fhir.server";
import { readForm } from "~/backend/forms.server";
import { siteBaseUrl } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

/*
 * /pets/import: a pet from a FHIR R4 Bundle (decision 22), PawPal's own "Download as FHIR" or
 * another system's: a new pet of the account with every record the file held, or, when the file
 * cannot be read or a value breaks PawPal's rules, a sentence saying why and nothing added. What
 * PawPal does not keep (an allergy, a document's file) is named, never dropped in silence.
 */

export const meta: Route.MetaFunction = () => [
  { title: `Import a pet — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

const IMPORT_ERRORS = {
  fileRequired: "Please choose a FHIR file (.json) to import.",
  tooLarge: `The file is larger than ${FHIR_IMPORT_BYTES / 1024 / 1024} MB: PawPal imports one pet's records at a time.`,
  notJson: "This file is not JSON: choose the .json file of a FHIR Bundle.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [room, plan] = await Promise.all([petRoom(user.id), planOf(user.id)]);
  return { room, locked: allows(plan, "health-tracking") ? null : upgradeSentence("health-tracking") };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Records are health tracking, the plan's; a pet is one of the plan's profiles.
  await requireFeature(user.id, "health-tracking");
  const form = await readForm(request, { maxBytes: FHIR_IMPORT_FORM_BYTES });
  const refuse = (error: string, status = 400) => data({ ok: false as const, error }, { status });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse(IMPORT_ERRORS.fileRequired);
  if (file.size > FHIR_IMPORT_BYTES) return refuse(IMPORT_ERRORS.tooLarge, 413);
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return refuse(IMPORT_ERRORS.notJson);
  }
  const read = readFhirBundle(json, { baseUrl: siteBaseUrl() });
  if (!read.ok) return refuse(read.error);
  const created = await importFhirPet(user.id, read);
  if (!created) return refuse(petLimitSentence(await planOf(user.id)), 403);
  return data({
    ok: true as const,
    pet: { id: created.id, name: created.name },
    records: read.records.length,
    skipped: read.skipped,
  });
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const blocked = loaderData.locked ?? loaderData.room;
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:px-6 lg:py-14">
      <div className="mx-auto max-w-3xl space-y-6">
        <nav aria-label="Import page">
          <Link to="/pets" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
            ← Back to my pets
          </Link>
        </nav>
        <Card>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">
            Import a pet from a FHIR file
          </h1>
          <p className="mt-2 text-ink-700">
            A FHIR R4 Bundle, the open format health records travel in: the file {BRAND}'s "Download as FHIR"
            gives, or another app's. The pet and its vaccinations, treatments, weights, visits and notes
            become a new pet of yours. Nothing is added if any of it cannot be read.
          </p>
          {actionData?.ok ? (
            <div role="status" className="mt-5 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
              <p className="font-semibold text-brand-900">
                {actionData.pet.name} is imported, with{" "}
                {actionData.records === 1 ? "1 record" : `${actionData.records} records`}.
              </p>
              {actionData.skipped.length > 0 ? (
                <>
                  <p className="mt-2 text-ink-800">Left out, as PawPal does not keep them:</p>
                  <ul className="mt-1 list-disc pl-5 text-ink-800">
                    {actionData.skipped.map((sentence) => (
                      <li key={sentence}>{sentence}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <Link
                to={`/pets/${actionData.pet.id}`}
                className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-4"
              >
                Open {actionData.pet.name}
              </Link>
            </div>
          ) : null}
          <div className="mt-5">
            {blocked ? (
              <PlanLocked sentence={blocked} />
            ) : (
              <Form
                method="post"
                encType="multipart/form-data"
                aria-label="Import a pet"
                className="space-y-4"
              >
                {actionData && !actionData.ok ? (
                  <FormMessage tone="error" title={actionData.error} description="" />
                ) : null}
                <Field id="fhir-file" label="FHIR file (.json)">
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      name="file"
                      required
                      accept=".json,application/json,application/fhir+json"
                      className="block w-full max-w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
                    />
                  )}
                </Field>
                <Button type="submit" aria-disabled={submitting || undefined}>
                  {submitting ? "Importing…" : "Import"}
                </Button>
              </Form>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
