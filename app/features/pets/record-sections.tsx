import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { RecordKind } from "~/domain/pets";
import { mayAdd, type PetAccess } from "~/domain/family";
import { RECORD_KIND_LABELS, type PetRecord, type RecordActionData } from "~/domain/records";
import { RecordForm, type RecordFormValues, type RecordHints } from "./record-form";
import { RecordEntry } from "./record-entry";
import { WeightTable } from "./weight-table";

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
  /** Whose the pet is to the reader: a family member adds and changes only what their role allows. */
  access: PetAccess;
  /** The viewer's time zone, for when a vet wrote their entry (components/time-zone/use-viewer-time-zone.ts). */
  timeZone: string;
};

/** The action's answer when it is about this kind's add form. */
function addResult(kind: RecordKind, result: RecordActionData | undefined) {
  return result && result.kind === kind && result.intent === "add-record" ? result : undefined;
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
        {context.readOnly || !mayAdd(context.access) ? null : (
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
