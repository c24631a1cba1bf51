import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import type { FormReply } from "~/domain/forms";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import {
  ACTIVITY_LABELS,
  ACTIVITY_LEVELS,
  latestBirthDate,
  NEUTERED_ANSWERS,
  NEUTERED_LABELS,
  PET_LIMITS,
  PET_SEX_LABELS,
  PET_SEXES,
  PET_TYPE_LABELS,
  PET_TYPES,
  petSchema,
  type PetField,
} from "~/domain/pets";

/** What the /pets action answers when it does not redirect. */
export type PetActionData =
  | { intent: "create"; ok: true; name: string }
  | ({ intent: "create" | "update"; petId?: string } & FormReply<PetField>);

/** The values a form starts with: a stored pet, or what a rejected submission sent. */
export type PetFormValues = Partial<Record<PetField, string>>;

type PetFormProps = {
  /** Add a new pet, or change the pet with this id. */
  petId?: string;
  /** Starting values (a stored pet when editing). */
  initial?: PetFormValues;
  /** The action's answer to this form's latest submission, if any. */
  result: PetActionData | undefined;
  /** Accessible name of the form. */
  label: string;
};

/**
 * The add and edit form. With JavaScript it checks the values with the action's own schema
 * before sending; without, the action answers with the same errors beside the fields.
 */
export function PetForm({ petId, initial = {}, result, label }: PetFormProps) {
  const editing = petId !== undefined;
  const intent = editing ? "update" : "create";
  const submitting = useSubmitting({ intent, petId });
  const { errors, hydrated, formProps } = useValidatedForm(petSchema, {
    result,
    onSuccess: () => {
      if (result?.ok) toast.success(`${result.name} was added.`);
    },
  });
  const values = result && !result.ok ? result.values : initial;
  const prefix = editing ? `pet-${petId}` : "pet-new";
  const ids: Record<PetField, string> = {
    name: `${prefix}-name`,
    type: `${prefix}-type`,
    breed: `${prefix}-breed`,
    birthDate: `${prefix}-birth-date`,
    weightKg: `${prefix}-weight`,
    neutered: `${prefix}-neutered`,
    activity: `${prefix}-activity`,
    sex: `${prefix}-sex`,
    microchip: `${prefix}-microchip`,
  };

  return (
    <Form {...formProps} method="post" aria-label={label} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {editing ? <input type="hidden" name="petId" value={petId} /> : null}
      {!hydrated && result && !result.ok ? <ErrorSummary items={errorSummaryItems(errors, ids)} /> : null}
      <Field id={ids.name} label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            required
            maxLength={PET_LIMITS.name}
            autoComplete="off"
            defaultValue={values.name ?? ""}
          />
        )}
      </Field>
      <Field id={ids.type} label="Type" error={errors.type}>
        {(control) => (
          <Select {...control} name="type" required defaultValue={values.type || "dog"}>
            {PET_TYPES.map((type) => (
              <option key={type} value={type}>
                {PET_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={ids.breed} label="Breed (optional)" error={errors.breed}>
        {(control) => (
          <Input
            {...control}
            name="breed"
            maxLength={PET_LIMITS.breed}
            autoComplete="off"
            defaultValue={values.breed ?? ""}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.birthDate} label="Birth date (optional)" error={errors.birthDate}>
          {(control) => (
            <Input
              {...control}
              name="birthDate"
              type="date"
              max={latestBirthDate()}
              defaultValue={values.birthDate ?? ""}
            />
          )}
        </Field>
        <Field id={ids.weightKg} label="Weight in kg (optional)" error={errors.weightKg}>
          {(control) => (
            <Input
              {...control}
              name="weightKg"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={PET_LIMITS.weightMin}
              max={PET_LIMITS.weightMax}
              defaultValue={values.weightKg ?? ""}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.neutered} label="Neutered" error={errors.neutered}>
          {(control) => (
            <Select {...control} name="neutered" defaultValue={values.neutered || "unsure"}>
              {NEUTERED_ANSWERS.map((answer) => (
                <option key={answer} value={answer}>
                  {NEUTERED_LABELS[answer]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={ids.activity} label="Activity (optional)" error={errors.activity}>
          {(control) => (
            <Select {...control} name="activity" defaultValue={values.activity ?? ""}>
              <option value="">Not set</option>
              {ACTIVITY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {ACTIVITY_LABELS[level]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.sex} label="Sex (optional)" error={errors.sex}>
          {(control) => (
            <Select {...control} name="sex" defaultValue={values.sex ?? ""}>
              <option value="">Not set</option>
              {PET_SEXES.map((sex) => (
                <option key={sex} value={sex}>
                  {PET_SEX_LABELS[sex]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={ids.microchip}
          label="Microchip number (optional)"
          error={errors.microchip}
          hint="The 15 digits on the vet's certificate or the chip's registration."
        >
          {(control) => (
            <Input
              {...control}
              name="microchip"
              inputMode="numeric"
              maxLength={24}
              autoComplete="off"
              defaultValue={values.microchip ?? ""}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submitting}>
          {editing ? (submitting ? "Saving…" : "Save changes") : submitting ? "Adding…" : "Add pet"}
        </Button>
        {editing ? (
          <Link to="/pets" className={buttonVariants({ variant: "secondary" })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
