import { useId } from "react";
import { Field, Input, Select } from "~/components/ui/field";
import type { Species } from "~/domain/pets";
import type { PetProfile } from "~/engine/care-plan/build-care-plan";
import type { Activity } from "~/engine/care-plan/energy";

export type ProfileFormValues = { age?: string; weight?: string; neutered?: string; activity?: string };

export const PROFILE_LIMITS = { maxAgeYears: 30, maxWeightKg: 150 } as const;
export const PROFILE_ERRORS = {
  age: `Please enter an age from 0 to ${PROFILE_LIMITS.maxAgeYears} years, like 2 or 0.5.`,
  weight: `Please enter a weight above 0 and up to ${PROFILE_LIMITS.maxWeightKg} kg, like 12.5.`,
} as const;

const ACTIVITIES: readonly Activity[] = ["low", "normal", "high"];

function parseNumber(value: string | undefined, max: number, allowZero: boolean) {
  const text = value?.trim().replace(",", ".");
  if (!text) return { value: undefined, invalid: false };
  const number = /^\d*\.?\d+$/.test(text) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(number) && number <= max && (allowZero ? number >= 0 : number > 0);
  return ok ? { value: number, invalid: false } : { value: undefined, invalid: true };
}

/** The plan's inputs from the form; a value that is blank or out of range is left to the defaults. */
export function profileFromForm(values: ProfileFormValues): PetProfile {
  const age = parseNumber(values.age, PROFILE_LIMITS.maxAgeYears, true).value;
  const weight = parseNumber(values.weight, PROFILE_LIMITS.maxWeightKg, false).value;
  const activity = ACTIVITIES.find((a) => a === values.activity);
  return {
    ...(age !== undefined ? { ageMonths: Math.round(age * 12) } : {}),
    ...(weight !== undefined ? { weightKg: weight } : {}),
    ...(values.neutered === "yes" ? { neutered: true } : values.neutered === "no" ? { neutered: false } : {}),
    ...(activity ? { activity } : {}),
  };
}

/** Age, weight, neutered and activity: every change updates the plan at once. */
export function ProfileForm({
  species,
  values,
  onChange,
}: {
  species: Species;
  values: ProfileFormValues;
  onChange: (values: ProfileFormValues) => void;
}) {
  const id = useId();
  const set = (key: keyof ProfileFormValues) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...values, [key]: event.currentTarget.value });
  const ageInvalid = parseNumber(values.age, PROFILE_LIMITS.maxAgeYears, true).invalid;
  const weightInvalid = parseNumber(values.weight, PROFILE_LIMITS.maxWeightKg, false).invalid;

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => event.preventDefault()}
      className="mt-6 rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100 print:hidden"
    >
      <h4 id={`${id}-title`} className="font-semibold text-ink-900">
        Make the plan yours
      </h4>
      <p className="mt-1 text-sm text-ink-600">
        Tell us about your {species}: the plan below updates as you type. Nothing leaves your device.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-age`} label="Age (years)" error={ageInvalid ? PROFILE_ERRORS.age : undefined}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              placeholder="e.g. 3"
              value={values.age ?? ""}
              onChange={set("age")}
            />
          )}
        </Field>
        <Field
          id={`${id}-weight`}
          label="Weight (kg)"
          error={weightInvalid ? PROFILE_ERRORS.weight : undefined}
        >
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              placeholder="e.g. 12.5"
              value={values.weight ?? ""}
              onChange={set("weight")}
            />
          )}
        </Field>
        <Field id={`${id}-neutered`} label="Neutered or spayed">
          {(props) => (
            <Select {...props} value={values.neutered ?? ""} onChange={set("neutered")}>
              <option value="">Not sure</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          )}
        </Field>
        <Field id={`${id}-activity`} label="Activity">
          {(props) => (
            <Select {...props} value={values.activity ?? "normal"} onChange={set("activity")}>
              <option value="low">Low: mostly resting</option>
              <option value="normal">Normal: daily walks or play</option>
              <option value="high">High: working, running or very playful</option>
            </Select>
          )}
        </Field>
      </div>
    </form>
  );
}
