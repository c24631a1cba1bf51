import { useEffect, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { Icon } from "~/components/ui/icon";
import { Spinner } from "~/components/ui/spinner";
import { formatMiles, kmToMiles, sortByDistance, type LatLon } from "~/domain/geo";
import { osmUrl, type Place } from "~/domain/nearby";
import { openingState } from "~/domain/opening-hours";
import { currentPosition, fetchNearbyPlaces, NEARBY_ERRORS, NearbyError } from "~/utils/nearby-api";

type Vet = Place & { distanceMiles: number; openNow: boolean };
type State =
  | { step: "idle" | "locating" | "searching" }
  | { step: "found"; vets: Vet[]; others: number; radiusKm: number }
  | { step: "failed"; message: string };

/** Enough to choose from in a hurry. */
const SHOWN = 5;

/**
 * The vets to go to now: veterinary clinics marked as emergency clinics, or open now by their
 * opening hours at `now` (unknown hours never count as open), nearest first. `others` counts
 * the vets left out, so the page can say they exist.
 */
export function vetsToGoTo(places: readonly Place[], position: LatLon, now: Date) {
  const vets = places.filter((place) => place.kind === "veterinary");
  const chosen = sortByDistance(vets, position)
    .map((vet) => ({ ...vet, openNow: openingState(vet.openingHours, now) === "open" }))
    .filter((vet) => vet.emergency || vet.openNow);
  return { vets: chosen, others: vets.length - chosen.length };
}

/**
 * "Find emergency vets near me": on request, the browser's position, then OpenStreetMap's
 * vets near it (our /api/nearby) that take emergencies or are open now. Says clearly when there
 * is none, and sends the owner to the phone lines above it.
 */
export function EmergencyVets({ now = () => new Date() }: { now?: () => Date }) {
  const [state, setState] = useState<State>({ step: "idle" });
  const search = useRef<AbortController | null>(null);
  useEffect(() => () => search.current?.abort(), []);
  const busy = state.step === "locating" || state.step === "searching";

  async function find() {
    if (busy) return;
    const controller = new AbortController();
    search.current = controller;
    setState({ step: "locating" });
    try {
      const position = await currentPosition();
      if (controller.signal.aborted) return;
      setState({ step: "searching" });
      const answer = await fetchNearbyPlaces(position, controller.signal);
      if (controller.signal.aborted) return;
      setState({ step: "found", radiusKm: answer.radiusKm, ...vetsToGoTo(answer.places, position, now()) });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        step: "failed",
        message: error instanceof NearbyError ? error.message : NEARBY_ERRORS.failed,
      });
    }
  }

  return (
    <div data-testid="emergency-vets">
      <p className="text-ink-700">
        We look on OpenStreetMap for vets near you that take emergencies or are open right now. Your browser
        will ask to share your location; we only receive it rounded to about half a mile.
      </p>
      {/* aria-disabled rather than disabled: keyboard focus stays on the button mid-search. */}
      <Button
        className="mt-3 aria-disabled:opacity-60 max-sm:h-auto max-sm:min-h-11 max-sm:w-full max-sm:py-2 max-sm:whitespace-normal"
        onClick={find}
        aria-disabled={busy || undefined}
      >
        <Icon name="map-pin" />
        Find emergency vets near me
      </Button>
      <p role="status" className="mt-3 flex items-center gap-2 empty:mt-0">
        {busy ? <Spinner className="size-5 text-brand-700" /> : null}
        {statusText(state)}
      </p>
      {state.step === "failed" ? (
        <FormMessage
          tone="error"
          title="No vets to show."
          description={`${state.message} Meanwhile, call one of the lines above.`}
          className="mt-3"
        />
      ) : null}
      {state.step === "found" && state.vets.length > 0 ? (
        <ul
          aria-label="Vets to go to now"
          className="mt-3 divide-y divide-ink-100 rounded-xl bg-white ring-1 ring-ink-100"
        >
          {state.vets.slice(0, SHOWN).map((vet) => (
            <VetItem key={vet.id} vet={vet} />
          ))}
        </ul>
      ) : null}
      {state.step === "found" ? (
        <p className="mt-3 text-sm text-ink-600">
          From OpenStreetMap, © OpenStreetMap contributors (
          <a href="https://www.openstreetmap.org/copyright" className="underline underline-offset-4">
            licence
          </a>
          ). Hours there can be out of date: call before you set off.
        </p>
      ) : null}
    </div>
  );
}

function statusText(state: State) {
  if (state.step === "locating") return "Finding your location…";
  if (state.step === "searching") return "Looking for vets near you…";
  if (state.step !== "found") return "";
  const within = `within about ${Math.round(kmToMiles(state.radiusKm))} miles`;
  const others =
    state.others > 0
      ? ` ${state.others} other ${state.others === 1 ? "vet is" : "vets are"} nearby but closed now or with hours we cannot read.`
      : "";
  if (state.vets.length === 0)
    return `No vet open now or marked as an emergency clinic was found on OpenStreetMap ${within}.${others} Call one of the lines above: they can tell you the nearest open clinic.`;
  const count = state.vets.length;
  return `Found ${count} ${count === 1 ? "vet" : "vets"} open now or taking emergencies ${within}, nearest first.${others}`;
}

function VetItem({ vet }: { vet: Vet }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold text-ink-900">{vet.name}</p>
        <p className="mt-1 flex flex-wrap gap-2">
          {vet.emergency ? <Badge className="bg-red-100 text-red-900">Emergency clinic</Badge> : null}
          {vet.openNow ? <Badge className="bg-brand-100 text-brand-900">Open now</Badge> : null}
        </p>
        {vet.address ? (
          <p className="mt-1 text-sm text-ink-700">
            <span className="sr-only">Address: </span>
            {vet.address}
          </p>
        ) : null}
        {vet.openingHours ? (
          <p className="text-sm text-ink-600">
            <span className="sr-only">Opening hours: </span>
            {vet.openingHours}
          </p>
        ) : null}
        <a
          href={osmUrl(vet.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-block text-sm font-semibold text-brand-800 underline underline-offset-4"
        >
          Map<span className="sr-only">: {vet.name} on OpenStreetMap (opens in a new tab)</span>
        </a>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <p className="text-sm font-semibold text-brand-800">
          {formatMiles(vet.distanceMiles)}
          <span className="sr-only"> away</span>
        </p>
        {vet.phone ? (
          <a
            href={`tel:${vet.phone.replace(/[^\d+]/g, "")}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Icon name="phone" className="size-4" />
            <span>
              <span className="sr-only">Call {vet.name}: </span>
              {vet.phone}
            </span>
          </a>
        ) : (
          <p className="text-sm text-ink-600">No phone listed</p>
        )}
      </div>
    </li>
  );
}
