import { Fragment, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { RecordKind } from "~/domain/pets";
import { CONFIRM_WITH_CLINIC, readContactNotes, telUrl } from "~/domain/appointments";
import { kgToLb, RECORD_KIND_LABELS, type PetRecord, type RecordActionData } from "~/domain/records";
import { formatDateTime } from "~/domain/time-format";
import { formatDate } from "~/domain/time-format";
import { RecordForm, type RecordFormValues, type RecordHints } from "./record-form";

/** What every section of the pet's page needs to know. */
export type RecordsContext = {
  petId: string;
  /** Today (YYYY-MM-DD, the server's), the default date of a new record. */
  today: string;
  /** The record whose edit form is open (?edit=). */
  editId: string | null;
  /** The record whose removal waits for confirmation (?remove=). */
  removeId: string | null;
  result: RecordActionData | undefined;
  /** The owner's plan has no health tracking: the records are shown, not changed. */
  readOnly: boolean;
  /** The viewer's time zone, for when a vet wrote their entry (components/time-zone/use-viewer-time-zone.ts). */
  timeZone: string;
};

/** A record's name in links and forms: which entry it is, e.g. "Rabies, Mar 3, 2025". */
export function recordName(record: PetRecord) {
  const date = formatDate(record.date);
  switch (record.kind) {
    case "vaccination":
    case "vet_visit":
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
  };
}

/** The action's answer when it is about this kind's add form. */
function addResult(kind: RecordKind, result: RecordActionData | undefined) {
  return result && result.kind === kind && result.intent === "add-record" ? result : undefined;
}

/** The action's answer when it rejected this record's edit form. */
function rejectedEdit(record: PetRecord, result: RecordActionData | undefined) {
  return result && !result.ok && result.intent === "update-record" && result.recordId === record.id
    ? result
    : undefined;
}

type SectionProps = {
  kind: RecordKind;
  records: PetRecord[];
  context: RecordsContext;
  /** Shown between the heading and the entries (the weight chart). */
  lead?: ReactNode;
  hints?: RecordHints;
  /** The add form's starting values besides today's date. */
  addDefaults?: RecordFormValues;
};

/** One kind of record: its entries, each with edit and remove, and a form to add one. */
export function RecordSection({ kind, records, context, lead, hints, addDefaults = {} }: SectionProps) {
  const labels = RECORD_KIND_LABELS[kind];
  const noun = labels.one.toLowerCase();
  const aNoun = `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
  const added = addResult(kind, context.result);
  const titleId = `records-${kind}-title`;
  return (
    <section id={`records-${kind}`} aria-labelledby={titleId} className="scroll-mt-20">
      <Card className="print:p-0 print:shadow-none print:ring-0">
        <h2 id={titleId} className="text-2xl font-bold text-ink-900">
          {labels.many}
        </h2>
        {lead}
        {records.length === 0 ? (
          // The weight chart's summary already says there is none.
          kind === "weight" ? null : (
            <p className="mt-4 text-ink-700">No {labels.many.toLowerCase()} yet.</p>
          )
        ) : kind === "weight" ? (
          <WeightTable records={records} context={context} />
        ) : (
          <ul className="mt-4 divide-y divide-ink-100" aria-label={labels.many}>
            {records.map((record) => (
              <li key={record.id} id={`record-${record.id}`} className="scroll-mt-20 py-4">
                <RecordEntry record={record} context={context} hints={hints} />
              </li>
            ))}
          </ul>
        )}
        {context.readOnly ? null : (
          <details
            className="mt-6 rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100"
            open={!!added && !added.ok}
            data-print-hide
          >
            <summary className="cursor-pointer font-semibold text-brand-800">
              Add {kind === "weight" || kind === "note" ? "an entry" : aNoun}
            </summary>
            <div className="mt-4">
              <RecordForm
                petId={context.petId}
                kind={kind}
                label={`Add ${kind === "weight" ? "a weight" : aNoun}`}
                initial={{ date: context.today, ...addDefaults }}
                result={added}
                hints={hints}
              />
            </div>
          </details>
        )}
      </Card>
    </section>
  );
}

/**
 * One entry as a summary with Edit and Remove, or its edit form, or its removal's confirmation.
 * A vet's entry is only shown: it stays as the vet wrote it (the server refuses changes, 403).
 */
function RecordEntry({
  record,
  context,
  hints,
}: {
  record: PetRecord;
  context: RecordsContext;
  hints?: RecordHints;
}) {
  const name = recordName(record);
  const rejected = rejectedEdit(record, context.result);
  if (context.readOnly || record.byVet) {
    return (
      <article aria-labelledby={`record-${record.id}-title`}>
        <RecordSummary record={record} titleId={`record-${record.id}-title`} context={context} />
      </article>
    );
  }
  if (context.editId === record.id || rejected) {
    return (
      <RecordForm
        petId={context.petId}
        kind={record.kind}
        recordId={record.id}
        label={`Edit ${name}`}
        initial={formValues(record)}
        result={rejected}
        cancelTo={`/pets/${context.petId}#records-${record.kind}`}
        hints={hints}
      />
    );
  }
  return (
    <article aria-labelledby={`record-${record.id}-title`}>
      <RecordSummary record={record} titleId={`record-${record.id}-title`} context={context} />
      {context.removeId === record.id ? (
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
      );
      break;
    case "vet_visit":
      lines.push(formatDate(record.date));
      break;
    case "appointment":
      lines.push(`${formatDate(record.date)} at ${record.time}${record.date < today ? " (past)" : ""}`);
      break;
    case "medication":
      lines.push(
        `${record.dose}, ${record.intervalDays === 1 ? "every day" : `every ${record.intervalDays} days`}`,
        record.endDate
          ? `From ${formatDate(record.date)} to ${formatDate(record.endDate)}`
          : `From ${formatDate(record.date)}, ongoing`,
      );
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

/** An appointment's clinic contacts, and (while it is to come) that the owner confirms it with the clinic. */
function ClinicContacts({
  contacts,
  upcoming,
}: {
  contacts: ReturnType<typeof readContactNotes>;
  upcoming: boolean;
}) {
  const link = "font-semibold text-brand-800 underline underline-offset-4";
  return (
    <>
      {contacts.phone || contacts.website || contacts.address ? (
        <ul className="mt-2 space-y-0.5 text-sm break-words text-ink-800" aria-label="The clinic's contacts">
          {contacts.phone ? (
            <li>
              Phone:{" "}
              <a href={telUrl(contacts.phone)} className={link}>
                {contacts.phone}
              </a>
            </li>
          ) : null}
          {contacts.website ? (
            <li>
              Website:{" "}
              <a href={contacts.website} className={link} rel="nofollow noopener noreferrer">
                {contacts.website}
              </a>
            </li>
          ) : null}
          {contacts.address ? <li>Address: {contacts.address}</li> : null}
        </ul>
      ) : null}
      {upcoming ? (
        <p className="mt-2 text-sm text-ink-700">PawPal does not book it for you. {CONFIRM_WITH_CLINIC}</p>
      ) : null}
    </>
  );
}

function RecordActions({ record, name, petId }: { record: PetRecord; name: string; petId: string }) {
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

function RemoveConfirmation({ record, name, petId }: { record: PetRecord; name: string; petId: string }) {
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

/** The weight log as a table (kg and lb): also the weight chart's text alternative. */
function WeightTable({ records, context }: { records: PetRecord[]; context: RecordsContext }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Weight log, newest first</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              kg
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              lb
            </th>
            {context.readOnly ? null : (
              <th scope="col" className="py-2 font-semibold" data-print-hide>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {records.map((record) => {
            const name = recordName(record);
            const rejected = rejectedEdit(record, context.result);
            const changeable = !context.readOnly && !record.byVet;
            if (changeable && (context.editId === record.id || rejected)) {
              return (
                <tr key={record.id} id={`record-${record.id}`} className="scroll-mt-20">
                  <td colSpan={4} className="py-4">
                    <RecordForm
                      petId={context.petId}
                      kind="weight"
                      recordId={record.id}
                      label={`Edit ${name}`}
                      initial={formValues(record)}
                      result={rejected}
                      cancelTo={`/pets/${context.petId}#records-weight`}
                    />
                  </td>
                </tr>
              );
            }
            const kg = Number(record.weightKg);
            const confirming = changeable && context.removeId === record.id;
            return (
              <Fragment key={record.id}>
                <tr id={`record-${record.id}`} className="scroll-mt-20 align-top">
                  <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap text-ink-900">
                    {formatDate(record.date)}
                  </th>
                  <td className="py-2 pr-3 text-ink-900">{kg}</td>
                  <td className="py-2 pr-3 text-ink-900">{kgToLb(kg)}</td>
                  {context.readOnly ? null : (
                    <td className="py-1" data-print-hide>
                      {confirming || !changeable ? null : (
                        <RecordActions record={record} name={name} petId={context.petId} />
                      )}
                    </td>
                  )}
                </tr>
                {confirming ? (
                  <tr data-print-hide>
                    <td colSpan={4} className="pb-4">
                      <RemoveConfirmation record={record} name={name} petId={context.petId} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
