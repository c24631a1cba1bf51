import { createContext, use, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { Icon } from "~/components/ui/icon";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LinesViewContext } from "./emergency-lines";
import { whereElseToLook } from "~/domain/emergency-lines";
import { formatMiles, kmToMiles } from "~/domain/geo";
import { osmUrl, wallClockIn, vetsToGoTo, type VetSearch, type VetToGoTo } from "~/domain/nearby-places";
import {
  currentPosition,
  fetchNearbyPlaces,
  fetchPlacesNear,
  NEARBY_ERRORS,
  NearbyError,
} from "~/components/nearby/nearby-api";

type Vet = VetToGoTo;
type State =
  | { step: "idle" | "locating" }
  | { step: "searching"; near?: string }
  | { step: "found"; vets: Vet[]; others: number; radiusKm: number; near?: string }
  | { step: "failed"; message: string; fromLocation?: boolean };

/** Enough to choose from in a hurry. */
const SHOWN = 5;

/**
 * The search by place is a GET form to this page, which the server answers (for visitors
 * without JavaScript; with it, the list searches in place).
 */
export const VETS_NEAR_PATH = "/emergency/vets";

/**
 * The server's search by place (?near=…), given by the page that rendered it
 * (routes/emergency/vets-near.tsx) to the list inside its EmergencyHelp; null elsewhere.
 */
export const VetSearchContext = createContext<VetSearch | null>(null);

function initialState(search: VetSearch | null): State {
  if (!search) return { step: "idle" };
  if (!search.found) return { step: "failed", message: search.message };
  const { vets, others, radiusKm, near } = search;
  return { step: "found", vets, others, radiusKm, near };
}

const LOCATION_ERRORS: readonly string[] = [
  NEARBY_ERRORS.unsupported,
  NEARBY_ERRORS.denied,
  NEARBY_ERRORS.unavailable,
  NEARBY_ERRORS.locationTimeout,
];

/**
 * "Find emergency vets near me": on request, the browser's position, then OpenStreetMap's
 * vets near it (our /api/nearby) that take emergencies or are open now. Or a town or postcode
 * typed in: a GET form to /emergency/vets?near=…, which the server answers without JavaScript
 * (VetSearchContext), searched in place with it. Says clearly when there is none, and sends the
 * owner to the phone lines above it.
 */
export function EmergencyVets({ now = () => new Date() }: { now?: () => Date }) {
  const served = use(VetSearchContext);
  const view = use(LinesViewContext);
  // Where else to look when the map finds no vet: named from the country's lines.
  const whereElse = `Meanwhile, ${lowerFirst(whereElseToLook(view.status === "lines" ? view.lines : []))}`;
  const hydrated = useHydrated();
  const inputId = useId();
  const [state, setState] = useState<State>(() => initialState(served));
  const search = useRef<AbortController | null>(null);
  useEffect(() => () => search.current?.abort(), []);
  const busy = state.step === "locating" || state.step === "searching";

  function begin(next: State) {
    const controller = new AbortController();
    search.current = controller;
    setState(next);
    return controller;
  }

  function fail(error: unknown) {
    const message = error instanceof NearbyError ? error.message : NEARBY_ERRORS.failed;
    setState({ step: "failed", message, fromLocation: LOCATION_ERRORS.includes(message) });
  }

  async function findNearMe() {
    if (busy) return;
    const controller = begin({ step: "locating" });
    try {
      const position = await currentPosition();
      if (controller.signal.aborted) return;
      setState({ step: "searching" });
      const answer = await fetchNearbyPlaces(position, controller.signal);
      if (controller.signal.aborted) return;
      setState({ step: "found", radiusKm: answer.radiusKm, ...vetsToGoTo(answer.places, position, now()) });
    } catch (error) {
      if (!controller.signal.aborted) fail(error);
    }
  }

  async function findNearPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = String(new FormData(event.currentTarget).get("near") ?? "");
    const controller = begin({ step: "searching", near: text.trim() });
    try {
      const answer = await fetchPlacesNear(text, controller.signal);
      if (controller.signal.aborted) return;
      setState({
        step: "found",
        radiusKm: answer.radiusKm,
        near: answer.near.name,
        // The place's clock, not the visitor's (it may be elsewhere): as the server reads it.
        ...vetsToGoTo(answer.places, answer.near, wallClockIn(answer.near.timeZone, now())),
      });
    } catch (error) {
      if (!controller.signal.aborted) fail(error);
    }
  }

  return (
    <div id="vets" data-testid="emergency-vets" className="scroll-mt-32">
      <p className="text-ink-700">
        {hydrated
          ? "We look on OpenStreetMap for vets near you that take emergencies or are open right now. Your browser will ask to share your location; we only receive it rounded to about half a mile. Or type a town or postcode."
          : "Type a town or postcode and we look on OpenStreetMap for vets near it that take emergencies or are open right now."}
      </p>
      {/* The browser's position needs JavaScript: without it, the search by place is all there is. */}
      {hydrated ? (
        // aria-disabled rather than disabled: keyboard focus stays on the button mid-search.
        <Button
          className="mt-3 aria-disabled:opacity-60 max-sm:h-auto max-sm:min-h-11 max-sm:w-full max-sm:py-2 max-sm:whitespace-normal"
          onClick={findNearMe}
          aria-disabled={busy || undefined}
        >
          <Icon name="map-pin" />
          Find emergency vets near me
        </Button>
      ) : null}
      <form
        method="get"
        action={`${VETS_NEAR_PATH}#vets`}
        role="search"
        aria-label="Vets near a town or postcode"
        className="mt-3"
        onSubmit={findNearPlace}
      >
        <Label htmlFor={inputId}>{hydrated ? "Or search near a town or postcode" : "Town or postcode"}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            name="near"
            type="search"
            required
            minLength={2}
            maxLength={100}
            autoComplete="postal-code"
            enterKeyHint="search"
            defaultValue={served?.query}
            className="min-w-0 flex-1"
          />
          <Button
            type="submit"
            variant={hydrated ? "secondary" : "primary"}
            className="shrink-0 aria-disabled:opacity-60"
            aria-disabled={busy || undefined}
          >
            Search
          </Button>
        </div>
      </form>
      <p role="status" className="mt-3 flex items-center gap-2 empty:mt-0">
        {busy ? <Spinner className="size-5 text-brand-700" /> : null}
        {statusText(state, whereElse)}
      </p>
      {state.step === "failed" ? (
        <FormMessage
          tone="error"
          title="No vets to show."
          description={`${state.message}${state.fromLocation ? " Or type a town or postcode above." : ""} ${whereElse}`}
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

const lowerFirst = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

function statusText(state: State, whereElse: string) {
  if (state.step === "locating") return "Finding your location…";
  if (state.step === "searching")
    return state.near ? `Looking for vets near “${state.near}”…` : "Looking for vets near you…";
  if (state.step !== "found") return "";
  const within = `within about ${Math.round(kmToMiles(state.radiusKm))} miles${state.near ? ` of ${state.near}` : ""}`;
  const others =
    state.others > 0
      ? ` ${state.others} other ${state.others === 1 ? "vet is" : "vets are"} nearby but closed now or with hours we cannot read.`
      : "";
  if (state.vets.length === 0)
    return `No vet open now or marked as an emergency clinic was found on OpenStreetMap ${within}.${others} ${whereElse}`;
  const count = state.vets.length;
  return `Found ${count} ${count === 1 ? "vet" : "vets"} open now or taking emergencies ${within}, nearest first.${others}`;
}

function VetItem({ vet }: { vet: Vet }) {
  return (
    // On a phone the distance and the call button go below the name, never squeezing it.
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
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
      <div className="flex shrink-0 items-center justify-between gap-2 sm:flex-col sm:items-end">
        <p className="text-sm font-semibold whitespace-nowrap text-brand-800">
          {formatMiles(vet.distanceMiles)}
          <span className="sr-only"> away</span>
        </p>
        {vet.phone ? (
          <a
            href={`tel:${vet.phone.replace(/[^\d+]/g, "")}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Icon name="phone" className="size-4" />
            <span className="whitespace-nowrap">
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
