/*
 * A small iCalendar writer (RFC 5545) for the due-items feed: all-day events only. Lines end
 * with CRLF, are folded at 75 octets (a continuation starts with a space), and text values
 * escape backslashes, semicolons, commas and line breaks.
 */

export type CalendarEvent = {
  /** Stable across feeds: a calendar app updates the event instead of adding another. */
  uid: string;
  /** The all-day event's day, YYYY-MM-DD. */
  date: string;
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

/** A UTC date-time in the basic format: 20270301T090000Z. */
function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A complete VCALENDAR of all-day events. */
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
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL;VALUE=URI:${event.url}`] : []),
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
