import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { changePasswordSchema, type ChangePasswordField } from "~/domain/account";
import type { FormReply } from "~/domain/forms";
import { AUTH_LIMITS } from "~/domain/auth";
import { FormProblems } from "./form-problems";

const FIELD_IDS = {
  currentPassword: "account-current-password",
  newPassword: "account-new-password",
  confirmPassword: "account-confirm-password",
} as const;

/** Current password, then the new one twice (sign-up's strength rules). Other devices are signed out. */
export function PasswordForm({ result }: { result: FormReply<ChangePasswordField> | undefined }) {
  const submitting = useSubmitting({ intent: "password" });
  const { errors, hydrated, formProps } = useValidatedForm(changePasswordSchema, { result });
  return (
    <Form {...formProps} method="post" aria-label="Change password" className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      <FormProblems result={result} hydrated={hydrated} fieldIds={FIELD_IDS} />
      <Field id={FIELD_IDS.currentPassword} label="Current password" error={errors.currentPassword}>
        {(control) => (
          <Input
            {...control}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={AUTH_LIMITS.password}
          />
        )}
      </Field>
      <NewPasswordFields
        name="newPassword"
        ids={{ password: FIELD_IDS.newPassword, confirm: FIELD_IDS.confirmPassword }}
        labels={{ password: "New password", confirm: "Confirm new password" }}
        errors={{ password: errors.newPassword, confirm: errors.confirmPassword }}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Changing…" : "Change password"}
      </Button>
    </Form>
  );
}
