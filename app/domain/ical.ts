/*
 * A small iCalendar writer (RFC 5545) for the due-items feed: all-day events, and timed events
 * either at a UTC instant (written with Z) or at a floating local time (no zone: the same clock
 * time wherever the calendar is, as for an appointment the owner was given by their clinic).
 * Lines end with CRLF, are folded at 75 octets (a continuation starts with a space), and text
 * values escape backslashes, semicolons, commas and line breaks.
 */

/** When an event is: a whole day, or a start and a length in minutes. */
export type CalendarTiming =
  /** An all-day event's day, YYYY-MM-DD. */
  | { date: string; start?: never; localStart?: never; durationMinutes?: never }
  /** A timed event at an instant, written in UTC (DTSTART:20270301T090000Z). */
  | { start: Date; durationMinutes: number; date?: never; localStart?: never }
  /** A timed event at a floating local time, "YYYY-MM-DDTHH:MM" (DTSTART:20270301T090000). */
  | { localStart: string; durationMinutes: number; date?: never; start?: never };

export type CalendarEvent = CalendarTiming & {
  /** Stable across feeds: a calendar app updates the event instead of adding another. */
  uid: string;
  summary: string;
  description?: string;
  url?: string;
};

const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** One content line folded into lines of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function basicDate(date: string) {
  return date.replaceAll("-", "");
}

function nextDay(date: string) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A UTC date-time in the basic format, without milliseconds: 20270301T090000Z. */
export function utcStamp(instant: Date) {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const LOCAL_START = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A floating date-time and its end `minutes` later, in the basic format without a zone
 * (20270301T143000). Clock arithmetic on the written time: a floating time has no zone, so no
 * change of clocks applies to it.
 */
function floatingRange(localStart: string, minutes: number): [string, string] {
  const match = LOCAL_START.exec(localStart);
  const start = match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!) : NaN;
  if (!match || Number.isNaN(start) || new Date(start).toISOString().slice(0, 16) !== localStart) {
    throw new RangeError(`Not a local date-time YYYY-MM-DDTHH:MM: ${localStart}`);
  }
  const basic = (ms: number) => utcStamp(new Date(ms)).slice(0, -1);
  return [basic(start), basic(start + minutes * 60_000)];
}

/** DTSTART, DTEND and TRANSP of an event: a timed event keeps its time busy, an all-day one does not. */
function timingLines(event: CalendarTiming): { dtStart: string; dtEnd: string; transp: string } {
  if (event.date !== undefined) {
    return {
      dtStart: `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      dtEnd: `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      transp: "TRANSP:TRANSPARENT",
    };
  }
  if (!Number.isInteger(event.durationMinutes) || event.durationMinutes <= 0) {
    throw new RangeError(`Not a duration in whole minutes: ${event.durationMinutes}`);
  }
  const [start, end] =
    event.start !== undefined
      ? [utcStamp(event.start), utcStamp(new Date(event.start.getTime() + event.durationMinutes * 60_000))]
      : floatingRange(event.localStart, event.durationMinutes);
  return { dtStart: `DTSTART:${start}`, dtEnd: `DTEND:${end}`, transp: "TRANSP:OPAQUE" };
}

/** A complete VCALENDAR of all-day and timed events. */
export function writeCalendar({
  name,
  events,
  now,
  prodId = "-//PawPal//Due items//EN",
}: {
  name: string;
  events: readonly CalendarEvent[];
  now: Date;
  prodId?: string;
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    // Calendar apps may poll twice a day (RFC 7986, and the older Outlook property).
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
  ];
  for (const event of events) {
    const { dtStart, dtEnd, transp } = timingLines(event);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcStamp(now)}`,
      dtStart,
      dtEnd,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL;VALUE=URI:${event.url}`] : []),
      transp,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
