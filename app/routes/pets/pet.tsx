import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/pet";
import { NotFound } from "~/components/layout/not-found";
import { FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import { accessTo, RECORD_KINDS, type RecordKind } from "~/domain/pets";
import { careRefusal, mayAdd } from "~/domain/family";
import {
  RECORD_KIND_LABELS,
  RECORD_LIMITS,
  RECORD_SCHEMAS,
  toRecordValues,
  type RecordField,
  type RecordValues,
} from "~/domain/records";
import { petHealth } from "~/engine/care-plan/pet-health";
import { CarePlanSection, PetDetails } from "~/features/pets/pet-profile";
import { PhotoVerdictSection } from "~/features/pets/photo-verdict";
import { RecordSection, type RecordsContext } from "~/features/pets/record-sections";
import { formatDate } from "~/domain/time-format";
import { WeightChart } from "~/features/pets/weight-chart";
import { DueList } from "~/features/pets/due-list";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/backend/auth/session.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { dueItemsForPets } from "~/backend/due.server";
import { sharedWith } from "~/backend/family-lists.server";
import {
  addRecord,
  listRecords,
  refuseVetWritten,
  removeRecord,
  updateRecord,
} from "~/backend/pet-records.server";
import { requireAccessiblePet } from "~/backend/pets.server";
import { newestPhotoEvidence } from "~/backend/breed-evidence.server";
import { photoVerdict } from "~/backend/photo-verdict.server";
import { petAllows, requirePetFeature } from "~/backend/billing/plans.server";
import { PlanLocked } from "~/components/ui/plan-locked";
import { upgradeSentence } from "~/domain/plans";
import { bookVisitSchema, contactNotes, type BookVisitField } from "~/domain/appointments";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import type { z } from "~/utils/zod";
import { idOrNotFound } from "~/backend/forms.server";
import { suggestNextDue, withSuggestedNextDue } from "~/domain/next-vaccination";

export const meta: Route.MetaFunction = ({ matches, loaderData, params, error }) =>
  error || !loaderData
    ? [{ title: NOT_FOUND_TITLE }, { name: "robots", content: "noindex" }]
    : [
        ...pageMeta(
          {
            title: `${loaderData.pet.name} — ${BRAND}`,
            description: `Health records and care plan of ${loaderData.pet.name} on ${BRAND}.`,
            path: `/pets/${params.id}`,
          },
          baseUrlFrom(matches),
        ),
        { name: "robots", content: "noindex" },
      ];

export const headers = actionOrLoaderHeaders;

/** Someone else's pet is the site's 404 page, with its title (the root's boundary would give none). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

/**
 * The pet, its records, and its care plan built here on the server: the breed knowledge base
 * stays out of this page's JavaScript (tests/e2e/bundles.spec.ts). So is what the photos saved
 * to it say (backend/photo-verdict.server.ts): only breed names and percentages reach the page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  const [records, due, sharing, healthTracking, photos] = await Promise.all([
    listRecords(user.id, pet.id).then((listed) => listed ?? []),
    dueItemsForPets([pet.id]).then((byPet) => byPet[pet.id] ?? []),
    sharedWith([pet.ownerId]),
    petAllows(pet, "health-tracking"),
    newestPhotoEvidence(user.id, pet.id).then((evidence) => photoVerdict(evidence ?? [])),
  ]);
  const search = new URL(request.url).searchParams;
  // A vet's entry has no edit form or removal to open (it stays as the vet wrote it).
  const known = (id: string | null) =>
    id && records.some((record) => record.id === id && !record.byVet) ? id : null;
  const today = new Date().toISOString().slice(0, 10);

  return data({
    pet,
    records,
    due,
    // Read here, shown as a locked section: the actions check it again (403).
    locked: healthTracking ? null : upgradeSentence("health-tracking"),
    sharedWith: sharing[pet.ownerId] ?? [],
    photoVerdict: photos,
    today,
    ...petHealth(pet, records, today),
    editId: known(search.get("edit")),
    removeId: known(search.get("remove")),
    // The zone times are shown in until the browser says its own (components/time-zone/use-viewer-time-zone.ts).
    timeZone: viewerTimeZone(request),
  });
}

/** Refills a rejected record form (none of its fields is secret). */
const RECORD_ECHO: Record<RecordField, number> = {
  title: RECORD_LIMITS.title,
  date: 10,
  time: 8,
  nextDueDate: 10,
  clinic: RECORD_LIMITS.clinic,
  notes: RECORD_LIMITS.notes,
  dose: RECORD_LIMITS.dose,
  intervalDays: 10,
  endDate: 10,
  weightKg: 10,
  product: RECORD_LIMITS.product,
  batch: RECORD_LIMITS.batch,
  validUntil: 10,
  givenBy: RECORD_LIMITS.givenBy,
};

/** Refills a rejected booking (the nearby list's "Book a visit"). */
const BOOK_VISIT_ECHO: Record<BookVisitField, number> = {
  date: 10,
  time: 8,
  title: RECORD_LIMITS.title,
  clinic: RECORD_LIMITS.clinic,
  phone: RECORD_LIMITS.phone,
  website: RECORD_LIMITS.website,
  address: RECORD_LIMITS.address,
};

/** Any kind's schema, as what its checked values have in common. */
function recordSchema(kind: RecordKind) {
  return RECORD_SCHEMAS[kind] as unknown as z.ZodObject<Record<RecordField, z.ZodType>, z.core.$strip> & {
    _zod: { output: Partial<RecordValues> & { date: string } };
  };
}

function kindFrom(form: FormData): RecordKind {
  const kind = form.get("kind");
  if (!RECORD_KINDS.includes(kind as RecordKind)) refuseForm("Unknown kind of record.");
  return kind as RecordKind;
}

/**
 * Adds, changes or removes one of the pet's records: its owner or a member of the owner's
 * family; for anyone else the pet, and so each of its records, is a 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const pet = await requireAccessiblePet(user.id, params.id);
  const form = await readForm(request);
  const intent = form.get("intent");
  // A booking refused by the plan names vet booking; every other form, health tracking.
  if (intent === "book-visit") await requirePetFeature(pet, "vet-booking");
  await requirePetFeature(pet, "health-tracking");

  // "Book a visit" on a clinic of the nearby list (a fetcher on /features): the appointment goes
  // into the records with the clinic's contacts, and the owner lands on it. PawPal books nothing.
  if (intent === "book-visit") {
    const submission = await parseSubmission(form, bookVisitSchema, { echo: BOOK_VISIT_ECHO });
    if (!submission.ok)
      return data({ intent: "book-visit" as const, ...submission.reply() }, submission.init);
    const { phone, website, address, ...appointment } = submission.value;
    const values = toRecordValues({ ...appointment, notes: contactNotes({ phone, website, address }) });
    const added = await addRecord(user.id, pet.id, "appointment", values);
    if (!added) throw data(null, { status: 404 });
    throw redirectWithFlash(request, `/pets/${pet.id}#record-${added.id}`, "appointmentAdded");
  }

  const kind = kindFrom(form);
  const label = RECORD_KIND_LABELS[kind].one;
  const records = (await listRecords(user.id, pet.id)) ?? [];

  if (intent === "add-record") {
    if (kind === "appointment") await requirePetFeature(pet, "vet-booking");
    const submission = await parseSubmission(form, recordSchema(kind), { echo: RECORD_ECHO });
    if (!submission.ok)
      return data({ intent: "add-record" as const, kind, ...submission.reply() }, submission.init);
    let values = toRecordValues(submission.value);
    if (kind === "vaccination") values = withSuggestedNextDue(pet, records, values);
    // A vaccination confirmed from a read card (features/documents/card-reader.tsx) says so.
    const readFromScan = kind === "vaccination" && form.get("readFrom") === "scan";
    if (!(await addRecord(user.id, pet.id, kind, values, { readFromScan })))
      throw data(null, { status: 404 });
    return data({ intent: "add-record" as const, kind, ok: true as const, message: `${label} added.` });
  }

  if (intent === "update-record") {
    const recordId = idOrNotFound(form.get("recordId"));
    const record = records.find((one) => one.id === recordId && one.kind === kind);
    // Only someone who can open the record learns that the values were wrong.
    if (!record) throw data(null, { status: 404 });
    // A vet's summary or notes stays as the vet wrote it (403, before the values are read).
    if (record.byVet) refuseVetWritten(pet.id, recordId);
    const submission = await parseSubmission(form, recordSchema(kind), { echo: RECORD_ECHO });
    if (!submission.ok) {
      return data(
        { intent: "update-record" as const, kind, recordId, ...submission.reply() },
        submission.init,
      );
    }
    let values = toRecordValues(submission.value);
    if (kind === "vaccination") values = withSuggestedNextDue(pet, records, values, recordId);
    if (!(await updateRecord(user.id, pet.id, kind, recordId, values))) throw data(null, { status: 404 });
    return data({ intent: "update-record" as const, kind, ok: true as const, message: `${label} saved.` });
  }

  if (intent === "remove-record") {
    if (!(await removeRecord(user.id, pet.id, kind, idOrNotFound(form.get("recordId")))))
      throw data(null, { status: 404 });
    return data({ intent: "remove-record" as const, kind, ok: true as const, message: `${label} removed.` });
  }

  refuseForm();
}

/** The sections of the page, in the order of the jump links. */
const SECTIONS: { id: string; title: string }[] = [
  { id: "due", title: "What's due" },
  { id: "records-weight", title: "Weight" },
  { id: "records-vaccination", title: "Vaccinations" },
  { id: "records-appointment", title: "Appointments" },
  { id: "records-vet_visit", title: "Vet visits" },
  { id: "records-remote_consult", title: "Remote consultations" },
  { id: "records-medication", title: "Medications" },
  { id: "records-note", title: "Notes" },
  { id: "care-plan", title: "Care plan" },
];

export default function PetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pet, records, today, ageMonths, latestWeightKg, carePlan, carePlanBasis, healthyRange } =
    loaderData;
  const hydrated = useHydrated();
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  const done = actionData?.ok ? actionData : undefined;

  useEffect(() => {
    if (done) void toast.success(done.message);
  }, [done]);

  const context: RecordsContext = {
    petId: pet.id,
    today,
    editId: loaderData.editId,
    removeId: loaderData.removeId,
    // A refused booking answers the nearby list's fetcher, never this page's forms.
    result: actionData?.intent === "book-visit" ? undefined : actionData,
    readOnly: loaderData.locked !== null,
    access: accessTo(pet),
    timeZone,
  };
  const ofKind = (kind: RecordKind) => records.filter((record) => record.kind === kind);
  const vaccinations = ofKind("vaccination");

  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:px-6 lg:py-14 print:bg-none print:p-0">
      <div className="mx-auto max-w-4xl space-y-6">
        <nav
          aria-label="Pet page"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
          data-print-hide
        >
          <Link to="/pets" className="font-semibold text-brand-800 underline underline-offset-4">
            ← All pets
          </Link>
          {SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="text-brand-800 underline-offset-4 hover:underline"
            >
              {section.title}
            </a>
          ))}
        </nav>
        {!hydrated && done ? <FormMessage tone="success" title={done.message} description="" /> : null}
        <PetDetails
          pet={pet}
          ageMonths={ageMonths}
          latestWeightKg={latestWeightKg}
          sharedWith={loaderData.sharedWith}
        />
        <PhotoVerdictSection verdict={loaderData.photoVerdict} />
        <section id="due" aria-labelledby="due-title" className="scroll-mt-20">
          <Card className="print:p-0 print:shadow-none print:ring-0">
            <h2 id="due-title" className="text-2xl font-bold text-ink-900">
              What's due
            </h2>
            {loaderData.locked ? (
              <PlanLocked
                sentence={`${loaderData.locked} ${pet.name}'s records stay here to read, print and export.`}
                className="mt-4"
              />
            ) : (
              <>
                <p className="mt-1 text-sm text-ink-700">
                  {mayAdd(accessTo(pet))
                    ? `From ${pet.name}'s records and the vaccine schedule: mark an item done when it is.`
                    : `From ${pet.name}'s records and the vaccine schedule. ${careRefusal("add", pet.ownerName)}`}
                </p>
                <div className="mt-4">
                  <DueList
                    petId={pet.id}
                    petName={pet.name}
                    items={loaderData.due}
                    canMark={mayAdd(accessTo(pet))}
                  />
                </div>
              </>
            )}
          </Card>
        </section>
        <RecordSection
          kind="weight"
          records={ofKind("weight")}
          context={context}
          lead={<WeightChart records={ofKind("weight")} range={healthyRange} />}
        />
        <RecordSection
          kind="vaccination"
          records={vaccinations}
          context={context}
          hints={(draft, recordId) => {
            const due = suggestNextDue(pet, vaccinations, {
              title: draft.title ?? "",
              date: draft.date ?? "",
              recordId,
            });
            return {
              nextDueDate: due
                ? `Suggested: ${formatDate(due.date)} (${due.reason}). Leave blank to use it.`
                : "Leave blank if you do not know: for a vaccine we recognise (rabies, DHPP, FVRCP…) we fill in the date the schedule suggests.",
            };
          }}
        />
        <RecordSection
          kind="appointment"
          records={ofKind("appointment")}
          context={context}
          lead={
            <p className="mt-1 text-sm text-ink-700">
              Visits arranged with a clinic: each is on the list of what's due until its day has passed, so
              reminder mails and the calendar feed (if you use them) include it at its time. PawPal does not
              book the clinic for you: confirm each time with them.
            </p>
          }
          hints={() => ({
            notes:
              "A clinic's phone and website on lines of their own (Phone: …, Website: https://…) become links.",
          })}
        />
        <RecordSection kind="vet_visit" records={ofKind("vet_visit")} context={context} />
        <RecordSection kind="remote_consult" records={ofKind("remote_consult")} context={context} />
        <RecordSection kind="medication" records={ofKind("medication")} context={context} />
        <RecordSection kind="note" records={ofKind("note")} context={context} />
        <CarePlanSection pet={pet} plan={carePlan} basis={carePlanBasis} />
      </div>
    </div>
  );
}
