import type { DayOfTimes } from "./format";

/**
 * Free times as radio buttons, a day at a time (the first day open, or the day of the time
 * already chosen): one name, so the form sends the chosen time's UTC instant.
 */
export function TimePicker({
  name,
  days,
  legend,
  defaultValue,
}: {
  name: string;
  days: readonly DayOfTimes[];
  legend: string;
  defaultValue?: string;
}) {
  if (days.length === 0) return <p className="text-ink-700">No free times in the next 14 days.</p>;
  const chosenDay = days.findIndex((day) => day.times.some((time) => time.value === defaultValue));
  const openDay = Math.max(0, chosenDay);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink-900">{legend}</legend>
      <div className="mt-2 space-y-2">
        {days.map((day, index) => (
          <details key={day.day} open={index === openDay} className="rounded-xl bg-white ring-1 ring-ink-200">
            <summary className="cursor-pointer px-4 py-2 font-semibold text-ink-900">
              {day.day} <span className="font-normal text-ink-600">({day.times.length} free)</span>
            </summary>
            <div className="flex flex-wrap gap-2 px-4 pt-1 pb-3">
              {day.times.map((time) => (
                <label
                  key={time.value}
                  className="cursor-pointer rounded-lg px-3 py-1.5 text-sm ring-1 ring-ink-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
                >
                  <input
                    type="radio"
                    name={name}
                    value={time.value}
                    defaultChecked={time.value === defaultValue}
                    required
                    className="sr-only"
                  />
                  {time.label}
                </label>
              ))}
            </div>
          </details>
        ))}
      </div>
    </fieldset>
  );
}
