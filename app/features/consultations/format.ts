import { formatDay, formatTime, zoneName } from "~/domain/time-format";

export type DayOfTimes = { day: string; times: { value: string; label: string }[] };

/** Free times grouped by their day in the viewer's zone, each a form value (ISO) and a label. */
export function groupByDay(times: readonly Date[], zone: string): DayOfTimes[] {
  const days: DayOfTimes[] = [];
  for (const time of times) {
    const day = formatDay(time, zone);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, times: [] };
      days.push(group);
    }
    group.times.push({
      value: time.toISOString(),
      label: `${formatTime(time, zone)} ${zoneName(time, zone)}`,
    });
  }
  return days;
}
