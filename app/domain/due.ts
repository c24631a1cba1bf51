import { readContactNotes } from "./appointments";
import type { PetType, RecordKind } from "./pets";
import { isIsoDate } from "./pets";
import { singleLine } from "./text";
import {
  addDays,
  addYears,
  daysBetween,
  firstVaccineDue,
  nextDoseDue,
  recognizeVaccines,
  vaccineTitle,
  type VaccineId,
} from "./vaccine-schedule";
import { z } from "~/utils/zod";

/*
 * What a pet is due on a given day: vaccines, treatments given at an interval, and a yearly
 * check-up, each with a stable key (the due_done table and reminder jobs name items by it).
 *
 * - Vaccines, per vaccine (domain/vaccine-schedule.ts): the latest record's next due date, as
 *   the owner copied it from the vet's card, else the schedule's. A dog or cat under a year old
 *   with no core vaccine recorded is due the first dose of the puppy/kitten series at 8 weeks
 *   of age. Vaccine names the schedule does not know count only with a next due date.
 * - Treatments (medication records with an interval): doses every `intervalDays` from the start
 *   date (the first dose is the start). The dose due is the latest one not after today that
 *   comes after the last one marked done (missed doses are not caught up), else the next one.
 *   Nothing is due once the end date has passed.
 * - Check-up: a year after the latest vet visit; a pet with no visit recorded is due one from
 *   the day it was added, so a new pet asks for a check-up (or for its last visit to be added).
 * - Appointments (appointment records): due on their date, with their time, until that date
 *   has passed (or the appointment is marked done): an appointment is never overdue.
 * An item marked done for its due date is not due: the next one follows (a year after a
 * check-up, the schedule's next vaccine dose as if given on the due date, the next treatment
 * dose); an item whose schedule is unknown (a vaccine only the owner's date names) is over.
 *
 * Dates are ISO "YYYY-MM-DD" strings in UTC.
 */

/** The fields of a pet its due items come from. */
export type DuePet = {
  id: string;
  type: PetType;
  birthDate: string | null;
  /** The day the pet was added to the account (a pet without a recorded vet visit is due a check-up from then). */
  addedOn: string;
};

/** A pet_record row, as far as due items go. */
export type DueRecord = {
  id: string;
  kind: RecordKind;
  date: string;
  title: string | null;
  nextDueDate: string | null;
  dose: string | null;
  intervalDays: number | null;
  endDate: string | null;
  /** An appointment's time (HH:MM), clinic and notes (the clinic's phone and website). */
  time?: string | null;
  clinic?: string | null;
  notes?: string | null;
};

/** A due_done row: `itemKey` was done for `dueDate`. */
export type DoneMark = { itemKey: string; dueDate: string };

export const DUE_STATUSES = ["overdue", "soon", "later"] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];
export type DueKind = "vaccine" | "medication" | "checkup" | "appointment";

export type DueItem = {
  key: string;
  kind: DueKind;
  title: string;
  /** Why it is due (the schedule's reason, the dose and interval). */
  detail: string;
  dueDate: string;
  /** An appointment's time, HH:MM in the owner's own time (the calendar feed's timed event). */
  time?: string;
  status: DueStatus;
};

/** Items due within this many days are "due soon". */
export const DUE_SOON_DAYS = 30;
/** A safety stop for following done marks (nobody marks a hundred doses ahead). */
const MAX_FOLLOWED_MARKS = 100;

export const CHECKUP_KEY = "checkup";

/** The UTC day of a moment, YYYY-MM-DD: "today" for due items. */
export function isoDay(moment: Date) {
  return moment.toISOString().slice(0, 10);
}

export function dueStatus(dueDate: string, today: string, soonDays = DUE_SOON_DAYS): DueStatus {
  if (dueDate < today) return "overdue";
  return daysBetween(today, dueDate) <= soonDays ? "soon" : "later";
}

type Pending = Omit<DueItem, "status">;

function latest(records: readonly DueRecord[]): DueRecord | undefined {
  // Ties go to the later row (rows come oldest first).
  return records.reduce<DueRecord | undefined>(
    (found, record) => (!found || record.date >= found.date ? record : found),
    undefined,
  );
}

/** A vaccine name the schedule does not know, as part of a key: "Vitamin B shot" -> "vitamin-b-shot". */
function slug(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

function vaccineItems(
  pet: DuePet,
  records: readonly DueRecord[],
  isDone: (key: string, date: string) => boolean,
  today: string,
): Pending[] {
  const vaccinations = records.filter((record) => record.kind === "vaccination");
  const byVaccine = new Map<VaccineId, DueRecord[]>();
  const unknown = new Map<string, DueRecord[]>();
  for (const record of vaccinations) {
    const ids = recognizeVaccines(pet.type, record.title ?? "");
    for (const id of ids) byVaccine.set(id, [...(byVaccine.get(id) ?? []), record]);
    const name = slug(record.title ?? "");
    if (ids.length === 0 && name) unknown.set(name, [...(unknown.get(name) ?? []), record]);
  }

  const items: Pending[] = [];
  /** Follows done marks along the schedule from a first due date. */
  const follow = (vaccine: VaccineId, due: string, detail: string, given: string[]) => {
    const key = `vaccine:${vaccine}`;
    for (let step = 0; isDone(key, due) && step < MAX_FOLLOWED_MARKS; step++) {
      const next = nextDoseDue({
        species: pet.type,
        birthDate: pet.birthDate,
        vaccine,
        givenDate: due,
        earlierDoses: given,
      });
      given = [...given, due];
      due = next.date;
      detail = next.reason;
    }
    items.push({ key, kind: "vaccine", title: vaccineTitle(pet.type, vaccine), detail, dueDate: due });
  };

  for (const [vaccine, covering] of byVaccine) {
    const last = latest(covering)!;
    const given = covering.map((record) => record.date);
    if (last.nextDueDate) {
      follow(vaccine, last.nextDueDate, `Next due date on the ${last.title} record`, given);
    } else {
      const next = nextDoseDue({
        species: pet.type,
        birthDate: pet.birthDate,
        vaccine,
        givenDate: last.date,
        earlierDoses: given,
      });
      follow(vaccine, next.date, next.reason, given);
    }
  }
  if (!byVaccine.has("core")) {
    const first = firstVaccineDue({ species: pet.type, birthDate: pet.birthDate, today });
    if (first) follow("core", first.date, first.reason, []);
  }
  for (const [name, named] of unknown) {
    const last = latest(named)!;
    const key = `vaccine:other:${name}`;
    if (last.nextDueDate && !isDone(key, last.nextDueDate)) {
      items.push({
        key,
        kind: "vaccine",
        title: last.title!.trim(),
        detail: `Next due date on the ${last.title} record`,
        dueDate: last.nextDueDate,
      });
    }
  }
  return items;
}

function treatmentItems(
  records: readonly DueRecord[],
  marksOf: (key: string) => string[],
  today: string,
): Pending[] {
  const items: Pending[] = [];
  for (const record of records) {
    const interval = record.intervalDays;
    if (record.kind !== "medication" || !interval || interval < 1) continue;
    if (record.endDate && record.endDate < today) continue;
    const key = `medication:${record.id}`;
    const start = record.date;
    const after = [start, ...marksOf(key)].reduce((max, date) => (date > max ? date : max));
    const doseAt = (index: number) => addDays(start, index * interval);
    // The first dose after the last one done, or the latest such dose already reached today.
    let index = Math.floor(daysBetween(start, after) / interval) + 1;
    if (doseAt(index) <= today) index = Math.max(index, Math.floor(daysBetween(start, today) / interval));
    const due = doseAt(index);
    if (record.endDate && due > record.endDate) continue;
    const every = interval === 1 ? "every day" : `every ${interval} days`;
    items.push({
      key,
      kind: "medication",
      title: record.title?.trim() || "Treatment",
      detail: [record.dose?.trim(), every, record.endDate ? `until ${record.endDate}` : null]
        .filter(Boolean)
        .join(", "),
      dueDate: due,
    });
  }
  return items;
}

function checkupItem(
  pet: DuePet,
  records: readonly DueRecord[],
  isDone: (key: string, date: string) => boolean,
): Pending {
  const lastVisit = latest(records.filter((record) => record.kind === "vet_visit"));
  let due = lastVisit ? addYears(lastVisit.date, 1) : pet.addedOn;
  for (let step = 0; isDone(CHECKUP_KEY, due) && step < MAX_FOLLOWED_MARKS; step++) due = addYears(due, 1);
  return {
    key: CHECKUP_KEY,
    kind: "checkup",
    title: "Yearly check-up",
    detail: lastVisit ? `A year after the last vet visit (${lastVisit.date})` : "No vet visit recorded yet",
    dueDate: due,
  };
}

/** Each appointment from today on, not marked done: "Appointment at <clinic>, <time>". */
function appointmentItems(
  records: readonly DueRecord[],
  isDone: (key: string, date: string) => boolean,
  today: string,
): Pending[] {
  return records.flatMap((record) => {
    const key = `appointment:${record.id}`;
    if (record.kind !== "appointment" || !record.time || record.date < today || isDone(key, record.date)) {
      return [];
    }
    const clinic = record.clinic?.trim() || "the clinic";
    const { phone, website } = readContactNotes(record.notes ?? null);
    return [
      {
        key,
        kind: "appointment" as const,
        title: `Appointment at ${clinic}, ${record.time}`,
        detail: [
          record.title?.trim(),
          phone ? `Phone ${phone}` : null,
          website,
          "Confirm the time with the clinic",
        ]
          .filter(Boolean)
          .join(" · "),
        dueDate: record.date,
        time: record.time,
      },
    ];
  });
}

/**
 * The items a pet is due on `today`, soonest first: overdue, due within `soonDays`, or later.
 * `records` are the pet's records, oldest first; `done` its done marks.
 */
export function dueItems({
  pet,
  records,
  done,
  today,
  soonDays = DUE_SOON_DAYS,
}: {
  pet: DuePet;
  records: readonly DueRecord[];
  done: readonly DoneMark[];
  today: string;
  soonDays?: number;
}): DueItem[] {
  const marks = new Set(done.map((mark) => `${mark.itemKey}|${mark.dueDate}`));
  const isDone = (key: string, date: string) => marks.has(`${key}|${date}`);
  const marksOf = (key: string) => done.filter((mark) => mark.itemKey === key).map((mark) => mark.dueDate);
  return [
    ...vaccineItems(pet, records, isDone, today),
    ...treatmentItems(records, marksOf, today),
    checkupItem(pet, records, isDone),
    ...appointmentItems(records, isDone, today),
  ]
    .map((item) => ({ ...item, status: dueStatus(item.dueDate, today, soonDays) }))
    .sort(
      (a, b) =>
        a.dueDate.localeCompare(b.dueDate) ||
        (a.time ?? "").localeCompare(b.time ?? "") ||
        a.title.localeCompare(b.title),
    );
}

export const DUE_ERRORS = {
  itemRequired: "Choose the item to mark done.",
  dueDateInvalid: "The due date must be a date like 2027-03-01.",
  notDue: "This item is not due on that date any more: reload the page to see what is due now.",
} as const;

/** The "Mark done" form: which item, for which due date. */
export const markDoneSchema = z.object({
  itemKey: singleLine(
    z
      .string({ error: DUE_ERRORS.itemRequired })
      .trim()
      .min(1, DUE_ERRORS.itemRequired)
      .max(200, DUE_ERRORS.itemRequired),
  ),
  dueDate: z.string({ error: DUE_ERRORS.dueDateInvalid }).refine(isIsoDate, DUE_ERRORS.dueDateInvalid),
});
