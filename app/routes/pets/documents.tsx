import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/documents";
import { NotFound } from "~/components/layout/not-found";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { PlanLocked } from "~/components/ui/plan-locked";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import {
  ATTACHMENT_FORM_BYTES,
  ATTACHMENT_LIMITS,
  attachmentSchema,
  recordLabel,
} from "~/domain/attachments";
import { careRefusal, mayAdd, mayChangeEntry } from "~/domain/family";
import { accessTo } from "~/domain/pets";
import { upgradeSentence } from "~/domain/plans";
import { viewerTimeZone } from "~/domain/time-zone";
import { AttachmentForm } from "~/features/documents/attachment-form";
import { AttachmentList } from "~/features/documents/attachment-list";
import { CardReader } from "~/features/documents/card-reader";
import { addAttachment, attachmentsOf, removeAttachment } from "~/backend/attachments.server";
import { requireUser } from "~/backend/auth/session.server";
import { petAllows } from "~/backend/billing/plans.server";
import { idOrNotFound, parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { listRecords } from "~/backend/pet-records.server";
import { requireAccessiblePet } from "~/backend/pets.server";
import { actionOrLoaderHeaders } from "~/utils/http";

/*
 * /pets/:id/documents: the photos and PDFs attached to a pet or its records (decision 22). Its
 * people see them all; the owner, or a family member who may add, attaches more; each is removed
 * by the owner or by the member who attached it; a card's photo is read on the device into
 * vaccinations to confirm. Attaching and reading are health tracking (the plan's); what is stored
 * stays readable on every plan.
 */

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: error || !loaderData ? NOT_FOUND_TITLE : `${loaderData.pet.name}'s documents — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  const [attachments, records, healthTracking] = await Promise.all([
    attachmentsOf(pet.id, user.id),
    listRecords(user.id, pet.id).then((listed) => listed ?? []),
    petAllows(pet, "health-tracking"),
  ]);
  return {
    pet: { id: pet.id, name: pet.name, ownerName: pet.ownerName, type: pet.type },
    today: new Date().toISOString().slice(0, 10),
    access: accessTo(pet),
    attachments: attachments.map((attachment) => ({
      ...attachment,
      // The family's rule, read here: the page offers removal only where the action allows it.
      removable: mayChangeEntry(accessTo(pet), attachment.addedByYou),
    })),
    records: records.map((record) => ({ id: record.id, label: recordLabel(record) })),
    locked: healthTracking ? null : upgradeSentence("health-tracking"),
    timeZone: viewerTimeZone(request),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  const form = await readForm(request, { maxBytes: ATTACHMENT_FORM_BYTES });
  const intent = form.get("intent");

  if (intent === "add-attachment") {
    const file = form.get("file");
    form.delete("file");
    const submission = await parseSubmission(form, attachmentSchema, {
      echo: { title: ATTACHMENT_LIMITS.title, recordId: 36 },
    });
    if (!submission.ok)
      return data({ intent: "add-attachment" as const, ...submission.reply() }, submission.init);
    const added = await addAttachment(user.id, pet, submission.value, file instanceof File ? file : null);
    if (!added.ok)
      return data(
        { intent: "add-attachment" as const, ...submission.reply({ formError: added.error }) },
        { status: added.status },
      );
    return data({
      intent: "add-attachment" as const,
      ok: true as const,
      message: `${added.attachment.title} is attached.`,
    });
  }

  if (intent === "remove-attachment") {
    if (!(await removeAttachment(user.id, pet, idOrNotFound(form.get("attachmentId")))))
      throw data(null, { status: 404 });
    return data({
      intent: "remove-attachment" as const,
      ok: true as const,
      message: "The document was removed.",
    });
  }

  refuseForm();
}

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, access, attachments, records, locked } = loaderData;
  const hydrated = useHydrated();
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  const done = actionData && "ok" in actionData && actionData.ok ? actionData : undefined;
  const rejected = actionData?.intent === "add-attachment" && !actionData.ok ? actionData : undefined;
  const labels = Object.fromEntries(records.map((record) => [record.id, record.label]));

  useEffect(() => {
    if (done) void toast.success(done.message);
  }, [done]);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:px-6 lg:py-14">
      <div className="mx-auto max-w-3xl space-y-6">
        <nav aria-label="Documents page">
          <Link
            to={`/pets/${pet.id}`}
            className="text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            ← Back to {pet.name}
          </Link>
        </nav>
        <Card>
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink-900">
            {pet.name}'s documents
          </h1>
          <p className="mt-2 text-ink-700">
            Photos and PDFs of the paper that comes with {pet.name}: vaccine cards, certificates, invoices.
            Only {pet.name}'s people and the vets of {pet.name}'s PawPal conversations can open them.
          </p>
        </Card>
        {!hydrated && done ? <FormMessage tone="success" title={done.message} description="" /> : null}
        <Card>
          <h2 className="text-2xl font-bold text-ink-900">Attach a document</h2>
          <div className="mt-4">
            {!mayAdd(access) ? (
              <p className="text-ink-700">{careRefusal("add", pet.ownerName)}</p>
            ) : locked ? (
              <PlanLocked sentence={locked} />
            ) : (
              <AttachmentForm
                // A new form (its file input empty) once a file is attached.
                key={attachments.length}
                records={records}
                error={rejected?.formError ?? rejected?.errors?.title ?? rejected?.errors?.recordId}
                values={rejected?.values}
              />
            )}
          </div>
        </Card>
        {mayAdd(access) && !locked ? (
          <Card>
            <h2 className="text-2xl font-bold text-ink-900">Read a vaccine card</h2>
            <p className="mt-2 text-ink-700">
              Take a photo of the clinic's card: its vaccinations are proposed for you to check and add.
            </p>
            <div className="mt-4">
              {hydrated ? (
                <CardReader petId={pet.id} species={pet.type} today={loaderData.today} />
              ) : (
                <p className="text-ink-700">Reading a card needs JavaScript: it runs on this device.</p>
              )}
            </div>
          </Card>
        ) : null}
        <Card>
          <h2 className="text-2xl font-bold text-ink-900">Attached</h2>
          <AttachmentList attachments={attachments} recordLabels={labels} timeZone={timeZone} />
        </Card>
      </div>
    </div>
  );
}
