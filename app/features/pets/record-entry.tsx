import { readContactNotes } from "~/domain/appointments";
import { certificateLines, medicationLines, type PetRecord } from "~/domain/records";
import { formatDate, formatDateTime } from "~/domain/time-format";
import type { RecordHints } from "./record-form";
import type { RecordsContext } from "./record-sections";
import { ClinicContacts } from "./clinic-contacts";
import { EditRecordForm, entryView, RecordActions, RemoveConfirmation } from "./record-edit";

/**
 * One entry as a summary with Edit and Remove, or its edit form, or its removal's confirmation.
 * A vet's entry is only shown: it stays as the vet wrote it (the server refuses changes, 403).
 */
export function RecordEntry({
  record,
  context,
  hints,
}: {
  record: PetRecord;
  context: RecordsContext;
  hints?: RecordHints;
}) {
  const { mode, rejected, name } = entryView(record, context);
  if (mode === "shown") {
    return (
      <article aria-labelledby={`record-${record.id}-title`}>
        <RecordSummary record={record} titleId={`record-${record.id}-title`} context={context} />
      </article>
    );
  }
  if (mode === "editing") {
    return (
      <EditRecordForm record={record} name={name} petId={context.petId} rejected={rejected} hints={hints} />
    );
  }
  return (
    <article aria-labelledby={`record-${record.id}-title`}>
      <RecordSummary record={record} titleId={`record-${record.id}-title`} context={context} />
      {mode === "confirming" ? (
        <RemoveConfirmation record={record} name={name} petId={context.petId} />
      ) : (
        <RecordActions record={record} name={name} petId={context.petId} />
      )}
    </article>
  );
}

function RecordSummary({
  record,
  titleId,
  context,
}: {
  record: PetRecord;
  titleId: string;
  context: RecordsContext;
}) {
  const { today } = context;
  const heading = (text: string) => (
    <h3 id={titleId} className="text-lg font-semibold break-words text-ink-900">
      {text}
    </h3>
  );
  const lines: (string | null)[] = [];
  // An appointment's notes carry the clinic's phone, website and address: shown as links.
  const contacts = record.kind === "appointment" ? readContactNotes(record.notes) : null;
  const notes = contacts ? contacts.rest : record.notes;
  switch (record.kind) {
    case "vaccination":
      lines.push(
        `Given ${formatDate(record.date)}`,
        record.nextDueDate && `Next due ${formatDate(record.nextDueDate)}`,
        ...certificateLines(record),
      );
      break;
    case "vet_visit":
    case "remote_consult":
      lines.push(formatDate(record.date));
      break;
    case "appointment":
      lines.push(`${formatDate(record.date)} at ${record.time}${record.date < today ? " (past)" : ""}`);
      break;
    case "medication":
      lines.push(...medicationLines(record));
      break;
  }
  return (
    <>
      {record.kind === "note" ? heading(formatDate(record.date)) : heading(record.title ?? "")}
      <p className="mt-1 text-sm text-ink-700">{[...lines, record.clinic].filter(Boolean).join(" · ")}</p>
      {contacts ? <ClinicContacts contacts={contacts} upcoming={record.date >= today} /> : null}
      {notes ? <p className="mt-2 break-words whitespace-pre-line text-ink-800">{notes}</p> : null}
      {record.createdByName ? (
        <p className="mt-1 text-xs text-ink-600">
          Added by {record.createdByName}
          {record.byVet ? (
            <>
              , <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, context.timeZone)}</time>
            </>
          ) : null}
        </p>
      ) : null}
      {record.byVet && !context.readOnly ? (
        <p className="mt-1 text-xs text-ink-600" data-print-hide>
          Kept as the vet wrote it.{" "}
          <a href="#records-note" className="font-semibold text-brand-800 underline underline-offset-4">
            Add a note of your own
          </a>
        </p>
      ) : null}
    </>
  );
}
