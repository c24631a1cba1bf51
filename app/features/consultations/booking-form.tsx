import { Form, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Select, Textarea } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { ignoreSubmitWhile, useSubmitting } from "~/components/ui/use-submitting";
import { BOOKING_RULES, CONSULTATION_LIMITS, FIRST_AVAILABLE } from "~/domain/consultations";
import { firstProblem, type FormReply } from "~/domain/forms";
import type { DayOfTimes } from "./format";
import { TimePicker } from "./time-picker";

/**
 * A refused booking, move or cancel as the page's action answers it (`id`: the consultation
 * moved or cancelled). A booking's `values` are what it sent, back in the form: the pet, the
 * reason, the time chosen. A time taken meanwhile comes with the next free ones.
 */
export type ConsultationRefusal = FormReply<string> & {
  intent: string;
  id?: string;
  nextDays?: DayOfTimes[];
};

export type BookingFormProps = {
  pets: readonly { id: string; name: string }[];
  vets: readonly { id: string; displayName: string; region: string }[];
  /** The vet whose times are shown, or FIRST_AVAILABLE. */
  vet: string;
  days: readonly DayOfTimes[];
  timeZone: string;
  failed?: ConsultationRefusal;
};

/** Which vet's times, then the pet, the reason and a free time; a second submit in flight is ignored. */
export function BookingForm({ pets, vets, vet, days, timeZone, failed }: BookingFormProps) {
  const busy = useSubmitting({ intent: "book" }, { untilLoaded: true });
  const problem = failed && firstProblem(failed);
  // A zone picked with ?tz= (without JavaScript) stays when another vet is chosen.
  const [params] = useSearchParams();
  const chosenZone = params.get("tz");
  return (
    <div className="mt-6 space-y-6">
      {/*
       * Which vet's times to show: a GET form sent by its button (with or without JavaScript),
       * not on change: a keyboard user moving through the list would load a page at every arrow.
       */}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Whose times">
        {chosenZone ? <input type="hidden" name="tz" value={chosenZone} /> : null}
        <Field id="consult-vet" label="With which vet?">
          {(control) => (
            <Select {...control} name="vet" defaultValue={vet}>
              <option value={FIRST_AVAILABLE}>First available</option>
              {vets.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.displayName}
                  {one.region ? `, licensed in ${one.region}` : ""}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary">
          Show times
        </Button>
      </Form>
      <Form
        method="post"
        className="space-y-4"
        aria-label="Book a consultation"
        onSubmit={ignoreSubmitWhile(busy)}
      >
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="vet" value={vet} />
        <input type="hidden" name="timeZone" value={timeZone} />
        {problem ? <FormMessage tone="error" title="Not booked." description={problem} /> : null}
        {failed?.nextDays ? (
          <div data-testid="next-times">
            <TimePicker name="startsAt" days={failed.nextDays} legend="The next free times" />
          </div>
        ) : null}
        <Field id="consult-pet" label="Which pet?">
          {(control) => (
            <Select {...control} name="petId" defaultValue={failed?.values.petId ?? pets[0]?.id}>
              {pets.map((pet) => (
                <option key={pet.id} value={pet.id}>
                  {pet.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="consult-reason" label="What would you like to talk about?" hint="A few words for the vet.">
          {(control) => (
            <Textarea
              {...control}
              name="reason"
              required
              maxLength={CONSULTATION_LIMITS.reason}
              defaultValue={failed?.values.reason}
            />
          )}
        </Field>
        <p className="text-sm text-ink-700" data-testid="booking-rules">
          {BOOKING_RULES}
        </p>
        {failed?.nextDays ? null : (
          <TimePicker
            name="startsAt"
            days={days}
            legend={vet === FIRST_AVAILABLE ? "Free times (any vet)" : "Free times"}
            defaultValue={failed?.values.startsAt}
          />
        )}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? "Booking…" : "Book this time"}
        </Button>
      </Form>
    </div>
  );
}
