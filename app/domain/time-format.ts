/*
 * Instants as a viewer in `zone` reads them, with the zone named ("10:15 PM EST"), the same on
 * the server and in the browser. The zone is the viewer's (domain/time-zone.ts and components/time-zone/: the browser's own,
 * kept in a cookie; ?tz= without JavaScript; UTC until then). Made once per zone: a page formats
 * hundreds of times.
 */

type Formats = {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  zoneName: Intl.DateTimeFormat;
  clock: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
};

const formats = new Map<string, Formats>();

function formatsOf(zone: string): Formats {
  let found = formats.get(zone);
  if (!found) {
    const timeZone = zone;
    found = {
      day: new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric" }),
      time: new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }),
      zoneName: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
      clock: new Intl.DateTimeFormat("en-US", {
        timeZone,
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
      dateTime: new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
    };
    formats.set(zone, found);
  }
  return found;
}

type Instant = Date | string;

const asDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** "Thursday, November 26" */
export function formatDay(instant: Instant, zone: string) {
  return formatsOf(zone).day.format(asDate(instant));
}

/** "9:15 AM" (no zone: for lists whose zone is said once). */
export function formatTime(instant: Instant, zone: string) {
  return formatsOf(zone).time.format(asDate(instant));
}

/** "EST", "GMT+9": the zone's short name at that instant. */
export function zoneName(instant: Instant, zone: string) {
  return (
    formatsOf(zone)
      .zoneName.formatToParts(asDate(instant))
      .find((part) => part.type === "timeZoneName")?.value ?? zone
  );
}

/** "10:15 PM EST" */
export function formatClock(instant: Instant, zone: string) {
  return formatsOf(zone).clock.format(asDate(instant));
}

/** "Nov 26, 2026, 10:15 PM EST" */
export function formatDateTime(instant: Instant, zone: string) {
  return formatsOf(zone).dateTime.format(asDate(instant));
}

/** "Thursday, November 26, 9:15 AM EST" */
export function formatWhen(instant: Instant, zone: string) {
  return `${formatDay(instant, zone)}, ${formatTime(instant, zone)} ${zoneName(instant, zone)}`;
}

/*
 * Dates without a zone of their own (a calendar day such as a record's date or a due date, or an
 * instant read as its UTC day), the same on the server, in every browser and in mails.
 */
const calendarDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const monthOfYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const utcMoment = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "2021-04-30" as "Apr 30, 2021". */
export function formatDate(isoDate: string) {
  return calendarDay.format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant's UTC day: "Nov 23, 2026". */
export function formatUtcDay(date: Date) {
  return calendarDay.format(date);
}

/** An instant's UTC day in full: "November 23, 2026". */
export function formatLongDate(iso: string) {
  return longDay.format(new Date(iso));
}

/** An instant's UTC month: "Mar 2026". */
export function formatMonth(date: Date) {
  return monthOfYear.format(date);
}

/** A stored time as staff read it, in UTC: "Nov 23, 2026, 14:05 UTC". */
export function formatUtcMoment(iso: string) {
  return `${utcMoment.format(new Date(iso))} UTC`;
}
