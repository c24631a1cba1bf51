import { Form, Link, useSearchParams } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { FormError } from "~/components/ui/form-error";
import { socialNotConfigured, SOCIAL_PROVIDERS } from "~/content/auth";
import type { SocialFlags } from "./auth-result";
import type { FormReply } from "~/domain/forms";
import { EmailField } from "./email-field";
import { AUTH_LIMITS } from "~/domain/auth";
import type { LoginField } from "~/domain/auth-schemas";

const FIELD_IDS: Record<LoginField, string> = { email: "login-email", password: "login-password" };

/** Loaded when the form is first used: the sign-in page's first scripts carry no zod. */
const loadLoginSchema = () => import("~/domain/auth-schemas").then((schemas) => schemas.loginSchema);

type LoginFormProps = {
  result: FormReply<LoginField> | undefined;
  social: SocialFlags;
  /** The answer to a social login that could not start. */
  socialError: string | undefined;
};

/**
 * Email and password log-in. Success redirects (the welcome toast comes as a flash on the
 * next page); a wrong email or password gets one message for both.
 */
export function LoginForm({ result, social, socialError }: LoginFormProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const submitting = useSubmitting({ intent: "login" });
  const { errors, hydrated, formProps } = useValidatedForm(loadLoginSchema, { result });
  const values = result && !result.ok ? result.values : {};
  const formError = result && !result.ok ? result.formError : undefined;

  return (
    <div className="space-y-6">
      <Form {...formProps} method="post" aria-label="Log in" className="space-y-5">
        {formError ? <FormError message={formError} /> : null}
        {!hydrated && result && !result.ok ? (
          <ErrorSummary items={errorSummaryItems(errors, FIELD_IDS)} />
        ) : null}
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField id={FIELD_IDS.email} error={errors.email} value={values.email} />
        <div>
          <Field id={FIELD_IDS.password} label="Password" error={errors.password}>
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
          <p className="mt-2 text-right text-sm">
            <Link
              to="/forgot-password"
              className="font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign In"}
        </Button>
      </Form>
      <SocialLogin social={social} error={socialError} />
    </div>
  );
}

/**
 * The specification's social buttons: each posts to the action, which sends the visitor to
 * the provider. A provider without credentials on this server gets a disabled button that
 * says so, never a dead click.
 */
function SocialLogin({ social, error }: { social: SocialFlags; error: string | undefined }) {
  return (
    <div>
      <div className="flex items-center gap-3 text-sm text-ink-600" aria-hidden>
        <span className="h-px flex-1 bg-ink-100" />
        or
        <span className="h-px flex-1 bg-ink-100" />
      </div>
      {error ? <FormError message={error} className="mt-4" /> : null}
      <div className="mt-4 grid gap-3">
        {SOCIAL_PROVIDERS.map(({ id, label }) =>
          social[id] ? (
            <Form key={id} method="post" className="grid">
              <input type="hidden" name="intent" value="social" />
              <input type="hidden" name="provider" value={id} />
              <Button type="submit" variant="secondary" size="sm">
                Continue with {label}
              </Button>
            </Form>
          ) : (
            <div key={id} className="grid gap-1">
              <Button variant="secondary" size="sm" disabled aria-describedby={`social-note-${id}`}>
                Continue with {label}
              </Button>
              <p id={`social-note-${id}`} className="text-center text-sm text-ink-600">
                {socialNotConfigured(id)}
              </p>
            </div>
          ),
        )}
      </div>
    </div>
  );
}
