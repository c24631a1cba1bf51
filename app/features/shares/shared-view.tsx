import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND } from "~/content/site";
import {
  describeSharedEntry,
  sectionRecords,
  SHARE_SECTION_LABELS,
  sharedIdentity,
  type SharedRecord,
  type SharedRecords,
  type ShareSection,
} from "~/domain/shares";
import { formatDateTime } from "~/domain/time-format";

const TONES = {
  valid: "bg-green-100 text-green-900",
  soon: "bg-amber-100 text-amber-950",
  expired: "bg-red-100 text-red-900",
} as const;

/**
 * A share as its recipient reads it, on a screen or on paper: the pet's identity, then each
 * chosen section, each entry with who entered it, and a vaccination's state today. The PDF
 * (backend/share-pdf.server.ts) says the same words.
 */
export function SharedView({
  shared,
  today,
  timeZone,
  pdfHref,
  photoSrc,
}: {
  shared: SharedRecords;
  today: string;
  timeZone: string;
  pdfHref: string;
  /** The photo of the pet the owner chose, or null. */
  photoSrc: string | null;
}) {
  const hydrated = useHydrated();
  return (
    <article
      aria-labelledby="shared-title"
      className="mx-auto max-w-3xl space-y-6 print:max-w-none print:space-y-4"
    >
      <header className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 print:p-0 print:shadow-none print:ring-0">
        <div className="flex items-start gap-4">
          {photoSrc ? (
            <img
              src={photoSrc}
              alt={`${shared.pet.name}, as the owner shared them`}
              width={96}
              height={96}
              className="size-24 shrink-0 rounded-xl object-cover ring-1 ring-ink-100"
            />
          ) : null}
          <div className="min-w-0">
            <p className="text-sm font-semibold text-brand-800">Health records shared from {BRAND}</p>
            <h1
              id="shared-title"
              className="mt-1 text-4xl font-extrabold tracking-tight break-words text-ink-900"
            >
              {shared.pet.name}
            </h1>
            {shared.note ? <p className="mt-2 text-lg break-words text-ink-800">{shared.note}</p> : null}
          </div>
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3 print:grid-cols-3">
          {sharedIdentity(shared.pet, shared.ownerName).map(([term, value]) => (
            <div key={term}>
              <dt className="font-semibold text-ink-700">{term}</dt>
              <dd className="break-words text-ink-900">{value ?? "Not given"}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-5 text-sm text-ink-700">
          Kept by the owner in {BRAND}: the owner's record, not an official certificate. This link works until{" "}
          {formatDateTime(shared.expiresAt, timeZone)} and can be ended by the owner at any time.
        </p>
        <div className="mt-4 flex flex-wrap gap-3" data-print-hide>
          {hydrated ? (
            <Button variant="secondary" size="sm" onClick={() => window.print()}>
              Print
            </Button>
          ) : null}
          <a
            href={pdfHref}
            className="inline-flex items-center text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            Download as PDF
          </a>
        </div>
      </header>
      {shared.sections.map((section) => (
        <SharedSection key={section} section={section} shared={shared} today={today} />
      ))}
    </article>
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
  const records = sectionRecords(shared, section);
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
  const entry = describeSharedEntry(record, { today, ownerName, brand: BRAND });
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold break-words text-ink-900">{entry.title}</h3>
        {entry.state ? <Badge className={TONES[entry.state.tone]}>{entry.state.text}</Badge> : null}
      </div>
      {entry.lines.map((line, index) => (
        <p key={index} className="text-sm text-ink-800">
          {line}
        </p>
      ))}
      {entry.notes ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-800">{entry.notes}</p>
      ) : null}
      <p className="mt-1 text-xs text-ink-600">{entry.enteredBy}</p>
    </div>
  );
}
