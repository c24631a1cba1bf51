import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { changeNameSchema, type ChangeNameField } from "~/domain/account";
import type { FormReply } from "~/domain/forms";
import { AUTH_LIMITS } from "~/domain/auth";
import { FormProblems } from "./form-problems";

const FIELD_IDS = { name: "account-name" } as const;

/** Changes the display name (the header shows it); the same rules as sign-up. */
export function NameForm({ name, result }: { name: string; result: FormReply<ChangeNameField> | undefined }) {
  const submitting = useSubmitting({ intent: "name" });
  const { errors, hydrated, formProps } = useValidatedForm(changeNameSchema, { result });
  return (
    <Form {...formProps} method="post" aria-label="Your name" className="space-y-4">
      <input type="hidden" name="intent" value="name" />
      <FormProblems result={result} hydrated={hydrated} fieldIds={FIELD_IDS} />
      <Field id={FIELD_IDS.name} label="Full name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            required
            maxLength={AUTH_LIMITS.name}
            autoComplete="name"
            defaultValue={result ? (result.values.name ?? "") : name}
          />
        )}
      </Field>
      <Button type="submit" disabled={submitting}>
        {submitting ? "Saving…" : "Save name"}
      </Button>
    </Form>
  );
}
