import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { Icon } from "~/components/ui/icon";
import { PlanLocked } from "~/components/ui/plan-locked";
import { Spinner } from "~/components/ui/spinner";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import {
  bookVisitSchema,
  CONFIRM_WITH_CLINIC,
  NOT_BOOKED_BY_PAWPAL,
  telUrl,
  type BookingChoices,
  type BookVisitAnswer,
} from "~/domain/appointments";
import type { SessionUser } from "~/domain/auth";
import type { Place } from "~/domain/nearby";
import type { PetChoice } from "~/domain/pets";
import { latestPlannedDate, RECORD_LIMITS } from "~/domain/records";

/** One load of the account's pets for every clinic's form (fetchers with a key share their data). */
const PETS_FETCHER = "book-visit-pets";

/**
 * "Book a visit" on a clinic of the nearby list: a form that keeps an appointment there in one
 * of the account's pets' records (the pet's page, intent "book-visit"), and says plainly that
 * the owner confirms it with the clinic: PawPal books nothing outside. Signed out, it says how
 * to sign in; on a plan without vet booking, which plans have it.
 */
export function BookVisit({ place }: { place: Place }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-2">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="calendar-days" />
        Book a visit<span className="sr-only">: {place.name}</span>
      </Button>
      <div id={panelId} hidden={!open} className="mt-3 rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100">
        {open ? <BookVisitPanel place={place} /> : null}
      </div>
    </div>
  );
}

function BookVisitPanel({ place }: { place: Place }) {
  const user = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user;
  if (!user) {
    return (
      <p className="text-sm text-ink-700">
        <Link to="/auth" className="font-semibold text-brand-800 underline underline-offset-4">
          Log in or sign up
        </Link>{" "}
        to keep an appointment at {place.name} in your pet's records, with a reminder.
      </p>
    );
  }
  return <Choices place={place} />;
}

function Choices({ place }: { place: Place }) {
  const pets = useFetcher<{ booking?: BookingChoices }>({ key: PETS_FETCHER });
  const { load, state } = pets;
  const loaded = pets.data?.booking;
  useEffect(() => {
    if (!loaded && state === "idle") void load("/pets");
  }, [loaded, state, load]);

  if (!loaded) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-700">
        <Spinner className="size-5 text-brand-700" /> Loading your pets…
      </p>
    );
  }
  if (loaded.locked) return <PlanLocked sentence={loaded.locked} />;
  if (loaded.pets.length === 0) {
    return (
      <p className="text-sm text-ink-700">
        Add your pet on{" "}
        <Link to="/pets" className="font-semibold text-brand-800 underline underline-offset-4">
          My pets
        </Link>{" "}
        first, then book a visit for them here.
      </p>
    );
  }
  return <BookVisitForm place={place} pets={loaded.pets} />;
}

/** Today in the browser's own time zone, YYYY-MM-DD (the date field's earliest day). */
function localToday() {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function BookVisitForm({ place, pets }: { place: Place; pets: PetChoice[] }) {
  const id = useId();
  const book = useFetcher<BookVisitAnswer>();
  const [petId, setPetId] = useState(pets[0]!.id);
  const answer = book.state === "idle" ? book.data : undefined;
  const { errors, formProps } = useValidatedForm(bookVisitSchema, { result: answer });
  const busy = book.state !== "idle";
  // The clinic's details travel as the list has them; a problem with one is the list's, not the owner's.
  const clinicProblem = errors.clinic ?? errors.phone ?? errors.website ?? errors.address;
  const petName = pets.find((pet) => pet.id === petId)?.name ?? "your pet";

  return (
    <book.Form
      {...formProps}
      method="post"
      action={`/pets/${petId}`}
      aria-label={`Book a visit at ${place.name}`}
      className="grid gap-4"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="book-visit" />
      <input type="hidden" name="clinic" value={place.name.slice(0, RECORD_LIMITS.clinic)} />
      <input type="hidden" name="phone" value={place.phone ?? ""} />
      <input type="hidden" name="website" value={place.website ?? ""} />
      <input type="hidden" name="address" value={place.address ?? ""} />
      <div className="text-sm text-ink-800">
        <p>{NOT_BOOKED_BY_PAWPAL}</p>
        <p className="mt-2 font-semibold text-ink-900">{CONFIRM_WITH_CLINIC}</p>
        <ClinicContactLinks place={place} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-pet`} label="Pet">
          {(props) => (
            <Select {...props} value={petId} onChange={(event) => setPetId(event.currentTarget.value)}>
              {pets.map((pet) => (
                <option key={pet.id} value={pet.id}>
                  {pet.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-title`} label="Reason" error={errors.title}>
          {(props) => (
            <Input {...props} name="title" required maxLength={RECORD_LIMITS.title} autoComplete="off" />
          )}
        </Field>
        <Field id={`${id}-date`} label="Date" error={errors.date}>
          {(props) => (
            <Input {...props} name="date" type="date" required min={localToday()} max={latestPlannedDate()} />
          )}
        </Field>
        <Field id={`${id}-time`} label="Time" error={errors.time}>
          {(props) => <Input {...props} name="time" type="time" step={60} required />}
        </Field>
      </div>
      {clinicProblem ? (
        <FormMessage
          tone="error"
          title="This clinic's details cannot be saved."
          description={clinicProblem}
        />
      ) : null}
      <div>
        <Button type="submit" aria-disabled={busy || undefined}>
          <Icon name="calendar-days" /> {busy ? "Saving…" : `Add to ${petName}'s records`}
        </Button>
      </div>
    </book.Form>
  );
}

/** The clinic's phone (a tel: link) and website, or that OpenStreetMap has neither. */
function ClinicContactLinks({ place }: { place: Place }) {
  const link = "font-semibold text-brand-800 underline underline-offset-4";
  if (!place.phone && !place.website) {
    return <p className="mt-1">OpenStreetMap has no phone number or website for this clinic.</p>;
  }
  return (
    <ul className="mt-1 space-y-0.5 break-words">
      {place.phone ? (
        <li>
          Phone:{" "}
          <a href={telUrl(place.phone)} className={link}>
            {place.phone}
          </a>
        </li>
      ) : null}
      {place.website ? (
        <li>
          Website:{" "}
          <a href={place.website} target="_blank" rel="nofollow noopener noreferrer" className={link}>
            {place.website}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
