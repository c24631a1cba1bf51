import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { REMINDER_DAYS_AHEAD, reminderSettingsSchema, type ReminderSettingsField } from "~/domain/reminders";
import { outcomeMessage, type ReminderActionData } from "./reminder-outcomes";

type Props = {
  /** The saved settings. */
  remindersEnabled: boolean;
  daysAhead: number;
  /** The action's answer to this form, if it was the latest one sent. */
  result: Extract<ReminderActionData, { intent: "save" }> | undefined;
};

const IDS: Record<ReminderSettingsField, string> = {
  remindersEnabled: "reminders-enabled",
  daysAhead: "reminders-days-ahead",
};

/**
 * Email reminders on or off, and how many days ahead. Checked in the browser with the action's
 * own schema; without JavaScript the action answers with the same errors beside the fields.
 */
export function ReminderSettingsForm({ remindersEnabled, daysAhead, result }: Props) {
  const submitting = useSubmitting({ intent: "save" });
  const { errors, hydrated, formProps } = useValidatedForm(reminderSettingsSchema, {
    result,
    onSuccess: () => {
      const message = result && outcomeMessage(result);
      if (message) toast.success(message.title, { description: message.description });
    },
  });
  const echoed = result && !result.ok ? result.values : undefined;
  return (
    <Form {...formProps} method="post" aria-label="Email reminders" className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      {!hydrated && result && !result.ok ? <ErrorSummary items={errorSummaryItems(errors, IDS)} /> : null}
      <div className="flex items-start gap-3">
        <input
          id={IDS.remindersEnabled}
          type="checkbox"
          name="remindersEnabled"
          defaultChecked={echoed ? echoed.remindersEnabled === "on" : remindersEnabled}
          aria-describedby={`${IDS.remindersEnabled}-hint`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={IDS.remindersEnabled} className="font-semibold text-ink-900">
            Email me reminders
          </label>
          <p id={`${IDS.remindersEnabled}-hint`} className="text-sm text-ink-600">
            Vaccines, treatments and check-ups of your pets, once for each due date.
          </p>
        </div>
      </div>
      <Field
        id={IDS.daysAhead}
        label="Days ahead"
        hint={`How many days before the due date: ${REMINDER_DAYS_AHEAD.min} to ${REMINDER_DAYS_AHEAD.max}.`}
        error={errors.daysAhead}
      >
        {(control) => (
          <Input
            {...control}
            name="daysAhead"
            type="number"
            inputMode="numeric"
            required
            min={REMINDER_DAYS_AHEAD.min}
            max={REMINDER_DAYS_AHEAD.max}
            step={1}
            defaultValue={echoed?.daysAhead ?? String(daysAhead)}
            className="max-w-32"
          />
        )}
      </Field>
      <Button type="submit" disabled={submitting}>
        {submitting ? "Saving…" : "Save reminder settings"}
      </Button>
    </Form>
  );
}
