import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { deleteAccountSchema, type DeleteAccountField } from "~/domain/account";
import type { FormReply } from "~/domain/forms";
import { AUTH_LIMITS } from "~/domain/auth";
import { FormProblems } from "./form-problems";

const FIELD_IDS = { password: "account-delete-password" } as const;

/** Deletes the account for good, once the password is typed (the confirmation). */
export function DeleteAccountForm({ result }: { result: FormReply<DeleteAccountField> | undefined }) {
  const submitting = useSubmitting({ intent: "delete" });
  const { errors, hydrated, formProps } = useValidatedForm(deleteAccountSchema, { result });
  return (
    <Form {...formProps} method="post" aria-label="Delete account" className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <FormProblems result={result} hydrated={hydrated} fieldIds={FIELD_IDS} />
      <Field
        id={FIELD_IDS.password}
        label="Your password"
        hint="Type your password to confirm. This cannot be undone."
        error={errors.password}
      >
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={AUTH_LIMITS.password}
          />
        )}
      </Field>
      <Button type="submit" variant="destructive" disabled={submitting}>
        {submitting ? "Deleting…" : "Delete my account"}
      </Button>
    </Form>
  );
}
