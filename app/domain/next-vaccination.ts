import { isIsoDate, type PetType } from "./pets";
import type { PetRecord, RecordValues } from "./records";
import { recognizeVaccines, suggestNextVaccineDue, type VaccineDue } from "./vaccine-schedule";

/* The next due date a vaccination gets from the vaccine schedule, as a hint and when left blank. */

/**
 * The next due date the vaccine schedule suggests for a vaccination being recorded (the form's
 * hint, and what the action stores when next due is left blank); null when the vaccine is not
 * recognised, the pet is neither a dog nor a cat, or the date given is not a date yet.
 * Earlier doses are the pet's other vaccinations that cover one of the same vaccines.
 */
export function suggestNextDue(
  pet: { type: PetType; birthDate: string | null },
  vaccinations: readonly { id: string; title: string | null; date: string }[],
  dose: { title: string; date: string; recordId?: string },
): VaccineDue | null {
  if (!dose.title.trim() || !isIsoDate(dose.date)) return null;
  const covers = new Set(recognizeVaccines(pet.type, dose.title));
  const earlierDoses = vaccinations
    .filter((other) => other.id !== dose.recordId)
    .filter((other) => recognizeVaccines(pet.type, other.title ?? "").some((id) => covers.has(id)))
    .map((other) => other.date);
  return suggestNextVaccineDue({
    species: pet.type,
    birthDate: pet.birthDate,
    vaccine: dose.title,
    givenDate: dose.date,
    earlierDoses,
  });
}

/**
 * A vaccination's values with the next due date the schedule suggests, when the owner left it
 * blank (and the vaccine is recognised); other values as they are. `recordId` is the record being
 * changed, so that it does not count as its own earlier dose.
 */
export function withSuggestedNextDue(
  pet: { type: PetType; birthDate: string | null },
  records: readonly PetRecord[],
  values: RecordValues,
  recordId?: string,
): RecordValues {
  if (values.nextDueDate || !values.title) return values;
  const vaccinations = records.filter((record) => record.kind === "vaccination");
  const due = suggestNextDue(pet, vaccinations, { title: values.title, date: values.date, recordId });
  return due ? { ...values, nextDueDate: due.date } : values;
}
