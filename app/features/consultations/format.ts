/*
 * Times as a viewer in `zone` reads them, with the zone named where a time stands alone. Made
 * once per zone: a page formats hundreds of free times.
 */

const formats = new Map<
  string,
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat }
>();

function formatsOf(zone: string) {
  let found = formats.get(zone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        weekday: "long",
        month: "long",
        day: "numeric",
      }),
      time: new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }),
      zoneName: new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }),
    };
    formats.set(zone, found);
  }
  return found;
}

/** "Thursday, November 26" */
export function formatDay(instant: Date, zone: string) {
  return formatsOf(zone).day.format(instant);
}

/** "9:15 AM" */
export function formatTime(instant: Date, zone: string) {
  return formatsOf(zone).time.format(instant);
}

/** "EST", "GMT+1": the zone's short name at that instant. */
export function zoneName(instant: Date, zone: string) {
  return (
    formatsOf(zone)
      .zoneName.formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? zone
  );
}

/** "Thursday, November 26, 9:15 AM EST" */
export function formatWhen(instant: Date, zone: string) {
  return `${formatDay(instant, zone)}, ${formatTime(instant, zone)} ${zoneName(instant, zone)}`;
}

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
