import { AUTH_LIMITS } from "~/domain/auth";
import { Field, Input } from "./field";

type Pair<T> = { password: T; confirm: T };

type NewPasswordFieldsProps = {
  /** The new password's field name; the confirmation is always `confirmPassword`. */
  name: string;
  ids: Pair<string>;
  labels: Pair<string>;
  errors: Partial<Pair<string | undefined>>;
};

/**
 * A new password and its confirmation (sign-up, reset, change): the same length rules, and
 * autocomplete="new-password" on both so password managers offer to generate and save one.
 */
export function NewPasswordFields({ name, ids, labels, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        id={ids.password}
        label={labels.password}
        hint={`${AUTH_LIMITS.passwordMin} to ${AUTH_LIMITS.password} characters.`}
        error={errors.password}
      >
        {(control) => (
          <Input
            {...control}
            name={name}
            type="password"
            autoComplete="new-password"
            required
            minLength={AUTH_LIMITS.passwordMin}
            maxLength={AUTH_LIMITS.password}
          />
        )}
      </Field>
      <Field id={ids.confirm} label={labels.confirm} error={errors.confirm}>
        {(control) => (
          <Input
            {...control}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={AUTH_LIMITS.password}
          />
        )}
      </Field>
    </>
  );
}
