/**
 * A small reader of OpenStreetMap's opening_hours: the common subset only.
 *
 *   "24/7"                                 always open
 *   "Mo-Fr 08:00-19:00; Sa 09:00-13:00"    day ranges and times; days not named are closed
 *   "Mo,We 09:00-12:00,14:00-18:00"        day lists, several times a day
 *   "08:00-20:00"                          every day
 *   "Fr 18:00-02:00"                       past midnight: Saturday until 2 a.m.
 *   "Mo-Sa 09:00-18:00; We off"            a later rule replaces an earlier one for its days
 *
 * Anything else (public holidays, months, "sunrise", comments, "+", "||"…) is "unknown": the
 * emergency page then says "hours unknown" and never counts such a place as open.
 */

export type OpenState = "open" | "closed" | "unknown";

/** OSM's day names, Monday first. */
const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
const MINUTES_PER_DAY = 24 * 60;

/** Minutes from the start of the day; an end may pass midnight (up to 48:00). */
type Range = [start: number, end: number];
/** Ranges for each day, Monday first. */
type Week = Range[][];

const TIME = /^([01]?\d|2[0-4]):([0-5]\d)$/;

function minutes(time: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const value = Number(match[1]) * 60 + Number(match[2]);
  return value <= MINUTES_PER_DAY ? value : null;
}

/** "08:00-19:00,20:00-02:00" → ranges; null when any part is not a plain time range. */
function readTimes(text: string): Range[] | null {
  const ranges: Range[] = [];
  for (const part of text.split(",")) {
    const [from, to, extra] = part.trim().split("-");
    if (from === undefined || to === undefined || extra !== undefined) return null;
    const start = minutes(from);
    let end = minutes(to);
    if (start === null || end === null || start === MINUTES_PER_DAY) return null;
    // An end at or before the start goes on past midnight ("22:00-02:00").
    if (end <= start) end += MINUTES_PER_DAY;
    ranges.push([start, end]);
  }
  return ranges;
}

/** "Mo-Fr,Su" → day indexes; ranges may wrap ("Fr-Mo"). Null when it is not a day selector. */
function readDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(",")) {
    const [from, to, extra] = part.trim().split("-");
    const start = DAYS.indexOf(from as (typeof DAYS)[number]);
    if (start < 0 || extra !== undefined) return null;
    const end = to === undefined ? start : DAYS.indexOf(to as (typeof DAYS)[number]);
    if (end < 0) return null;
    for (let day = start; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === end) break;
    }
  }
  return [...days];
}

/** The week the rules describe, or null when any rule is outside the subset we read. */
function readWeek(hours: string): Week | null {
  const week: Week = DAYS.map(() => []);
  const rules = hours
    .split(";")
    .map((rule) => rule.trim())
    .filter(Boolean);
  if (rules.length === 0) return null;
  for (const rule of rules) {
    // "Mo-Fr 08:00-18:00", "Sa off", "08:00-18:00" (every day), "Su closed".
    const match = /^(?:([A-Za-z,-]+)\s+)?(.+)$/.exec(rule);
    if (!match) return null;
    const [, dayText, rest] = match;
    const days = dayText === undefined ? DAYS.map((_, index) => index) : readDays(dayText);
    if (!days) return null;
    const closed = rest === "off" || rest === "closed";
    const ranges = closed ? [] : readTimes(rest!);
    if (!ranges) return null;
    for (const day of days) week[day] = ranges;
  }
  return week;
}

/** Monday 0 … Sunday 6, from a Date read in the device's own time zone. */
function weekday(at: Date) {
  return (at.getDay() + 6) % 7;
}

/**
 * Whether a place with these opening_hours is open at `at`, read in local time (the visitor is
 * near the place, so the browser's time zone is the place's).
 */
export function openingState(hours: string | undefined, at: Date): OpenState {
  const text = hours?.trim();
  if (!text) return "unknown";
  if (text === "24/7") return "open";
  const week = readWeek(text);
  if (!week) return "unknown";
  const today = weekday(at);
  const now = at.getHours() * 60 + at.getMinutes();
  const yesterday = (today + 6) % 7;
  const openToday = week[today]!.some(([start, end]) => start <= now && now < end);
  // Yesterday's hours that run past midnight ("Fr 18:00-02:00" on Saturday at 1 a.m.).
  const openSinceYesterday = week[yesterday]!.some(([, end]) => now + MINUTES_PER_DAY < end);
  return openToday || openSinceYesterday ? "open" : "closed";
}
