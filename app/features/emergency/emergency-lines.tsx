import { createContext, use, useId } from "react";
import { useLocation } from "react-router";
import { EmergencyLineList } from "~/components/emergency/emergency-line-list";
import { Icon } from "~/components/ui/icon";
import { LINE_COUNTRY_NAMES, linesView, type LinesView } from "~/domain/emergency-lines";
import { cn } from "~/utils/cn";

/** The anchor the chooser comes back to; one block of lines per page. */
export const LINES_ANCHOR = "emergency-lines";

/**
 * The lines a page shows: its loader's `LinesView` (backend/country.server.ts
 * `emergencyLinesFor`), provided by the route. Without one: the chooser and the sentence for a
 * country we do not know.
 */
export const LinesViewContext = createContext<LinesView>(
  linesView({ code: null, region: null, from: "unknown" }),
);

/**
 * The emergency lines of the viewer's country (their choice, else their browser's language), with
 * the chooser to see another country's.
 */
export function EmergencyLines({
  view: given,
  className,
  headingLevel = 4,
  wide = false,
  foldWelfare = false,
}: {
  /** Else the page's LinesViewContext. */
  view?: LinesView;
  className?: string;
  headingLevel?: 2 | 3 | 4;
  wide?: boolean;
  /** Fold the welfare lines behind their title (in a "go now" answer: the vets come first). */
  foldWelfare?: boolean;
}) {
  const fromPage = use(LinesViewContext);
  const view = given ?? fromPage;
  return (
    <div id={LINES_ANCHOR} className={cn("scroll-mt-24 space-y-4", className)} data-testid="emergency-lines">
      <CountryChooser view={view} />
      {view.status === "lines" ? (
        <EmergencyLineList
          lines={view.lines}
          headingLevel={headingLevel}
          wide={wide}
          folded={foldWelfare ? ["welfare"] : []}
        />
      ) : (
        <p className="flex gap-2 rounded-xl bg-white p-4 text-ink-800 ring-1 ring-red-200">
          <Icon name="info" className="mt-1 size-4 shrink-0 text-red-700" />
          <span>{view.sentence}</span>
        </p>
      )}
    </div>
  );
}

function shownFor(view: LinesView): string {
  if (view.status === "none")
    return view.from === "unknown" ? "Which country are you in?" : "No lines of ours for your country.";
  return view.from === "choice"
    ? `Lines for ${view.name}, as you chose.`
    : `Lines for ${view.name}, from your browser's language.`;
}

/**
 * A plain form (no JavaScript needed): routes/emergency/country.ts remembers the choice in a
 * cookie and comes back here.
 */
export function CountryChooser({ view }: { view: LinesView }) {
  const id = useId();
  const location = useLocation();
  const selected = view.status === "lines" ? view.code : "other";
  return (
    <form
      method="post"
      action="/emergency/country"
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
      aria-labelledby={`${id}-shown`}
    >
      <p id={`${id}-shown`} className="basis-full text-sm font-semibold text-ink-800">
        {shownFor(view)}
      </p>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}#${LINES_ANCHOR}`} />
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor={`${id}-country`} className="mb-1 block text-sm text-ink-700">
          Your country
        </label>
        {/* The site's Select, with less padding: "United Kingdom" fits beside the button on a phone. */}
        <select
          id={`${id}-country`}
          name="country"
          defaultValue={selected}
          className="block h-11 w-full appearance-auto rounded-xl border border-ink-300 bg-white pr-1 pl-3 text-base text-ink-900 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600/40"
        >
          {LINE_COUNTRY_NAMES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
          <option value="other">Another country</option>
        </select>
      </div>
      {/* Narrower than the site's buttons (px-6), for the same reason. */}
      <button
        type="submit"
        className="inline-flex h-11 items-center rounded-full bg-white px-4 font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        Show lines
      </button>
    </form>
  );
}
