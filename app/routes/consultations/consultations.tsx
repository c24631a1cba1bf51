import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/consultations";
import { requireUser } from "~/backend/auth/session.server";
import { planOf, petsWhereAllowed } from "~/backend/billing/plans.server";
import {
  bookConsultation,
  cancelConsultation,
  moveConsultation,
} from "~/backend/consultations/booking.server";
import {
  freeTimes,
  listBookableVets,
  listOwnerConsultations,
  type FreeTime,
} from "~/backend/consultations/consultations.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { answerRefusal } from "~/backend/chat/vet-care.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { listAccessiblePets } from "~/backend/pets.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PlanLocked } from "~/components/ui/plan-locked";
import { BRAND } from "~/content/site";
import { isTimeZone } from "~/domain/availability";
import {
  bookingFormSchema,
  CONSULTATION_LIMITS,
  FIRST_AVAILABLE,
  isChangeable,
  moveFormSchema,
} from "~/domain/consultations";
import { allows, upgradeSentence } from "~/domain/plans";
import { BookingForm } from "~/features/consultations/booking-form";
import { ConsultationItem, type ListedConsultation } from "~/features/consultations/consultation-item";
import { groupByDay } from "~/features/consultations/format";
import { formatWhen } from "~/domain/time-format";
import { useBrowserTimeZone } from "~/features/consultations/use-browser-time-zone";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { z } from "~/utils/zod";
import { idSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = () => [
  { title: `Vet consultations by video — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** Premium owners (and their family members) book a 15-minute video consultation about one of their pets. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const timeZone = viewerTimeZone(request);
  const now = new Date();
  const [pets, plan, vets, consultations] = await Promise.all([
    listAccessiblePets(user.id),
    planOf(user.id),
    listBookableVets(),
    listOwnerConsultations(user.id, now),
  ]);
  const allowed = await petsWhereAllowed(pets, "consultations");
  const open = allowed.length > 0 || (pets.length === 0 && allows(plan, "consultations"));
  const params = new URL(request.url).searchParams;
  const asked = params.get("vet");
  const vet = vets.some((one) => one.id === asked) ? asked! : FIRST_AVAILABLE;
  const times = open ? await freeTimes(vets, now, vet === FIRST_AVAILABLE ? undefined : vet) : [];
  // The consultation being moved (its vet's free times shown) or whose cancel asks to be confirmed.
  const moving = params.get("move");
  const confirming = params.get("cancel");
  const listed = await Promise.all(
    consultations.map(async (one): Promise<ListedConsultation> => {
      const changeable = one.status === "booked" && isChangeable(one.startsAt, now);
      // Every free time of its vet in the next 14 days, as booking offers them: only for the one
      // being moved, so the page does not carry hundreds of times for each consultation.
      const moveTimes =
        changeable && one.vetId && one.id === moving ? await freeTimes(vets, now, one.vetId) : null;
      return {
        id: one.id,
        petName: one.petName,
        vetName: one.vetName,
        reason: one.reason,
        status: one.status,
        when: formatWhen(one.startsAt, timeZone),
        changeable,
        moveDays: moveTimes
          ? groupByDay(
              moveTimes.map((time) => time.startsAt),
              timeZone,
            )
          : null,
        confirmingCancel: changeable && one.id === confirming,
      };
    }),
  );
  return data({
    timeZone,
    zones: ["UTC", ...Intl.supportedValuesOf("timeZone")],
    pets: allowed.map(({ id, name }) => ({ id, name })),
    hasPets: pets.length > 0,
    locked: open ? null : upgradeSentence("consultations"),
    vets: vets.map(({ id, displayName, region }) => ({ id, displayName, region })),
    vet,
    days: groupByDay(
      times.map((time) => time.startsAt),
      timeZone,
    ),
    consultations: listed,
  });
}

/** Refills a refused booking: the pet, the reason and the time chosen (it need not be picked again). */
const BOOKING_ECHO = { petId: 40, reason: CONSULTATION_LIMITS.reason + 100, startsAt: 40 };

/** A cancel: the consultation, and the answer to its question ("yes": confirmed). */
const cancelFormSchema = z.object({ id: idSchema, confirmed: z.string().optional() });

function nextDays(nextTimes: FreeTime[] | undefined, zone: string) {
  return nextTimes
    ? groupByDay(
        nextTimes.map((time) => time.startsAt),
        zone,
      )
    : undefined;
}

/** The zone the form was sent from (the browser's, in its own field), else the viewer's. */
function zoneOf(form: FormData, request: Request) {
  const sent = form.get("timeZone");
  return typeof sent === "string" && isTimeZone(sent) ? sent : viewerTimeZone(request);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const timeZone = zoneOf(form, request);
  if (intent === "book") {
    const submission = await parseSubmission(form, bookingFormSchema, { echo: BOOKING_ECHO });
    if (!submission.ok) return data({ intent: "book" as const, ...submission.reply() }, submission.init);
    const booked = await bookConsultation(user, submission.value, { timeZone });
    if (!booked.ok) {
      return answerRefusal(booked, {
        intent: "book" as const,
        ...submission.reply({ formError: booked.error }),
        nextDays: nextDays(booked.nextTimes, timeZone),
      });
    }
    return redirectWithFlash(
      request,
      `/consultations#consultation-${booked.consultationId}`,
      "consultationBooked",
    );
  }
  if (intent === "cancel") {
    const submission = await parseSubmission(form, cancelFormSchema);
    if (!submission.ok) refuseForm();
    const { id, confirmed } = submission.value;
    // Cancelling asks first: a cancel not confirmed (a page from before the question, a crafted
    // form) changes nothing and is shown the question.
    if (confirmed !== "yes") {
      const back = new URL(request.url).searchParams;
      back.delete("move");
      back.set("cancel", id);
      throw redirect(`/consultations?${back.toString()}#consultation-${id}`);
    }
    const cancelled = await cancelConsultation(user, id, { timeZone });
    if (!cancelled.ok) {
      return answerRefusal(cancelled, {
        intent: "cancel" as const,
        id,
        ...submission.reply({ formError: cancelled.error }),
      });
    }
    return redirectWithFlash(request, "/consultations", "consultationCancelled");
  }
  if (intent === "move") {
    const submission = await parseSubmission(form, moveFormSchema, { echo: { id: 36 } });
    if (!submission.ok) {
      const reply = submission.reply();
      // No consultation's id: a form no page sends.
      if (reply.errors.id) refuseForm();
      return data({ intent: "move" as const, id: reply.values.id, ...reply }, submission.init);
    }
    const { id, startsAt } = submission.value;
    const moved = await moveConsultation(user, id, startsAt, { timeZone });
    if (!moved.ok) {
      return answerRefusal(moved, {
        intent: "move" as const,
        id,
        ...submission.reply({ formError: moved.error }),
        nextDays: nextDays(moved.nextTimes, timeZone),
      });
    }
    return redirectWithFlash(request, `/consultations#consultation-${id}`, "consultationMoved");
  }
  refuseForm();
}

/**
 * After a time was taken meanwhile (409), the free times shown are loaded again, without it: a
 * refused action does not reload the page's data otherwise.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function ConsultationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locked, timeZone } = loaderData;
  useBrowserTimeZone(timeZone);
  // A refused move or cancel, shown on its consultation.
  const changed = actionData && "id" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
        Vet consultations by video
      </h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-700">
        Book 15 minutes with a vet and talk face to face from your browser: health, diet or behaviour
        questions. For an emergency, do not wait for a time:{" "}
        <Link to="/emergency" className="font-semibold text-brand-800 underline underline-offset-4">
          check the signs and find a clinic
        </Link>
        .
      </p>
      <TimeZoneLine timeZone={timeZone} zones={loaderData.zones} />
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-5">
        <section aria-labelledby="book-title" className="min-w-0 lg:col-span-3">
          <Card className="sm:p-8">
            <h2 id="book-title" className="text-2xl font-bold text-ink-900">
              Book a consultation
            </h2>
            {locked ? (
              <PlanLocked sentence={locked} className="mt-4" />
            ) : !loaderData.hasPets ? (
              <p className="mt-4 text-ink-800">
                First{" "}
                <Link to="/pets" className="font-semibold text-brand-800 underline underline-offset-4">
                  add your pet
                </Link>
                : the vet sees its profile and records during the call.
              </p>
            ) : loaderData.vets.length === 0 ? (
              <p className="mt-4 text-ink-800">No vet has consultation hours yet. Please look again soon.</p>
            ) : (
              <BookingForm
                pets={loaderData.pets}
                vets={loaderData.vets}
                vet={loaderData.vet}
                days={loaderData.days}
                timeZone={timeZone}
                failed={resultFor(actionData, "book")}
              />
            )}
          </Card>
        </section>
        {/* On a phone, what is booked comes before the long form. */}
        <section aria-labelledby="yours-title" className="min-w-0 max-lg:order-first lg:col-span-2">
          <h2 id="yours-title" className="text-2xl font-bold text-ink-900">
            Your consultations
          </h2>
          {loaderData.consultations.length === 0 ? (
            <p className="mt-3 text-ink-700">None yet.</p>
          ) : (
            <>
              <ul className="mt-3 space-y-3">
                {loaderData.consultations.map((one) => (
                  <ConsultationItem
                    key={one.id}
                    consultation={one}
                    timeZone={timeZone}
                    failed={changed?.id === one.id ? changed : undefined}
                  />
                ))}
              </ul>
              <p className="mt-4 text-sm text-ink-700">
                <Link to="/account/notifications" className="font-semibold text-brand-700 underline">
                  Get a notification when the room opens
                </Link>
                , on your phone or this computer.
              </p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The zone the times are in, named; without JavaScript, a way to pick another. */
function TimeZoneLine({ timeZone, zones }: { timeZone: string; zones: readonly string[] }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-2 text-sm text-ink-700">
      <p data-testid="time-zone">
        Times are shown in <strong className="text-ink-900">{timeZone.replaceAll("_", " ")}</strong> time.
      </p>
      <label htmlFor="tz-choice" className="sr-only">
        Show times in another time zone
      </label>
      <input
        id="tz-choice"
        name="tz"
        list="tz-zones"
        placeholder="Another zone, e.g. Europe/Paris"
        className="rounded-lg bg-white px-2 py-1 ring-1 ring-ink-300"
      />
      <datalist id="tz-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <Button type="submit" size="sm" variant="secondary">
        Show
      </Button>
    </Form>
  );
}
