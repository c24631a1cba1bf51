import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import type { FormReply } from "~/domain/forms";
import {
  SHARE_DURATIONS,
  SHARE_LIMITS,
  SHARE_SECTION_LABELS,
  SHARE_SECTIONS,
  shareSchema,
  type ShareField,
} from "~/domain/shares";

const IDS: Record<ShareField, string> = {
  ...(Object.fromEntries(SHARE_SECTIONS.map((section) => [section, `share-${section}`])) as Record<
    (typeof SHARE_SECTIONS)[number],
    string
  >),
  hours: "share-hours",
  note: "share-note",
  photoId: "share-photo",
};

const HINTS: Partial<Record<(typeof SHARE_SECTIONS)[number], string>> = {
  vaccinations: "With each one's state today: valid until, due soon or expired.",
  notes: "Your own notes of symptoms and anything else: shared only if you tick them.",
};

/**
 * What a new share shows and for how long. The sections are one checkbox each (their own
 * fields, so the action's one-value-per-field rule holds); without JavaScript the action answers
 * with the same errors.
 */
export function ShareForm({
  petName,
  preset,
  photos,
  result,
}: {
  petName: string;
  /** The sections ticked to begin with. */
  preset: readonly (typeof SHARE_SECTIONS)[number][];
  /** The pet's photos among its documents, one of which the page may show. */
  photos: readonly { id: string; title: string }[];
  result: FormReply<ShareField> | undefined;
}) {
  const submitting = useSubmitting({ intent: "create-share" });
  const { errors, hydrated, formProps } = useValidatedForm(shareSchema, { result });
  const echoed = result && !result.ok ? result.values : undefined;
  const ticked = (section: (typeof SHARE_SECTIONS)[number]) =>
    echoed ? echoed[section] === "on" : preset.includes(section);

  return (
    <Form {...formProps} method="post" aria-label="New share link" className="space-y-5">
      <input type="hidden" name="intent" value="create-share" />
      {!hydrated && result && !result.ok ? <ErrorSummary items={errorSummaryItems(errors, IDS)} /> : null}
      <fieldset aria-describedby={errors.vaccinations ? `${IDS.vaccinations}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink-800">
          What it shows, besides {petName}'s details
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {SHARE_SECTIONS.map((section) => (
            <div key={section} className="flex items-start gap-3">
              <input
                id={IDS[section]}
                type="checkbox"
                name={section}
                defaultChecked={ticked(section)}
                aria-describedby={HINTS[section] ? `${IDS[section]}-hint` : undefined}
                className="mt-1 size-5 shrink-0 accent-brand-700"
              />
              <div>
                <label htmlFor={IDS[section]} className="font-medium text-ink-900">
                  {SHARE_SECTION_LABELS[section]}
                </label>
                {HINTS[section] ? (
                  <p id={`${IDS[section]}-hint`} className="text-sm text-ink-600">
                    {HINTS[section]}
                  </p>
                ) : null}
              </div>
            </div>
          ))}
        </div>
        {errors.vaccinations ? (
          <p id={`${IDS.vaccinations}-error`} className="mt-2 text-sm font-medium text-red-700">
            {errors.vaccinations}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={IDS.hours} label="The link works for" error={errors.hours}>
          {(control) => (
            <Select {...control} name="hours" defaultValue={echoed?.hours ?? String(7 * 24)}>
              {SHARE_DURATIONS.map((duration) => (
                <option key={duration.hours} value={duration.hours}>
                  {duration.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={IDS.note}
          label="Who it is for (optional)"
          error={errors.note}
          hint="Shown on the shared page, e.g. “for Happy Paws Kennel, 12–19 May”."
        >
          {(control) => (
            <Input
              {...control}
              name="note"
              maxLength={SHARE_LIMITS.note}
              autoComplete="off"
              defaultValue={echoed?.note ?? ""}
            />
          )}
        </Field>
      </div>
      {photos.length > 0 ? (
        <Field
          id={IDS.photoId}
          label={`A photo of ${petName} (optional)`}
          error={errors.photoId}
          hint="One of the photos among the documents, so the kennel knows the pet."
        >
          {(control) => (
            <Select {...control} name="photoId" defaultValue={echoed?.photoId ?? ""}>
              <option value="">No photo</option>
              {photos.map((photo) => (
                <option key={photo.id} value={photo.id}>
                  {photo.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Button type="submit" disabled={submitting}>
        {submitting ? "Making the link…" : "Make a share link"}
      </Button>
    </Form>
  );
}
