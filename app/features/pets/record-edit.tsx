import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import type { PetRecord, RecordActionData } from "~/domain/records";
import { formatDate } from "~/domain/time-format";
import { RecordForm, type RecordFormValues, type RecordHints } from "./record-form";
import { mayChangeEntry } from "~/domain/family";
import type { RecordsContext } from "./record-sections";

/*
 * Changing one record, alike in the lists and in the weight table: Edit and Remove are links to
 * the pet's page with ?edit= or ?remove=, which shows the edit form or the confirmation in place.
 */

/** A record's name in links and forms: which entry it is, e.g. "Rabies, Mar 3, 2025". */
function recordName(record: PetRecord) {
  const date = formatDate(record.date);
  switch (record.kind) {
    case "vaccination":
    case "vet_visit":
    case "remote_consult":
      return `${record.title}, ${date}`;
    case "appointment":
      return `${record.title}, ${date} at ${record.time}`;
    case "medication":
      return `${record.title}, from ${date}`;
    case "weight":
      return `weight of ${date}`;
    case "note":
      return `note of ${date}`;
  }
}

/** A stored record as its edit form's starting values. */
function formValues(record: PetRecord): RecordFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    title: text(record.title),
    date: record.date,
    time: text(record.time),
    nextDueDate: text(record.nextDueDate),
    clinic: text(record.clinic),
    notes: text(record.notes),
    dose: text(record.dose),
    intervalDays: text(record.intervalDays),
    endDate: text(record.endDate),
    weightKg: record.weightKg === null ? "" : String(Number(record.weightKg)),
    product: text(record.product),
    batch: text(record.batch),
    validUntil: text(record.validUntil),
    givenBy: text(record.givenBy),
  };
}

/** The action's answer when it rejected this record's edit form. */
function rejectedEdit(record: PetRecord, result: RecordActionData | undefined) {
  return result && !result.ok && result.intent === "update-record" && result.recordId === record.id
    ? result
    : undefined;
}

/** The record's edit form, with what the action rejected; Cancel goes back to its section. */
export function EditRecordForm({
  record,
  name,
  petId,
  rejected,
  hints,
}: {
  record: PetRecord;
  name: string;
  petId: string;
  rejected: ReturnType<typeof rejectedEdit>;
  hints?: RecordHints;
}) {
  return (
    <RecordForm
      petId={petId}
      kind={record.kind}
      recordId={record.id}
      label={`Edit ${name}`}
      initial={formValues(record)}
      result={rejected}
      cancelTo={`/pets/${petId}#records-${record.kind}`}
      hints={hints}
    />
  );
}

/** Whether the reader may change or remove this entry: never a vet's, never on a locked plan. */
function changeable(record: PetRecord, context: RecordsContext) {
  return !context.readOnly && !record.byVet && mayChangeEntry(context.access, record.addedByYou);
}

/**
 * What one entry shows, in a list or the weight table alike: only its summary (the reader may
 * not change it), its edit form (asked for, or sent back with errors), its removal's
 * confirmation, or its summary with Edit and Remove.
 */
export function entryView(record: PetRecord, context: RecordsContext) {
  const rejected = rejectedEdit(record, context.result);
  const mode = !changeable(record, context)
    ? "shown"
    : context.editId === record.id || rejected
      ? "editing"
      : context.removeId === record.id
        ? "confirming"
        : "actionable";
  return { mode, rejected, name: recordName(record) } as const;
}

export function RecordActions({ record, name, petId }: { record: PetRecord; name: string; petId: string }) {
  return (
    <div
      className={record.kind === "weight" ? "flex flex-wrap gap-2" : "mt-3 flex flex-wrap gap-3"}
      data-print-hide
    >
      <Link
        to={`/pets/${petId}?edit=${record.id}#record-${record.id}`}
        className={buttonVariants({ variant: "secondary", size: "sm" })}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <Link
        to={`/pets/${petId}?remove=${record.id}#record-${record.id}`}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        aria-label={`Remove ${name}`}
      >
        Remove
      </Link>
    </div>
  );
}

export function RemoveConfirmation({
  record,
  name,
  petId,
}: {
  record: PetRecord;
  name: string;
  petId: string;
}) {
  const removing = useSubmitting({ intent: "remove-record", recordId: record.id });
  return (
    <Form
      method="post"
      action={`/pets/${petId}`}
      aria-label={`Remove ${name}`}
      className="mt-4 rounded-xl border-l-4 border-red-700 bg-red-50 p-4"
      data-print-hide
    >
      <p className="font-semibold text-red-900">Remove the {name}? This cannot be undone.</p>
      <input type="hidden" name="intent" value="remove-record" />
      <input type="hidden" name="kind" value={record.kind} />
      <input type="hidden" name="recordId" value={record.id} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" size="sm" disabled={removing}>
          {removing ? "Removing…" : "Yes, remove it"}
        </Button>
        <Link
          to={`/pets/${petId}#record-${record.id}`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          Keep it
        </Link>
      </div>
    </Form>
  );
}
