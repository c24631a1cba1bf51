/**
 * Reads an iCalendar text (RFC 5545) the way a calendar app would, strictly enough for tests:
 * every line must end with CRLF and be at most 75 octets; folded lines are unfolded and TEXT
 * escapes undone. Answers the calendar's properties and its events' properties.
 */
export type ParsedCalendar = {
  properties: Record<string, string>;
  events: Record<string, string>[];
};

export function parseCalendar(text: string): ParsedCalendar {
  if (!text.endsWith("\r\n")) throw new Error("The calendar does not end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    if (line.includes("\n") || line.includes("\r"))
      throw new Error(`A bare line break in ${JSON.stringify(line)}`);
    const octets = new TextEncoder().encode(line).length;
    if (octets > 75) throw new Error(`A line of ${octets} octets: ${JSON.stringify(line)}`);
  }
  const lines = physical
    .join("\r\n")
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  const calendar: ParsedCalendar = { properties: {}, events: [] };
  let event: Record<string, string> | undefined;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`Not a content line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).split(";")[0]!;
    const value = line.slice(colon + 1);
    if (line === "BEGIN:VEVENT") event = {};
    else if (line === "END:VEVENT") {
      calendar.events.push(event!);
      event = undefined;
    } else if (name !== "BEGIN" && name !== "END") {
      (event ?? calendar.properties)[name] = unescapeText(value);
    }
  }
  if (lines[0] !== "BEGIN:VCALENDAR" || lines.at(-1) !== "END:VCALENDAR") throw new Error("Not a VCALENDAR");
  return calendar;
}

function unescapeText(value: string) {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === "n" ? "\n" : char));
}
