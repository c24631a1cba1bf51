import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/console";
import { DUTY_STALE_MS } from "~/domain/staff";
import {
  listQueue,
  listVetConversations,
  type QueuedConversation,
} from "~/backend/chat/conversation-lists.server";
import { takeConversation } from "~/backend/chat/conversations.server";
import { answerRefusal } from "~/backend/chat/vet-care.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import {
  availabilityOf,
  changeDayOff,
  requireVet,
  setOnDuty,
  setWeeklyHours,
} from "~/backend/staff/staff.server";
import {
  consultationTimes,
  dayHoursSchema,
  dayOffSchema,
  formatInZone,
  timeZoneSchema,
  WEEKDAY_NAMES,
  WEEK_ORDER,
  type Availability,
  type DayHours,
} from "~/domain/availability";
import { ConsultationHours } from "~/features/vet/consultation-hours";
import { formatDateTime, formatWhen } from "~/domain/time-format";
import { resultFor } from "~/domain/forms";
import { viewerTimeZone } from "~/domain/time-zone";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { z } from "~/utils/zod";
import { listVetConsultations } from "~/backend/consultations/consultations.server";
import { takeDayOff } from "~/backend/consultations/vet-cancellations.server";
import { CONSULTATION_STATUS_LABELS } from "~/domain/consultations";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { BRAND } from "~/content/site";
import { PET_TYPE_LABELS } from "~/domain/pets";
import { ageInMonths } from "~/domain/records";
import { reasonsOf } from "~/domain/triage";
import { useLiveChannel } from "~/features/chat/use-live-chat";
import { formatAge } from "~/domain/pet-format";
import { ArrivalSound } from "~/features/vet/arrival-sound";
import { WaitingQueue, type WaitingEntry } from "~/features/vet/waiting-queue";
import { idOrNotFound } from "~/backend/forms.server";

export const meta: Route.MetaFunction = () => [
  { title: `Vet console | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

/** Vets only (anyone else gets the 404 page): the on-duty switch, the live queue, their conversations. */
export async function loader({ request }: Route.LoaderArgs) {
  const vet = await requireVet(request);
  const [queue, mine, availability, consultations] = await Promise.all([
    listQueue(),
    listVetConversations(vet.id),
    availabilityOf(vet.id),
    listVetConsultations(vet.id),
  ]);
  const now = new Date();
  const times = consultationTimes(availability, now);
  return data({
    availability,
    hours: {
      count: times.length,
      next: times.slice(0, 3).map((time) => formatInZone(time, availability.timeZone)),
      zones: ["UTC", ...Intl.supportedValuesOf("timeZone")],
      ...hoursZone(availability, request),
    },
    vet: { displayName: vet.displayName, region: vet.region, onDuty: vet.onDuty },
    queue: queue.map((one) => waitingEntry(one, vet.onDuty, now)),
    // "Waiting 12 min" counts from the server's clock (the page moves it on with its own).
    now: now.toISOString(),
    mine: mine.map((one) => ({ ...one, createdAt: one.createdAt.toISOString() })),
    consultations: consultations.map((one) => ({
      id: one.id,
      petName: one.petName,
      reason: one.reason,
      status: one.status,
      startsAt: one.startsAt.toISOString(),
    })),
    // The zone the lists' times are shown in (the vet's browser's, not their hours' zone).
    timeZone: viewerTimeZone(request),
  });
}

/**
 * A waiting conversation as the queue shows it: its urgency and the signs that gave it, the pet
 * as its record says (species, breed, age), and, for a vet on duty, the first words and the
 * opening photo (the photo route lets vets on duty see it: mayReadPhoto).
 */
function waitingEntry(one: QueuedConversation, onDuty: boolean, now: Date): WaitingEntry {
  const months = ageInMonths(one.pet.birthDate, now.toISOString().slice(0, 10));
  return {
    id: one.id,
    createdAt: one.createdAt.toISOString(),
    urgency: one.urgency,
    reasons: reasonsOf({ signIds: one.signIds, urgency: one.urgency }),
    petName: one.pet.name,
    petLine: [PET_TYPE_LABELS[one.pet.type], one.pet.breed, months === null ? null : formatAge(months)]
      .filter(Boolean)
      .join(" · "),
    firstWords: onDuty ? one.firstWords : null,
    photo: onDuty && one.hasPhoto ? `/chat/${one.id}/photos/1` : null,
    hasPhoto: one.hasPhoto,
  };
}

/** The on-duty switch's form: "on" or "off". */
const dutyFormSchema = z.object({ onDuty: z.enum(["on", "off"]) });

const dayOffFormSchema = z.object({ day: dayOffSchema });

export async function action({ request }: Route.ActionArgs) {
  const vet = await requireVet(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "duty") {
    const submission = await parseSubmission(form, dutyFormSchema);
    if (!submission.ok) refuseForm();
    await setOnDuty(vet.id, submission.value.onDuty === "on");
    return data({ intent: "duty" as const, ok: true as const });
  }
  if (intent === "hours") return saveHours(vet.id, form);
  if (intent === "add-day-off" || intent === "remove-day-off") {
    const submission = await parseSubmission(form, dayOffFormSchema);
    if (!submission.ok) return data({ intent, ...submission.reply() }, submission.init);
    const { day } = submission.value;
    if (intent === "remove-day-off") {
      await changeDayOff(vet.id, day, false);
      return data({ intent, ok: true as const });
    }
    // The consultations booked that day are cancelled with it, each owner told.
    const cancelled = await takeDayOff(vet.id, day);
    return data({ intent, ok: true as const, cancelled });
  }
  if (intent === "take") {
    const id = idOrNotFound(form.get("conversationId"));
    const taken = await takeConversation(vet, id);
    if (!taken.ok) return answerRefusal(taken, { intent: "take" as const, formError: taken.error });
    throw redirect(`/chat/${id}`);
  }
  refuseForm();
}

/**
 * The zone the hours form offers: the vet's own once set; before (no hours saved yet: the
 * profile's default, UTC, with no hours) the viewer's (the pawpal_tz cookie or ?tz=, else UTC),
 * which the form replaces with the browser's own zone when it runs JavaScript.
 */
function hoursZone(availability: Availability, request: Request) {
  const zoneSet = availability.weekly.length > 0 || availability.timeZone !== "UTC";
  return { zone: zoneSet ? availability.timeZone : viewerTimeZone(request), zoneSet };
}

/** A weekday's range as the hours form sends it: `start-N` and `end-N` (both empty: none that day). */
function rangeOf(form: Record<string, string>, weekday: number) {
  return { start: form[`start-${weekday}`] ?? "", end: form[`end-${weekday}`] ?? "" };
}

/** The hours form: the zone, and each weekday's range, all checked before anything is stored. */
const hoursFormSchema = z
  .object({
    timeZone: timeZoneSchema.prefault(""),
    ...Object.fromEntries(
      WEEK_ORDER.flatMap((weekday) => [
        [`start-${weekday}`, z.string().prefault("")],
        [`end-${weekday}`, z.string().prefault("")],
      ]),
    ),
  })
  .superRefine((form, context) => {
    for (const weekday of WEEK_ORDER) {
      const hours = dayHoursSchema.safeParse(rangeOf(form, weekday));
      if (hours.success) continue;
      const message = `${WEEKDAY_NAMES[weekday]}: ${hours.error.issues[0]!.message}`;
      context.addIssue({ code: "custom", path: [`start-${weekday}`], message });
    }
  });

async function saveHours(vetId: string, form: FormData) {
  const submission = await parseSubmission(form, hoursFormSchema);
  if (!submission.ok) return data({ intent: "hours" as const, ...submission.reply() }, submission.init);
  const weekly: DayHours[] = WEEK_ORDER.flatMap((weekday) => {
    const { start, end } = dayHoursSchema.parse(rangeOf(submission.value, weekday));
    return start ? [{ weekday, start, end }] : [];
  });
  await setWeeklyHours(vetId, submission.value.timeZone, weekly);
  return data({ intent: "hours" as const, ok: true as const });
}

export default function VetConsole({ loaderData, actionData }: Route.ComponentProps) {
  const { vet, queue, mine } = loaderData;
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  useLiveChannel({ queue: true });
  const notTaken = resultFor(actionData, "take")?.formError;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-ink-900">Vet console</h1>
      <p className="mt-2 text-ink-700">
        {vet.displayName}, licensed in {vet.region}.
      </p>

      <Card className="mt-8">
        <Form method="post" className="flex flex-wrap items-center justify-between gap-4" aria-label="Duty">
          <input type="hidden" name="intent" value="duty" />
          <input type="hidden" name="onDuty" value={vet.onDuty ? "off" : "on"} />
          <p className="text-lg font-semibold text-ink-900" data-testid="duty-status">
            {vet.onDuty ? "You are on duty: new conversations appear below." : "You are off duty."}
          </p>
          <Button type="submit" variant={vet.onDuty ? "secondary" : "primary"}>
            {vet.onDuty ? "Go off duty" : "Go on duty"}
          </Button>
        </Form>
        {vet.onDuty ? (
          <p className="mt-4 text-sm text-ink-700">
            <Link to="/account/notifications" className="font-semibold text-brand-700 underline">
              Get a notification when a conversation is waiting
            </Link>
            , even with this tab closed. With none of your PawPal pages open for {DUTY_STALE_MS / 60_000}{" "}
            minutes, your duty ends by itself and a mail tells you.
          </p>
        ) : null}
        {vet.onDuty ? <ArrivalSound waitingIds={queue.map((entry) => entry.id)} /> : null}
      </Card>

      {notTaken ? (
        <FormMessage tone="error" title="Not taken." description={notTaken} className="mt-6" />
      ) : null}

      <section aria-labelledby="queue-title" className="mt-8">
        <h2 id="queue-title" className="text-2xl font-bold text-ink-900">
          Waiting for a vet ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-2 text-ink-700">Nobody is waiting.</p>
        ) : (
          <WaitingQueue entries={queue} now={loaderData.now} onDuty={vet.onDuty} />
        )}
      </section>

      <section aria-labelledby="consultations-title" className="mt-10">
        <h2 id="consultations-title" className="text-2xl font-bold text-ink-900">
          Your video consultations
        </h2>
        {loaderData.consultations.length === 0 ? (
          <p className="mt-2 text-ink-700">None booked yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100 rounded-xl bg-white ring-1 ring-ink-100">
            {loaderData.consultations.map((one) => (
              <li key={one.id} className="px-4 py-3" data-testid="vet-consultation">
                <div className="flex flex-wrap justify-between gap-2">
                  <Link
                    to={`/consultations/${one.id}`}
                    className="font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {one.petName}: <time dateTime={one.startsAt}>{formatWhen(one.startsAt, timeZone)}</time>
                  </Link>
                  <span className="text-sm text-ink-600">{CONSULTATION_STATUS_LABELS[one.status]}</span>
                </div>
                <p className="mt-1 text-sm text-ink-700">{one.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConsultationHours
        timeZone={loaderData.hours.zone}
        suggestBrowserZone={!loaderData.hours.zoneSet}
        weekly={loaderData.availability.weekly}
        daysOff={loaderData.availability.daysOff}
        next={loaderData.hours.next}
        count={loaderData.hours.count}
        zones={loaderData.hours.zones}
        result={
          resultFor(actionData, "hours") ??
          resultFor(actionData, "add-day-off") ??
          resultFor(actionData, "remove-day-off")
        }
      />

      <section aria-labelledby="mine-title" className="mt-10">
        <h2 id="mine-title" className="text-2xl font-bold text-ink-900">
          Your conversations
        </h2>
        {mine.length === 0 ? (
          <p className="mt-2 text-ink-700">None yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100 rounded-xl bg-white ring-1 ring-ink-100">
            {mine.map((one) => (
              <li key={one.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <Link
                  to={`/chat/${one.id}`}
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  {one.petName}
                </Link>
                <span className="text-sm text-ink-600">
                  {one.status === "ended" ? "Ended" : "Going on"} ·{" "}
                  <time dateTime={one.createdAt}>{formatDateTime(one.createdAt, timeZone)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
