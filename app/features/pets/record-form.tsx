import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import type { RecordKind } from "~/domain/pets";
import {
  earliestAppointmentDate,
  latestPastDate,
  latestPlannedDate,
  RECORD_KIND_LABELS,
  RECORD_LIMITS,
  RECORD_SCHEMAS,
  type RecordActionData,
  type RecordField,
} from "~/domain/records";
import type { z } from "~/utils/zod";

type FieldSpec = {
  name: RecordField;
  label: string;
  control: "text" | "textarea" | "past-date" | "planned-date" | "upcoming-date" | "time" | "days" | "kg";
  required?: boolean;
  maxLength?: number;
};

/** Each kind's fields, in form order; the names are the pet_record columns they fill. */
export const RECORD_FORM_FIELDS: Record<RecordKind, readonly FieldSpec[]> = {
  vaccination: [
    { name: "title", label: "Vaccine", control: "text", required: true, maxLength: RECORD_LIMITS.title },
    { name: "date", label: "Date given", control: "past-date", required: true },
    { name: "nextDueDate", label: "Next due (optional)", control: "planned-date" },
    { name: "clinic", label: "Clinic (optional)", control: "text", maxLength: RECORD_LIMITS.clinic },
    {
      name: "givenBy",
      label: "Given by, the vet (optional)",
      control: "text",
      maxLength: RECORD_LIMITS.givenBy,
    },
    { name: "product", label: "Product (optional)", control: "text", maxLength: RECORD_LIMITS.product },
    {
      name: "batch",
      label: "Batch or lot number (optional)",
      control: "text",
      maxLength: RECORD_LIMITS.batch,
    },
    { name: "validUntil", label: "Protection valid until (optional)", control: "planned-date" },
    { name: "notes", label: "Notes (optional)", control: "textarea", maxLength: RECORD_LIMITS.notes },
  ],
  vet_visit: [
    { name: "date", label: "Date of the visit", control: "past-date", required: true },
    { name: "title", label: "Reason", control: "text", required: true, maxLength: RECORD_LIMITS.title },
    { name: "clinic", label: "Clinic (optional)", control: "text", maxLength: RECORD_LIMITS.clinic },
    { name: "notes", label: "Notes (optional)", control: "textarea", maxLength: RECORD_LIMITS.notes },
  ],
  remote_consult: [
    { name: "date", label: "Date", control: "past-date", required: true },
    { name: "title", label: "Reason", control: "text", required: true, maxLength: RECORD_LIMITS.title },
    { name: "clinic", label: "Service (optional)", control: "text", maxLength: RECORD_LIMITS.clinic },
    { name: "notes", label: "Notes (optional)", control: "textarea", maxLength: RECORD_LIMITS.notes },
  ],
  appointment: [
    { name: "date", label: "Date", control: "upcoming-date", required: true },
    { name: "time", label: "Time", control: "time", required: true },
    { name: "title", label: "Reason", control: "text", required: true, maxLength: RECORD_LIMITS.title },
    { name: "clinic", label: "Clinic", control: "text", required: true, maxLength: RECORD_LIMITS.clinic },
    { name: "notes", label: "Notes (optional)", control: "textarea", maxLength: RECORD_LIMITS.notes },
  ],
  medication: [
    {
      name: "title",
      label: "Medication or treatment",
      control: "text",
      required: true,
      maxLength: RECORD_LIMITS.title,
    },
    { name: "dose", label: "Dose", control: "text", required: true, maxLength: RECORD_LIMITS.dose },
    { name: "intervalDays", label: "Every how many days", control: "days", required: true },
    { name: "date", label: "Start date", control: "planned-date", required: true },
    { name: "endDate", label: "End date (optional)", control: "planned-date" },
  ],
  weight: [
    { name: "date", label: "Date weighed", control: "past-date", required: true },
    { name: "weightKg", label: "Weight in kg", control: "kg", required: true },
  ],
  note: [
    { name: "date", label: "Date", control: "past-date", required: true },
    {
      name: "notes",
      label: "What you noticed",
      control: "textarea",
      required: true,
      maxLength: RECORD_LIMITS.notes,
    },
  ],
};

export type RecordFormValues = Partial<Record<RecordField, string>>;

type RecordFormProps = {
  petId: string;
  kind: RecordKind;
  /** Change this record; without it the form adds one. */
  recordId?: string;
  initial: RecordFormValues;
  /** The action's answer to this form's latest submission, if any. */
  result: RecordActionData | undefined;
  label: string;
  /** Where "Cancel" goes (editing only). */
  cancelTo?: string;
  /** Hints under fields from the values typed so far, such as the suggested next due date. */
  hints?: RecordHints;
};

export type RecordHints = (
  draft: RecordFormValues,
  recordId: string | undefined,
) => Partial<Record<RecordField, ReactNode>>;

/**
 * Adds or changes one record of a kind. It posts to the pet's page without the ?edit= of the
 * address, so the page that answers shows the records, not the form again. With JavaScript the
 * same schema as the action's checks it before anything is sent.
 */
export function RecordForm({
  petId,
  kind,
  recordId,
  initial,
  result,
  label,
  cancelTo,
  hints,
}: RecordFormProps) {
  const intent = recordId ? "update-record" : "add-record";
  const submitting = useSubmitting({ intent, kind, recordId });
  const schema = RECORD_SCHEMAS[kind] as unknown as z.ZodType<
    Record<string, unknown>,
    Record<RecordField, string>
  >;
  const values = result && !result.ok ? result.values : initial;
  // What the hints are computed from: the values shown, then what is typed.
  const [draft, setDraft] = useState<RecordFormValues>(values);
  const { errors, hydrated, formProps } = useValidatedForm(schema, {
    result,
    onSuccess: () => setDraft(initial),
  });
  const shownHints = hints?.(draft, recordId) ?? {};
  const prefix = `${kind}-${recordId ?? "new"}`;
  const fields = RECORD_FORM_FIELDS[kind];
  const ids = Object.fromEntries(fields.map((field) => [field.name, `${prefix}-${field.name}`])) as Record<
    RecordField,
    string
  >;
  const noun = RECORD_KIND_LABELS[kind].one.toLowerCase();

  return (
    <Form
      {...formProps}
      method="post"
      action={`/pets/${petId}`}
      aria-label={label}
      className="space-y-4"
      data-print-hide
      onChange={(event) => {
        formProps.onChange(event);
        if (hints) setDraft(Object.fromEntries(new FormData(event.currentTarget)) as RecordFormValues);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      {recordId ? <input type="hidden" name="recordId" value={recordId} /> : null}
      {!hydrated && result && !result.ok ? <ErrorSummary items={errorSummaryItems(errors, ids)} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.control === "textarea" ? "sm:col-span-2" : undefined}>
            <Field
              id={ids[field.name]}
              label={field.label}
              error={errors[field.name]}
              hint={shownHints[field.name]}
            >
              {(control) => (
                <RecordControl {...control} field={field} defaultValue={values[field.name] ?? ""} />
              )}
            </Field>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submitting}>
          {recordId ? (submitting ? "Saving…" : "Save changes") : submitting ? "Adding…" : `Add ${noun}`}
        </Button>
        {cancelTo ? (
          <Link to={cancelTo} className={buttonVariants({ variant: "secondary" })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

type ControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  field: FieldSpec;
  defaultValue: string;
};

function RecordControl({ field, ...props }: ControlProps) {
  const common = { ...props, name: field.name, required: field.required };
  switch (field.control) {
    case "textarea":
      return <Textarea {...common} maxLength={field.maxLength} className="min-h-24" />;
    case "past-date":
      return <Input {...common} type="date" max={latestPastDate()} />;
    case "planned-date":
      return <Input {...common} type="date" max={latestPlannedDate()} />;
    case "upcoming-date":
      return <Input {...common} type="date" min={earliestAppointmentDate()} max={latestPlannedDate()} />;
    case "time":
      return <Input {...common} type="time" step={60} />;
    case "days":
      return (
        <Input
          {...common}
          type="number"
          inputMode="numeric"
          step="1"
          min={RECORD_LIMITS.intervalDaysMin}
          max={RECORD_LIMITS.intervalDaysMax}
        />
      );
    case "kg":
      return (
        <Input
          {...common}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max={RECORD_LIMITS.weightMax}
        />
      );
    default:
      return <Input {...common} maxLength={field.maxLength} autoComplete="off" />;
  }
}
