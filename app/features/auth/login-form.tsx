import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/form";
import { ErrorSummary, errorSummaryItems, FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { LOGIN_SUCCESS, SOCIAL_PROVIDERS } from "./auth-content";
import type { LoginResult } from "./auth-result";
import { AUTH_LIMITS, loginSchema, type LoginField } from "./auth-schemas";

const FIELD_IDS: Record<LoginField, string> = { email: "login-email", password: "login-password" };

/** Email and password log-in. No credentials are checked yet (specification, section 5). */
export function LoginForm({ result }: { result: LoginResult | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const { errors, hydrated, formProps } = useValidatedForm(loginSchema, {
    result,
    onValid: ({ email }) => console.log("Login form submitted:", { email }),
    onSuccess: () => void toast.success(LOGIN_SUCCESS.title, { description: LOGIN_SUCCESS.description }),
  });
  const values = result && !result.ok ? result.values : {};

  return (
    <div className="space-y-6">
      <Form {...formProps} method="post" aria-label="Log in" className="space-y-5">
        {!hydrated && result?.ok ? <FormMessage tone="success" {...LOGIN_SUCCESS} /> : null}
        {!hydrated && result && !result.ok ? (
          <ErrorSummary items={errorSummaryItems(errors, FIELD_IDS)} />
        ) : null}
        <input type="hidden" name="intent" value="login" />
        <Field id={FIELD_IDS.email} label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={AUTH_LIMITS.email}
              placeholder="you@example.com"
              defaultValue={values.email ?? ""}
            />
          )}
        </Field>
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
            {/* Password reset arrives with real accounts; until then the team can help. */}
            <Link to="/contact" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign In"}
        </Button>
      </Form>
      <SocialLogin />
    </div>
  );
}

/** The specification's social buttons. Not wired yet, so they say so instead of doing nothing. */
function SocialLogin() {
  return (
    <div>
      <div className="flex items-center gap-3 text-sm text-ink-600" aria-hidden>
        <span className="h-px flex-1 bg-ink-100" />
        or
        <span className="h-px flex-1 bg-ink-100" />
      </div>
      <div className="mt-4 grid gap-3">
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button key={provider} variant="secondary" size="sm" disabled aria-describedby="social-login-note">
            Continue with {provider}
          </Button>
        ))}
      </div>
      <p id="social-login-note" className="mt-3 text-center text-sm text-ink-600">
        Social login is not available yet. Please use your email and password.
      </p>
    </div>
  );
}
