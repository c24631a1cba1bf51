import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { toast } from "~/components/ui/toaster";
import { AUTH_LIMITS } from "~/domain/auth";
import { inviteSchema, type InviteField } from "~/domain/family";
import type { FormReply } from "~/domain/forms";
import { familyOutcome, type FamilySuccess } from "./outcome";
import { RoleChoice } from "./role-choice";

const EMAIL_ID = "invite-email";

type InviteResult = (Extract<FamilySuccess, { intent: "invite" }> & { ok: true }) | FormReply<InviteField>;

/**
 * The owner's invitation form. With JavaScript the address is checked with the action's own
 * schema first; without, the action answers with the same message beside the field.
 */
export function InviteForm({ result }: { result: InviteResult | undefined }) {
  const submitting = useSubmitting({ intent: "invite" });
  const { errors, formProps } = useValidatedForm(inviteSchema, {
    result,
    onSuccess: () => {
      if (!result?.ok) return;
      const { title, description } = familyOutcome(result);
      void toast.success(title, { description });
    },
  });
  const values = result && !result.ok ? result.values : {};
  const formError = result && !result.ok ? result.formError : undefined;
  return (
    <Form {...formProps} method="post" action="/family" aria-label="Invite someone" className="space-y-4">
      {formError ? <FormError message={formError} /> : null}
      <input type="hidden" name="intent" value="invite" />
      <Field
        id={EMAIL_ID}
        label="Email address"
        hint="We mail them a link that works for 7 days."
        error={errors.email}
      >
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={AUTH_LIMITS.email}
            placeholder="name@example.com"
            defaultValue={values.email ?? ""}
          />
        )}
      </Field>
      <RoleChoice
        idPrefix="invite-role"
        legend="They may"
        value={values.role === "viewer" ? "viewer" : "editor"}
        error={errors.role}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? "Sending…" : "Send invitation"}
      </Button>
    </Form>
  );
}
