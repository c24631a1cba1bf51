import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ignoreSubmitWhile, useSubmitting } from "~/components/ui/use-submitting";
import {
  CONSULTATION_STATUS_LABELS,
  TOO_LATE_TO_CHANGE,
  type ConsultationStatus,
} from "~/domain/consultations";
import { firstProblem } from "~/domain/forms";
import type { ConsultationRefusal } from "./booking-form";
import { CancelConfirmForm, cancelNote, cancelQuestion } from "./cancel-confirm";
import type { DayOfTimes } from "./format";
import { TimePicker } from "./time-picker";

const loadCancelDialog = () => import("./cancel-dialog");
const CancelDialog = lazy(loadCancelDialog);

export type ListedConsultation = {
  id: string;
  petName: string;
  vetName: string;
  reason: string;
  status: ConsultationStatus;
  when: string;
  changeable: boolean;
  /**
   * While it is being moved (`?move=` its id): every free time of its vet in the next 14 days,
   * by day, as the booking form shows them; null otherwise (the page does not carry them all).
   */
  moveDays: DayOfTimes[] | null;
  /** Its cancel asks to be confirmed (`?cancel=` its id): the question in the page, without JavaScript too. */
  confirmingCancel: boolean;
};

/**
 * The page's address with `name` set to this consultation (or neither step open), keeping the
 * rest (?vet=, ?tz=), scrolled to it.
 */
function useStepLink(id: string) {
  const [params] = useSearchParams();
  return (name?: "move" | "cancel") => {
    const next = new URLSearchParams(params);
    next.delete("move");
    next.delete("cancel");
    if (name) next.set(name, id);
    const search = next.toString();
    return { search: search ? `?${search}` : "", hash: `consultation-${id}` };
  };
}

const stepLinkClass = "text-sm font-semibold text-brand-800 underline underline-offset-4";

/**
 * The consultation's item takes focus when its step changes (the move's times open or close, the
 * cancel's question opens or closes, it is cancelled): the link or button that was used is gone,
 * and focus must not fall back to the page's start.
 */
function useKeptInFocus(step: string) {
  const item = useRef<HTMLLIElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    item.current?.focus({ preventScroll: true });
  }, [step]);
  return item;
}

/**
 * One consultation of the owner's list. While it can change: "Move to another time" opens its
 * vet's free times (a page of its own, `?move=`), and "Cancel this consultation" asks first: in
 * a dialog with JavaScript, in the page (`?cancel=`) without.
 */
export function ConsultationItem({
  consultation,
  timeZone,
  failed,
}: {
  consultation: ListedConsultation;
  timeZone: string;
  failed?: ConsultationRefusal;
}) {
  const moving = useSubmitting({ intent: "move", id: consultation.id }, { untilLoaded: true });
  const cancelling = useSubmitting({ intent: "cancel", id: consultation.id }, { untilLoaded: true });
  const problem = failed && firstProblem(failed);
  const stepLink = useStepLink(consultation.id);
  const item = useKeptInFocus(
    `${consultation.moveDays ? "move" : consultation.confirmingCancel ? "cancel" : ""} ${consultation.status}`,
  );
  return (
    <li
      ref={item}
      id={`consultation-${consultation.id}`}
      tabIndex={-1}
      data-testid="consultation"
      className="focus:outline-none"
    >
      <Card className="p-4">
        <p className="font-semibold text-ink-900">
          {consultation.petName} with {consultation.vetName}
        </p>
        <p className="text-ink-700">{consultation.when}</p>
        <p className="mt-1 text-sm text-ink-600">
          {CONSULTATION_STATUS_LABELS[consultation.status]} · {consultation.reason}
        </p>
        {problem ? (
          <FormMessage tone="error" title="Not changed." description={problem} className="mt-3" />
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
            {consultation.moveDays ? (
              <Form
                method="post"
                className="space-y-3"
                aria-label="Move the consultation"
                onSubmit={ignoreSubmitWhile(moving || cancelling)}
              >
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={consultation.id} />
                <input type="hidden" name="timeZone" value={timeZone} />
                <TimePicker
                  name="startsAt"
                  // After a refusal that came without the page's times reloaded: the next free ones.
                  days={consultation.moveDays.length > 0 ? consultation.moveDays : (failed?.nextDays ?? [])}
                  legend={`${consultation.vetName}'s free times`}
                />
                <div className="flex flex-wrap items-center gap-4">
                  <Button type="submit" size="sm" variant="secondary" aria-disabled={moving || undefined}>
                    {moving ? "Moving…" : "Move"}
                  </Button>
                  <Link to={stepLink()} preventScrollReset className={stepLinkClass}>
                    Keep this time
                  </Link>
                </div>
              </Form>
            ) : (
              <Link to={stepLink("move")} preventScrollReset className={`block ${stepLinkClass}`}>
                Move to another time
              </Link>
            )}
            {consultation.confirmingCancel ? (
              <div
                role="group"
                aria-labelledby={`cancel-question-${consultation.id}`}
                className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
              >
                <p id={`cancel-question-${consultation.id}`} className="font-semibold text-ink-900">
                  {cancelQuestion(consultation)}
                </p>
                <p className="mt-1 text-sm text-ink-700">{cancelNote(consultation)}</p>
                <CancelConfirmForm
                  consultation={consultation}
                  timeZone={timeZone}
                  keep={
                    <Link
                      to={stepLink()}
                      preventScrollReset
                      className={buttonVariants({ variant: "secondary", size: "sm" })}
                    >
                      Keep it
                    </Link>
                  }
                />
              </div>
            ) : (
              <CancelButton
                consultation={consultation}
                timeZone={timeZone}
                to={stepLink("cancel")}
                busy={cancelling}
              />
            )}
          </div>
        ) : consultation.status === "booked" ? (
          <p className="mt-2 text-sm text-ink-600">{TOO_LATE_TO_CHANGE.starting}</p>
        ) : null}
      </Card>
    </li>
  );
}

/**
 * "Cancel this consultation": a link to the page's confirmation until the page runs JavaScript,
 * then a button that opens the confirmation dialog (its code fetched on the way: hover, focus).
 */
function CancelButton({
  consultation,
  timeZone,
  to,
  busy,
}: {
  consultation: ListedConsultation;
  timeZone: string;
  to: { search: string; hash: string };
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = busy ? "Cancelling…" : "Cancel this consultation";
  if (!hydrated) {
    return (
      <Link to={to} className={buttonVariants({ variant: "secondary", size: "sm" })}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button
        ref={button}
        type="button"
        size="sm"
        variant="secondary"
        aria-haspopup="dialog"
        aria-disabled={busy || undefined}
        onPointerEnter={() => void loadCancelDialog()}
        onFocus={() => void loadCancelDialog()}
        onClick={() => {
          if (!busy) setOpen(true);
        }}
      >
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CancelDialog
            consultation={consultation}
            timeZone={timeZone}
            onClose={() => setOpen(false)}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
