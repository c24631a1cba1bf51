import { data, Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { FormMessage } from "~/components/ui/form-message";
import { BRAND } from "~/content/site";
import { FORGOT_PASSWORD_SENT } from "~/content/auth";
import { AUTH_LIMITS } from "~/domain/auth";
import { forgotPasswordSchema } from "~/domain/auth-schemas";
import { requestPasswordReset } from "~/backend/auth/account.server";
import { parseSubmission, readForm } from "~/backend/forms.server";
import { FormError } from "~/components/ui/form-error";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Forgot your password? — ${BRAND}`,
      description: `Ask for a link to choose a new ${BRAND} password.`,
      path: "/forgot-password",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** Sends the reset mail when the account exists, and answers the same whether it does or not. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(await readForm(request), forgotPasswordSchema, {
    rateLimit: { bucket: "passwordReset", key: context.clientIp },
    echo: { email: AUTH_LIMITS.email },
  });
  if (!submission.ok) return data(submission.reply(), submission.init);
  await requestPasswordReset(submission.value.email);
  return data({ ok: true as const });
}

/** Loaded when the form is first used: the page's first scripts carry no zod. */
const loadSchema = () => import("~/domain/auth-schemas").then((schemas) => schemas.forgotPasswordSchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { errors, formProps } = useValidatedForm(loadSchema, { result: actionData });
  const failed = actionData && !actionData.ok ? actionData : undefined;

  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:p-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">Forgot your password?</h1>
      <p className="mt-2 mb-6 text-ink-700">
        Enter the email address of your account and we'll send you a link to choose a new password.
      </p>
      {actionData?.ok ? (
        <FormMessage
          tone="success"
          title="Check your inbox."
          description={FORGOT_PASSWORD_SENT}
          className="mb-6"
        />
      ) : null}
      <Form {...formProps} method="post" aria-label="Reset password" className="space-y-5">
        {failed?.formError ? <FormError message={failed.formError} /> : null}
        <Field id="forgot-email" label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={AUTH_LIMITS.email}
              placeholder="you@example.com"
              defaultValue={failed?.values.email ?? ""}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-ink-700">
        Remembered it?{" "}
        <Link to="/auth" className="font-semibold text-brand-800 underline underline-offset-4">
          Back to login
        </Link>
      </p>
    </div>
  );
}
