import { useSyncExternalStore } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { isTimeZone, WEEK_ORDER, WEEKDAY_NAMES, type DayHours } from "~/domain/availability";
import { firstProblem, type FormReply } from "~/domain/forms";
import { browserTimeZone } from "~/components/time-zone/browser-time-zone";

/** The action's answer to the hours form or a day off's: refused, or saved. */
export type HoursResult =
  | FormReply<string>
  /** `cancelled`: consultations of a day just taken off, cancelled and their owners told. */
  | { ok: true; cancelled?: number }
  | undefined;

/**
 * A vet's consultation hours on /vet: their time zone, one range a weekday (empty: none that
 * day), their days off, and what that gives (the next consultations, in their zone, named).
 * Plain forms: no JavaScript needed. A vet with no zone set yet is offered the browser's own.
 */
export function ConsultationHours({
  timeZone,
  suggestBrowserZone = false,
  weekly,
  daysOff,
  next,
  count,
  zones,
  result,
}: {
  /** The zone the form offers: the vet's own, or, with none set yet, the viewer's as the server knows it. */
  timeZone: string;
  /** No zone set yet: once the page runs, the field offers the browser's own zone instead of `timeZone`. */
  suggestBrowserZone?: boolean;
  weekly: readonly DayHours[];
  daysOff: readonly string[];
  /** The first few consultation times, formatted in the vet's zone. */
  next: readonly string[];
  count: number;
  zones: readonly string[];
  result: HoursResult;
}) {
  const hoursOf = (weekday: number) => weekly.find((one) => one.weekday === weekday);
  const suggestedZone = useBrowserZone(suggestBrowserZone);
  const problem = result && !result.ok ? firstProblem(result) : undefined;
  return (
    <section aria-labelledby="hours-title" className="mt-10">
      <h2 id="hours-title" className="text-2xl font-bold text-ink-900">
        Your consultation hours
      </h2>
      <p className="mt-1 text-ink-700">
        Owners book 15-minute video consultations in these hours, in your time zone; times are kept as
        instants, so a change of clocks never moves one already booked.
      </p>
      {problem ? (
        <FormMessage tone="error" title="Not saved." description={problem} className="mt-4" />
      ) : result?.ok ? (
        <FormMessage
          tone="success"
          title="Saved."
          description={
            result.cancelled
              ? `${result.cancelled} ${result.cancelled === 1 ? "consultation" : "consultations"} booked that day ${result.cancelled === 1 ? "was" : "were"} cancelled; ${result.cancelled === 1 ? "its owner was" : "their owners were"} told by mail.`
              : ""
          }
          className="mt-4"
        />
      ) : null}
      <Card className="mt-4">
        <Form method="post" aria-label="Weekly hours" className="space-y-4">
          <input type="hidden" name="intent" value="hours" />
          <div>
            <Label htmlFor="hours-zone">Your time zone</Label>
            <Input
              // The browser's zone, once known, comes in as the field's first value.
              key={suggestedZone ?? timeZone}
              id="hours-zone"
              name="timeZone"
              list="hours-zones"
              defaultValue={suggestedZone ?? timeZone}
              required
              className="max-w-sm"
              aria-describedby={suggestedZone ? "hours-zone-hint" : undefined}
            />
            {suggestedZone ? (
              <p id="hours-zone-hint" className="mt-1 text-sm text-ink-600">
                Your browser&apos;s time zone: check it, then save your hours.
              </p>
            ) : null}
            <datalist id="hours-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
          <table className="w-full max-w-lg table-fixed text-left text-sm">
            <caption className="sr-only">Hours each weekday (leave a day empty for none)</caption>
            <colgroup>
              <col className="w-11 sm:w-32" />
              <col />
              <col />
            </colgroup>
            <thead>
              <tr className="text-ink-700">
                <th scope="col" className="py-1">
                  Day
                </th>
                <th scope="col" className="py-1">
                  From
                </th>
                <th scope="col" className="py-1">
                  To
                </th>
              </tr>
            </thead>
            <tbody>
              {WEEK_ORDER.map((weekday) => (
                <tr key={weekday}>
                  <th scope="row" className="py-1 pr-2 font-semibold text-ink-900">
                    {/* "Mon" on a phone, where the two times need the width. */}
                    <abbr title={WEEKDAY_NAMES[weekday]} className="no-underline sm:hidden">
                      {WEEKDAY_NAMES[weekday].slice(0, 3)}
                    </abbr>
                    <span className="max-sm:hidden">{WEEKDAY_NAMES[weekday]}</span>
                  </th>
                  <td className="py-1 pr-1 sm:pr-2">
                    <Input
                      type="time"
                      step={900}
                      className="min-w-0 px-1.5 text-sm sm:px-4 sm:text-base max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                      name={`start-${weekday}`}
                      aria-label={`${WEEKDAY_NAMES[weekday]} from`}
                      defaultValue={hoursOf(weekday)?.start ?? ""}
                    />
                  </td>
                  <td className="py-1">
                    <Input
                      type="time"
                      step={900}
                      className="min-w-0 px-1.5 text-sm sm:px-4 sm:text-base max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                      name={`end-${weekday}`}
                      aria-label={`${WEEKDAY_NAMES[weekday]} to`}
                      defaultValue={hoursOf(weekday)?.end ?? ""}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit">Save hours</Button>
        </Form>
      </Card>
      <Card className="mt-4">
        <h3 className="text-lg font-semibold text-ink-900">Days off</h3>
        {daysOff.length === 0 ? (
          <p className="mt-1 text-ink-700">None.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {daysOff.map((day) => (
              <li key={day} className="flex items-center gap-3">
                <span>{day}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-day-off" />
                  <input type="hidden" name="day" value={day} />
                  <Button type="submit" variant="ghost" size="sm">
                    Remove<span className="sr-only"> {day}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" aria-label="Add to your days off" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-day-off" />
          <div>
            <Label htmlFor="day-off">Date</Label>
            <Input id="day-off" type="date" name="day" required />
          </div>
          <Button type="submit" variant="secondary">
            Add day off
          </Button>
        </Form>
      </Card>
      <p className="mt-4 text-ink-700" data-testid="hours-summary">
        {count === 0
          ? "No consultation times in the next 14 days."
          : `${count} consultation ${count === 1 ? "time" : "times"} in the next 14 days. The next: ${next.join("; ")}.`}
      </p>
    </section>
  );
}

const subscribeNothing = () => () => {};

/**
 * With no zone set yet, the browser's own zone once the page runs (null while the server renders
 * and during hydration: the server does not know it), if Intl knows it; else null.
 */
function useBrowserZone(suggest: boolean): string | null {
  const zone = useSyncExternalStore(subscribeNothing, browserTimeZone, () => null);
  return suggest && zone && isTimeZone(zone) ? zone : null;
}
