import { Form, Link, useSearchParams } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Field, Input, Select } from "~/components/ui/field";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { ErrorSummary, errorSummaryItems, FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { PASSWORD_MISMATCH, PET_TYPE_OPTIONS } from "~/content/auth";
import { FormError } from "~/components/ui/form-error";
import type { FormReply } from "~/domain/forms";
import { EmailField } from "./email-field";
import { AUTH_LIMITS, isPasswordMismatch } from "~/domain/auth";
import type { SignupField } from "~/domain/auth-schemas";
import { PLAN_NAMES, type PlanId } from "~/domain/plans";

type SignupFormProps = {
  result: FormReply<SignupField> | undefined;
  /** The plan picked on the pricing page, sent along with the form. */
  plan: PlanId | undefined;
};

const FIELD_IDS: Record<Exclude<SignupField, "plan">, string> = {
  name: "signup-name",
  email: "signup-email",
  password: "signup-password",
  confirmPassword: "signup-confirm",
  petName: "signup-pet-name",
  petType: "signup-pet-type",
};

/** Loaded when the form is first used: the sign-in page's first scripts carry no zod. */
const loadSignupSchema = () => import("~/domain/auth-schemas").then((schemas) => schemas.signupSchema);

const inlineLinkClass = "font-semibold text-brand-800 underline underline-offset-4";

/**
 * Account creation. If the two passwords differ, nothing is sent and a toast says why.
 * Success signs the visitor in and redirects; the welcome toast comes as a flash.
 */
export function SignupForm({ result, plan }: SignupFormProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const submitting = useSubmitting({ intent: "signup" });
  const { errors, hydrated, formProps } = useValidatedForm(loadSignupSchema, {
    result,
    onInvalid: (fieldErrors) => {
      if (isPasswordMismatch(fieldErrors)) {
        void toast.error(PASSWORD_MISMATCH.title, { description: PASSWORD_MISMATCH.description });
      }
    },
  });
  const values = result && !result.ok ? result.values : {};
  const formError = result && !result.ok ? result.formError : undefined;
  // Without JavaScript the server's answer is the page, so its errors are summarised on top.
  const serverErrors = !hydrated && result && !result.ok ? result.errors : undefined;

  return (
    <Form {...formProps} method="post" aria-label="Sign up" className="space-y-5">
      {formError ? <FormError message={formError} /> : null}
      {serverErrors && isPasswordMismatch(serverErrors) ? (
        <FormMessage tone="error" {...PASSWORD_MISMATCH} />
      ) : null}
      {serverErrors ? (
        // The mismatch has its own message above; the summary lists the rest.
        <ErrorSummary
          items={errorSummaryItems(errors, FIELD_IDS).filter(
            (item) => item.message !== PASSWORD_MISMATCH.description,
          )}
        />
      ) : null}
      <input type="hidden" name="intent" value="signup" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {plan ? (
        <>
          <input type="hidden" name="plan" value={plan} />
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-accent-100 px-4 py-3 text-sm text-accent-900">
            <Icon name="star" className="size-4" />
            <span className="font-semibold">You picked the {PLAN_NAMES[plan]} plan</span>
            <Link to="/pricing" className="underline underline-offset-4">
              Change plan
            </Link>
          </p>
        </>
      ) : null}
      <Field id={FIELD_IDS.name} label="Full Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            required
            maxLength={AUTH_LIMITS.name}
            defaultValue={values.name ?? ""}
          />
        )}
      </Field>
      <EmailField id={FIELD_IDS.email} error={errors.email} value={values.email} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordFields
          name="password"
          ids={{ password: FIELD_IDS.password, confirm: FIELD_IDS.confirmPassword }}
          labels={{ password: "Password", confirm: "Confirm Password" }}
          errors={{ password: errors.password, confirm: errors.confirmPassword }}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={FIELD_IDS.petName} label="Pet Name (optional)" error={errors.petName}>
          {(control) => (
            <Input
              {...control}
              name="petName"
              maxLength={AUTH_LIMITS.petName}
              defaultValue={values.petName ?? ""}
            />
          )}
        </Field>
        <Field id={FIELD_IDS.petType} label="Pet Type (optional)" error={errors.petType}>
          {(control) => (
            <Select {...control} name="petType" defaultValue={values.petType ?? ""} className="h-11.5">
              {PET_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <p className="text-sm text-ink-600">
        By creating an account you agree to our{" "}
        <Link to="/terms" className={inlineLinkClass}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className={inlineLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? "Creating account…" : "Create Account"}
      </Button>
    </Form>
  );
}
