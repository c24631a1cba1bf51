import { z } from "~/utils/zod";

/** Email reminders go out this many days before an item is due (the account chooses). */
export const REMINDER_DAYS_AHEAD = { min: 1, max: 30, default: 7 } as const;

export const REMINDER_ERRORS = {
  daysAhead: `Please enter a whole number of days from ${REMINDER_DAYS_AHEAD.min} to ${REMINDER_DAYS_AHEAD.max}.`,
} as const;

/** The reminder settings form, checked the same way in the browser and in the action. */
export const reminderSettingsSchema = z.object({
  // A checkbox: sent as "on" when ticked, absent when not.
  remindersEnabled: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  daysAhead: z
    .string({ error: REMINDER_ERRORS.daysAhead })
    .trim()
    .regex(/^\d{1,2}$/, REMINDER_ERRORS.daysAhead)
    .transform(Number)
    .refine(
      (days) => days >= REMINDER_DAYS_AHEAD.min && days <= REMINDER_DAYS_AHEAD.max,
      REMINDER_ERRORS.daysAhead,
    ),
});

export type ReminderSettingsValues = z.output<typeof reminderSettingsSchema>;
export type ReminderSettingsField = keyof ReminderSettingsValues;
