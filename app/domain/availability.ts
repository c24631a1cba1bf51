import { z } from "~/utils/zod";
import { addDays } from "./vaccine-schedule";

/*
 * A vet's availability for video consultations: weekly hours in the vet's own time zone and
 * days off, cut into 15-minute consultations. A consultation is a UTC instant once cut: a
 * daylight-saving change moves the hours of the days after it, never a time already cut.
 */

export const SLOT_MINUTES = 15;
/** How far ahead owners see free times. */
export const BOOKING_DAYS = 14;
/** Sunday first, as Date.getUTCDay counts. */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** The order a week is shown in. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export type DayHours = { weekday: number; start: string; end: string };

export type Availability = { timeZone: string; weekly: readonly DayHours[]; daysOff: readonly string[] };

export const AVAILABILITY_ERRORS = {
  timeZone: "Choose a time zone from the list, like America/New_York.",
  time: "Use times like 09:00, on the quarter hour.",
  order: "The end must be after the start.",
  both: "Give both a start and an end, or leave both empty for a day off every week.",
  day: "Choose a date, like 2026-12-25.",
} as const;

/**
 * Whether `zone` is a time zone Intl knows. Asked of Intl.DateTimeFormat itself, not of
 * Intl.supportedValuesOf: a browser reports current IANA names (Firefox: Asia/Kolkata,
 * Europe/Kyiv) that the server's list may hold under older ones (Asia/Calcutta, Europe/Kiev).
 */
export function isTimeZone(zone: string): boolean {
  if (zone === "UTC") return true;
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const quarterHour = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, AVAILABILITY_ERRORS.time);

/** One weekday's hours as the form sends them: both empty (no hours), or a start before an end. */
export const dayHoursSchema = z
  .object({ start: z.string().trim(), end: z.string().trim() })
  .superRefine((value, context) => {
    if (!value.start && !value.end) return;
    if (!value.start || !value.end)
      return context.addIssue({ code: "custom", message: AVAILABILITY_ERRORS.both });
    for (const [field, time] of [
      ["start", value.start],
      ["end", value.end],
    ] as const) {
      if (!quarterHour.safeParse(time).success)
        return context.addIssue({ code: "custom", message: AVAILABILITY_ERRORS.time, path: [field] });
    }
    if (value.end <= value.start)
      context.addIssue({ code: "custom", message: AVAILABILITY_ERRORS.order, path: ["end"] });
  });

export const timeZoneSchema = z.string().trim().refine(isTimeZone, AVAILABILITY_ERRORS.timeZone);

export const dayOffSchema = z
  .string()
  .trim()
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
    );
  }, AVAILABILITY_ERRORS.day);

/** The wall-clock date and time of `instant` in `zone`. */
function wallClock(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((one) => one.type === type)!.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
  };
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string) {
  const wall = wallClock(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time on a day has in `zone`; null when that time does not exist
 * there (skipped by a daylight-saving change). A time that happens twice is its first.
 */
export function zonedToUtc(day: string, time: string, zone: string): Date | null {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // Two tries settle on the offset in force at that time (once before, once after a change).
  const candidates = [
    wall - offsetAt(new Date(wall - 36e5 * 12), zone),
    wall - offsetAt(new Date(wall + 36e5 * 12), zone),
  ];
  const matching = candidates
    .filter((instant) => {
      const back = wallClock(new Date(instant), zone);
      return Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) === wall;
    })
    .sort((a, b) => a - b);
  return matching.length > 0 ? new Date(matching[0]!) : null;
}

/** "2026-12-07": the date of `instant` in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  const wall = wallClock(instant, zone);
  return `${wall.year}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
}

/** "09:15": the wall-clock time `minutes` after midnight. */
function clockTime(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The first instant of `day` in `zone`: its midnight, or where a daylight-saving change skips
 * midnight (America/Santiago in September), the first minute its clocks show that day.
 */
function startOfDayIn(day: string, zone: string): Date {
  for (let minutes = 0; minutes < 24 * 60; minutes += 1) {
    const instant = zonedToUtc(day, clockTime(minutes), zone);
    if (instant) return instant;
  }
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The instants a calendar day of `zone` runs between, `start` included and `end` (the next
 * day's start) not: 24 hours, or 23 or 25 on the day the clocks change.
 */
export function dayBoundsIn(day: string, zone: string): { start: Date; end: Date } {
  return { start: startOfDayIn(day, zone), end: startOfDayIn(addDays(day, 1), zone) };
}

/**
 * The 15-minute consultations the availability gives from `from` (excluded if already begun)
 * for `days` days, in order: each day of the vet's week in the vet's zone, but the days off.
 */
export function consultationTimes(availability: Availability, from: Date, days = BOOKING_DAYS): Date[] {
  const { timeZone, weekly, daysOff } = availability;
  const until = from.getTime() + days * 864e5;
  const first = dayIn(from, timeZone);
  const times: Date[] = [];
  for (let offset = 0; offset <= days; offset += 1) {
    const day = addDays(first, offset);
    if (daysOff.includes(day)) continue;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    for (const hours of weekly.filter((one) => one.weekday === weekday)) {
      const [startHour, startMinute] = hours.start.split(":").map(Number) as [number, number];
      const [endHour, endMinute] = hours.end.split(":").map(Number) as [number, number];
      for (
        let minutes = startHour * 60 + startMinute;
        minutes + SLOT_MINUTES <= endHour * 60 + endMinute;
        minutes += SLOT_MINUTES
      ) {
        const instant = zonedToUtc(day, clockTime(minutes), timeZone);
        if (instant && instant.getTime() >= from.getTime() && instant.getTime() < until) times.push(instant);
      }
    }
  }
  return times.sort((a, b) => a.getTime() - b.getTime());
}

/** "Mon, Dec 7, 9:00 AM EST": a time as someone in `zone` reads it, the zone named. */
export function formatInZone(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}
