import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND } from "~/content/site";
import {
  formatMicrochip,
  NEUTERED_LABELS,
  neuteredAnswer,
  PET_SEX_LABELS,
  PET_TYPE_LABELS,
  type RecordKind,
} from "~/domain/pets";
import { certificateLines } from "~/domain/records";
import {
  SHARE_SECTION_KINDS,
  SHARE_SECTION_LABELS,
  vaccinationState,
  type SharedRecord,
  type SharedRecords,
  type ShareSection,
} from "~/domain/shares";
import { formatDate, formatDateTime } from "~/domain/time-format";
import { formatWeightWithPounds } from "~/domain/pet-format";
import { cn } from "~/utils/cn";

/** Who entered an entry, as the reader needs to weigh it. */
function enteredBy(record: SharedRecord, ownerName: string) {
  if (record.byVet) return `Entered by ${record.createdByName ?? "a vet"}, a ${BRAND} vet`;
  if (record.byOwner) return `Entered by ${ownerName}, the owner`;
  return record.createdByName
    ? `Entered by ${record.createdByName}, of the owner's family`
    : "Entered by the family";
}

const TONES = {
  valid: "bg-green-100 text-green-900",
  soon: "bg-amber-100 text-amber-950",
  expired: "bg-red-100 text-red-900",
} as const;

/**
 * A share as its recipient reads it, on a screen or on paper: the pet's identity, then each
 * chosen section, each entry with who entered it, and a vaccination's state today.
 */
export function SharedView({
  shared,
  today,
  timeZone,
}: {
  shared: SharedRecords;
  today: string;
  timeZone: string;
}) {
  const hydrated = useHydrated();
  const { pet, ownerName } = shared;
  const sex = [
    pet.sex && PET_SEX_LABELS[pet.sex],
    pet.neutered === null ? null : NEUTERED_LABELS[neuteredAnswer(pet.neutered)],
  ];
  return (
    <article
      aria-labelledby="shared-title"
      className="mx-auto max-w-3xl space-y-6 print:max-w-none print:space-y-4"
    >
      <header className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 print:p-0 print:shadow-none print:ring-0">
        <p className="text-sm font-semibold text-brand-800">Health records shared from {BRAND}</p>
        <h1
          id="shared-title"
          className="mt-1 text-4xl font-extrabold tracking-tight break-words text-ink-900"
        >
          {pet.name}
        </h1>
        {shared.note ? <p className="mt-2 text-lg break-words text-ink-800">{shared.note}</p> : null}
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3 print:grid-cols-3">
          <Term term="Species" value={PET_TYPE_LABELS[pet.type]} />
          <Term term="Breed" value={pet.breed} />
          <Term
            term="Sex and neutered"
            value={
              sex.some(Boolean)
                ? `${sex[0] ?? "Sex not given"}${sex[1] ? `, neutered: ${sex[1].toLowerCase()}` : ""}`
                : null
            }
          />
          <Term term="Birth date" value={pet.birthDate && formatDate(pet.birthDate)} />
          <Term term="Microchip" value={pet.microchip && formatMicrochip(pet.microchip)} />
          <Term term="Owner" value={ownerName} />
        </dl>
        <p className="mt-5 text-sm text-ink-700">
          Kept by the owner in {BRAND}: the owner's record, not an official certificate. This link works until{" "}
          {formatDateTime(shared.expiresAt, timeZone)} and can be ended by the owner at any time.
        </p>
        {hydrated ? (
          <Button
            className="mt-4"
            variant="secondary"
            size="sm"
            onClick={() => window.print()}
            data-print-hide
          >
            Print
          </Button>
        ) : null}
      </header>
      {shared.sections.map((section) => (
        <SharedSection key={section} section={section} shared={shared} today={today} />
      ))}
    </article>
  );
}

function Term({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt className="font-semibold text-ink-700">{term}</dt>
      <dd className="break-words text-ink-900">{value ?? "Not given"}</dd>
    </div>
  );
}

function SharedSection({
  section,
  shared,
  today,
}: {
  section: ShareSection;
  shared: SharedRecords;
  today: string;
}) {
  const kinds: readonly RecordKind[] = SHARE_SECTION_KINDS[section];
  const records = shared.records.filter((record) => kinds.includes(record.kind));
  const id = `shared-${section}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 print:break-inside-avoid-page print:p-0 print:shadow-none print:ring-0"
    >
      <h2 id={id} className="text-2xl font-bold text-ink-900">
        {SHARE_SECTION_LABELS[section]}
      </h2>
      {records.length === 0 ? (
        <p className="mt-2 text-ink-700">None recorded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100">
          {records.map((record) => (
            <li key={record.id} className="py-3 print:break-inside-avoid">
              <SharedEntry record={record} today={today} ownerName={shared.ownerName} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedEntry({
  record,
  today,
  ownerName,
}: {
  record: SharedRecord;
  today: string;
  ownerName: string;
}) {
  const lines: ReactNode[] = [];
  let title = record.title ?? "";
  let badge: ReactNode = null;
  switch (record.kind) {
    case "vaccination": {
      const state = vaccinationState(record, today);
      badge = state ? <Badge className={cn(TONES[state.tone])}>{state.text}</Badge> : null;
      lines.push(`Given ${formatDate(record.date)}`, ...certificateLines(record));
      if (record.nextDueDate && record.validUntil) lines.push(`Next due ${formatDate(record.nextDueDate)}`);
      break;
    }
    case "medication":
      lines.push(
        `${record.dose}, ${record.intervalDays === 1 ? "every day" : `every ${record.intervalDays} days`}`,
        record.endDate
          ? `From ${formatDate(record.date)} to ${formatDate(record.endDate)}`
          : `From ${formatDate(record.date)}, ongoing`,
      );
      break;
    case "appointment":
      lines.push(`Arranged for ${formatDate(record.date)} at ${record.time}`);
      break;
    case "weight":
      title = formatWeightWithPounds(record.weightKg ?? "0");
      lines.push(formatDate(record.date));
      break;
    case "note":
      title = `Note of ${formatDate(record.date)}`;
      break;
    default:
      lines.push(formatDate(record.date));
  }
  if (record.clinic)
    lines.push(record.kind === "remote_consult" ? `With ${record.clinic}` : `At ${record.clinic}`);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold break-words text-ink-900">{title}</h3>
        {badge}
      </div>
      {lines.map((line, index) => (
        <p key={index} className="text-sm text-ink-800">
          {line}
        </p>
      ))}
      {record.notes ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-800">{record.notes}</p>
      ) : null}
      <p className="mt-1 text-xs text-ink-600">{enteredBy(record, ownerName)}</p>
    </div>
  );
}
