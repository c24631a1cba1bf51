import { useId } from "react";
import { Icon } from "~/components/ui/icon";
import {
  goNowLinesByKind,
  isPhoneLine,
  type EmergencyLineKind,
  linesByKind,
  nightLine,
  type EmergencyLine,
  type LineSource,
  type LocalHelp,
  type PhoneLine,
} from "~/domain/emergency-lines";
import { cn } from "~/utils/cn";

/** What a phone line says about a fee when its publisher names none. */
export const NO_FEE_STATED = "None stated by the publisher; call charges may apply";

/**
 * One country's emergency lines (domain/emergency-lines.ts), under the specification's three
 * kinds: poison control, 24/7 animal emergency, animal welfare. A number is a tap-to-call link
 * with who runs it, the fee, the hours, the region where it covers only part of the country, and
 * its source; where a country has no line of a kind, the sentence says how to reach the local one
 * (and an official finder is a link). Shown on /emergency, in the chat's "no vet on duty" help and
 * on the contact page. In a "go now" answer (`nightFirst`) the entry that reaches help at night
 * comes first (domain/emergency-lines.ts `goNowLinesByKind`).
 */
export function EmergencyLineList({
  lines,
  headingLevel = 3,
  wide = false,
  folded = [],
  nightFirst = folded.length > 0,
}: {
  lines: readonly EmergencyLine[];
  headingLevel?: 2 | 3 | 4;
  /** Two columns from `sm` up (a page's width); one in a side box. */
  wide?: boolean;
  /**
   * Kinds shown folded, behind their title (a native disclosure: no JavaScript needed): in a "go
   * now" answer the welfare lines would push the vets and the steps on the way far down.
   */
  folded?: readonly EmergencyLineKind[];
  /**
   * The "go now" order: the line that answers at night (or the official finder) first, with its
   * group. On by default where kinds are folded, as only the "go now" answer folds any.
   */
  nightFirst?: boolean;
}) {
  const id = useId();
  const groups = nightFirst ? goNowLinesByKind(lines) : linesByKind(lines);
  const lead = nightFirst ? nightLine(lines) : undefined;
  const Heading = `h${headingLevel}` as const;
  const titleClass = "text-sm font-bold tracking-wide text-red-900 uppercase";
  return (
    <div className="space-y-5">
      {groups.map((group) => {
        const titleId = `${id}-${group.kind}`;
        const list = (
          <ul
            aria-labelledby={titleId}
            className={cn("mt-2 grid gap-3", wide && group.lines.length > 1 && "sm:grid-cols-2")}
          >
            {group.lines.map((line) => (
              <li
                key={`${line.name}-${isPhoneLine(line) ? line.tel : ""}`}
                className="rounded-xl bg-white p-4 ring-1 ring-red-200"
              >
                {line === lead ? (
                  <p className="mb-1 text-xs font-bold tracking-wide text-red-800 uppercase">
                    {isPhoneLine(line) ? "Answers at night" : "Official finder"}
                  </p>
                ) : null}
                {isPhoneLine(line) ? <PhoneLineItem line={line} /> : <LocalHelpItem line={line} />}
              </li>
            ))}
          </ul>
        );
        // The night line is never folded away: it is what a "go now" answer shows first.
        return folded.includes(group.kind) && group.kind !== lead?.kind ? (
          <details key={group.kind} className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 [&::-webkit-details-marker]:hidden">
              <span id={titleId} className={titleClass}>
                {group.title}
              </span>
              <span className="text-sm text-ink-700">
                ({group.lines.length} {group.lines.length === 1 ? "entry" : "entries"})
              </span>
              <Icon
                name="chevron-down"
                className="size-4 text-red-700 transition-transform group-open:rotate-180"
              />
            </summary>
            {list}
          </details>
        ) : (
          <div key={group.kind}>
            <Heading id={titleId} className={titleClass}>
              {group.title}
            </Heading>
            {list}
          </div>
        );
      })}
    </div>
  );
}

function PhoneLineItem({ line }: { line: PhoneLine }) {
  return (
    <>
      {line.region ? (
        <p className="text-xs font-bold tracking-wide text-red-800 uppercase">{line.region} only</p>
      ) : null}
      <p className="font-semibold text-ink-900">{line.name}</p>
      <p className="text-sm text-ink-700">{line.detail}</p>
      <a
        href={`tel:${line.tel}`}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-red-700 px-4 font-semibold whitespace-nowrap text-white hover:bg-red-800"
      >
        <Icon name="phone" className="size-4" />
        <span>
          <span className="sr-only">Call {line.name}: </span>
          {line.phone}
        </span>
      </a>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-600">Run by</dt>
        <dd className="text-ink-900">{line.runBy}</dd>
        <dt className="text-ink-600">Fee</dt>
        <dd className="text-ink-900">{line.fee ?? NO_FEE_STATED}</dd>
        <dt className="text-ink-600">Hours</dt>
        <dd className="text-ink-900">{line.hours}</dd>
      </dl>
      {line.note ? (
        <p className="mt-2 flex gap-2 text-sm text-ink-800">
          <Icon name="info" className="mt-0.5 size-4 shrink-0 text-red-700" />
          <span>{line.note}</span>
        </p>
      ) : null}
      <SourceLink source={line.source} seeAlso={line.seeAlso} />
    </>
  );
}

function LocalHelpItem({ line }: { line: LocalHelp }) {
  return (
    <>
      <p className="font-semibold text-ink-900">{line.name}</p>
      <p className="mt-1 text-sm text-ink-800">{line.howToReach}</p>
      {line.finder ? (
        <a
          href={line.finder.url}
          className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
        >
          <Icon name="map-pin" className="size-4" />
          {line.finder.label}
        </a>
      ) : null}
      {line.source ? <SourceLink source={line.source} /> : null}
    </>
  );
}

function SourceLink({ source, seeAlso = [] }: { source: LineSource; seeAlso?: readonly LineSource[] }) {
  const linkClass = "underline underline-offset-4 [overflow-wrap:anywhere]";
  return (
    <p className="mt-2 text-sm text-ink-700">
      Source:{" "}
      <a href={source.url} className={linkClass}>
        {source.publisher}
      </a>
      {seeAlso.length > 0 ? (
        <>
          {". Also: "}
          {seeAlso.map((page, index) => (
            <span key={page.url}>
              {index > 0 ? "; " : null}
              <a href={page.url} className={linkClass}>
                {page.publisher}
              </a>
            </span>
          ))}
        </>
      ) : null}
    </p>
  );
}
