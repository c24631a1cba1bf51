import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/utils/cn";
import { formatMiles, kmToMiles, sortByDistance } from "~/domain/geo";
import {
  currentPosition,
  fetchNearbyPlaces,
  NEARBY_ERRORS,
  NearbyError,
} from "~/components/nearby/nearby-api";
import { PLACE_KINDS, type Place, type PlaceKind } from "~/domain/nearby";
import { osmUrl, takesVisits } from "~/domain/nearby-places";
import { telUrl } from "~/domain/appointments";
import { BookVisit } from "./book-visit";

type NearbyPlace = Place & { distanceMiles: number };
type State =
  | { step: "idle" | "locating" | "searching" }
  | { step: "found"; places: NearbyPlace[]; radiusKm: number }
  | { step: "failed"; message: string };

const KIND_ICONS: Record<PlaceKind, IconName> = {
  veterinary: "stethoscope",
  pet_shop: "paw-print",
  pet_grooming: "scissors",
  animal_shelter: "house",
};

/** Enough to choose from without making the report long; the rest are one click away. */
const SHOWN_AT_FIRST = 8;

/**
 * "Nearby pet services" of the analysis report: on request, the browser's position, then
 * real places from OpenStreetMap (via our /api/nearby), nearest first. Nothing is shown
 * that OpenStreetMap did not return; every failure says why in words.
 */
export function NearbyServices({ className }: { className?: string }) {
  const [state, setState] = useState<State>({ step: "idle" });
  const [showAll, setShowAll] = useState(false);
  const search = useRef<AbortController | null>(null);
  const listId = useId();
  // Leaving the page mid-search drops the answer instead of setting state on nothing.
  useEffect(() => () => search.current?.abort(), []);

  const busy = state.step === "locating" || state.step === "searching";

  async function find() {
    if (busy) return;
    const controller = new AbortController();
    search.current = controller;
    setShowAll(false);
    setState({ step: "locating" });
    try {
      const position = await currentPosition();
      if (controller.signal.aborted) return;
      setState({ step: "searching" });
      const answer = await fetchNearbyPlaces(position, controller.signal);
      if (controller.signal.aborted) return;
      // Distances from the exact position, which never left the browser.
      setState({ step: "found", places: sortByDistance(answer.places, position), radiusKm: answer.radiusKm });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        step: "failed",
        message: error instanceof NearbyError ? error.message : NEARBY_ERRORS.failed,
      });
    }
  }

  const places = state.step === "found" ? state.places : [];
  const shown = showAll ? places : places.slice(0, SHOWN_AT_FIRST);

  return (
    <div className={cn("text-ink-700", className)} data-testid="nearby-services">
      <p>
        Find veterinary clinics, pet shops, groomers and animal shelters near you on OpenStreetMap. Your
        browser will ask to share your location; we only receive it rounded to about half a mile.
      </p>
      {/* aria-disabled rather than disabled: a disabled button would drop keyboard focus mid-search.
          On phones it may wrap (max-sm: wins over the Button's own height and nowrap). */}
      <Button
        variant="secondary"
        className="mt-4 aria-disabled:opacity-60 max-sm:h-auto max-sm:min-h-11 max-sm:w-full max-sm:py-2 max-sm:whitespace-normal"
        onClick={find}
        aria-disabled={busy || undefined}
      >
        <Icon name="map-pin" />
        Find vets and pet shops near me
      </Button>

      <p role="status" className="mt-4 flex items-center gap-2 empty:mt-0">
        {busy ? <Spinner className="size-5 text-brand-700" /> : null}
        {statusText(state)}
      </p>

      {state.step === "failed" ? (
        <FormMessage tone="error" title="No places to show." description={state.message} className="mt-4" />
      ) : null}

      {shown.length > 0 ? (
        <ul
          id={listId}
          aria-label="Pet services near you"
          className="mt-3 divide-y divide-ink-100 rounded-xl ring-1 ring-ink-100"
        >
          {shown.map((place) => (
            <PlaceItem key={place.id} place={place} />
          ))}
        </ul>
      ) : null}
      {/* A toggle rather than a button that disappears, so keyboard focus stays put. */}
      {places.length > SHOWN_AT_FIRST ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-controls={listId}
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? `Show the nearest ${SHOWN_AT_FIRST} only` : `Show all ${places.length} places`}
        </Button>
      ) : null}

      {state.step === "found" ? (
        <p className="mt-3 text-sm text-ink-600">
          Places and details from OpenStreetMap, © OpenStreetMap contributors (
          <a
            href="https://www.openstreetmap.org/copyright"
            className="underline underline-offset-4 hover:text-brand-800"
          >
            licence
          </a>
          ). Please call ahead to check opening hours.
        </p>
      ) : null}
    </div>
  );
}

function statusText(state: State) {
  if (state.step === "locating") return "Finding your location…";
  if (state.step === "searching") return "Looking for vets and pet shops near you…";
  if (state.step !== "found") return "";
  // "About": the search circle is centred on the rounded point, not exactly on you.
  const within = `within about ${Math.round(kmToMiles(state.radiusKm))} miles of you`;
  const count = state.places.length;
  return count === 0
    ? `No veterinary clinics, pet shops, groomers or animal shelters were found on OpenStreetMap ${within}.`
    : `Found ${count} ${count === 1 ? "place" : "places"} ${within}, nearest first.`;
}

function PlaceItem({ place }: { place: NearbyPlace }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold text-ink-900">{place.name}</p>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-600">
          <Icon name={KIND_ICONS[place.kind]} className="size-4 text-brand-700" />
          {PLACE_KINDS[place.kind].label}
        </p>
        <div className="mt-1 space-y-0.5 text-sm">
          {place.address ? (
            <Detail icon="map-pin" label="Address">
              {place.address}
            </Detail>
          ) : null}
          {place.openingHours ? (
            <Detail icon="clock" label="Opening hours">
              {place.openingHours}
            </Detail>
          ) : null}
          {place.phone ? (
            <Detail icon="phone" label="Phone">
              <a href={telUrl(place.phone)} className="underline underline-offset-4">
                {place.phone}
              </a>
            </Detail>
          ) : null}
        </div>
        {/* A new tab: the report lives only in this page and would be lost by leaving it. */}
        <a
          href={osmUrl(place.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-block text-sm font-semibold text-brand-800 underline underline-offset-4"
        >
          View on OpenStreetMap<span className="sr-only">: {place.name} (opens in a new tab)</span>
        </a>
        {takesVisits(place) ? <BookVisit place={place} /> : null}
      </div>
      <p className="shrink-0 text-sm font-semibold text-brand-800">
        {formatMiles(place.distanceMiles)}
        <span className="sr-only"> away</span>
      </p>
    </li>
  );
}

function Detail({ icon, label, children }: { icon: IconName; label: string; children: React.ReactNode }) {
  return (
    <p className="flex gap-1.5">
      <Icon name={icon} className="mt-0.5 size-4 text-ink-500" />
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </p>
  );
}
