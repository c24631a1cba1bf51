import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { CONSULTATION_STATUS_LABELS, type ConsultationStatus } from "~/domain/consultations";
import type { ConsultationRefusal } from "./booking-form";
import type { DayOfTimes } from "./format";
import { TimePicker } from "./time-picker";
import { useFormInFlight } from "./use-form-in-flight";

export type ListedConsultation = {
  id: string;
  petName: string;
  vetName: string;
  reason: string;
  status: ConsultationStatus;
  when: string;
  changeable: boolean;
  moveDays: DayOfTimes[];
};

/** One consultation of the owner's list, with its move and cancel forms while it can change. */
export function ConsultationItem({
  consultation,
  timeZone,
  failed,
}: {
  consultation: ListedConsultation;
  timeZone: string;
  failed?: ConsultationRefusal;
}) {
  const moving = useFormInFlight({ intent: "move", id: consultation.id });
  const cancelling = useFormInFlight({ intent: "cancel", id: consultation.id });
  return (
    <li id={`consultation-${consultation.id}`} data-testid="consultation">
      <Card className="p-4">
        <p className="font-semibold text-ink-900">
          {consultation.petName} with {consultation.vetName}
        </p>
        <p className="text-ink-700">{consultation.when}</p>
        <p className="mt-1 text-sm text-ink-600">
          {CONSULTATION_STATUS_LABELS[consultation.status]} · {consultation.reason}
        </p>
        {failed ? (
          <FormMessage tone="error" title="Not changed." description={failed.error} className="mt-3" />
        ) : null}
        {consultation.status !== "cancelled" ? (
          <Link
            to={`/consultations/${consultation.id}`}
            className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-4"
          >
            {consultation.status === "ended" ? "See the vet's notes" : "Open the consultation room"}
          </Link>
        ) : null}
        {consultation.changeable ? (
          <div className="mt-3 space-y-3">
            <details>
              <summary className="cursor-pointer text-sm font-semibold text-ink-900">
                Move to another time
              </summary>
              <Form
                method="post"
                className="mt-2 space-y-3"
                aria-label="Move the consultation"
                onSubmit={(event) => {
                  if (moving || cancelling) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={consultation.id} />
                <input type="hidden" name="timeZone" value={timeZone} />
                <TimePicker
                  name="startsAt"
                  days={failed?.nextDays ?? consultation.moveDays}
                  legend={`${consultation.vetName}'s free times`}
                />
                <Button type="submit" size="sm" variant="secondary" aria-disabled={moving || undefined}>
                  {moving ? "Moving…" : "Move"}
                </Button>
              </Form>
            </details>
            <Form
              method="post"
              aria-label="Cancel the consultation"
              onSubmit={(event) => {
                if (moving || cancelling) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="id" value={consultation.id} />
              <input type="hidden" name="timeZone" value={timeZone} />
              <Button type="submit" size="sm" variant="secondary" aria-disabled={cancelling || undefined}>
                {cancelling ? "Cancelling…" : "Cancel this consultation"}
              </Button>
            </Form>
          </div>
        ) : consultation.status === "booked" ? (
          <p className="mt-2 text-sm text-ink-600">
            It starts in less than 2 hours: it can no longer be moved or cancelled.
          </p>
        ) : null}
      </Card>
    </li>
  );
}
