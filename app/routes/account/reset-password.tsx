import { data, Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { BRAND } from "~/content/site";
import { PASSWORD_MISMATCH } from "~/content/auth";
import { AUTH_ERRORS, isPasswordMismatch } from "~/domain/auth";
import { resetPasswordSchema } from "~/domain/auth-schemas";
import { resetPassword } from "~/backend/auth/account.server";
import { parseSubmission, readForm } from "~/backend/forms.server";
import { FormError } from "~/components/ui/form-error";
import { redirectWithFlash } from "~/backend/flash.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

const FIELD_IDS = { password: "reset-password", confirmPassword: "reset-confirm" } as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Choose a new password — ${BRAND}`,
      description: `Choose a new password for your ${BRAND} account.`,
      path: "/reset-password",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Sets the new password (which ends every session of the account), then asks to log in. */
export async function action({ request }: Route.ActionArgs) {
  const submission = await parseSubmission(await readForm(request), resetPasswordSchema);
  if (!submission.ok) {
    const reply = submission.reply();
    return data({ ...reply, tokenInvalid: Boolean(reply.errors.token) }, submission.init);
  }
  const { password, token } = submission.value;
  if (!(await resetPassword(password, token, request))) {
    return data({ ...submission.reply({}), tokenInvalid: true }, { status: 400 });
  }
  throw redirectWithFlash(request, "/auth?tab=login", "passwordChanged");
}

function InvalidLink() {
  return (
    <div role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{AUTH_ERRORS.resetTokenInvalid}</p>
      <p className="mt-1">
        Links work once and for one hour.{" "}
        <Link to="/forgot-password" className="font-semibold underline underline-offset-4">
          Ask for a new link
        </Link>
        .
      </p>
    </div>
  );
}

/** Loaded when the form is first used: the page's first scripts carry no zod. */
const loadSchema = () => import("~/domain/auth-schemas").then((schemas) => schemas.resetPasswordSchema);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { errors, hydrated, formProps } = useValidatedForm(loadSchema, {
    result: actionData,
    onInvalid: (fieldErrors) => {
      if (isPasswordMismatch(fieldErrors)) {
        void toast.error(PASSWORD_MISMATCH.title, { description: PASSWORD_MISMATCH.description });
      }
    },
  });
  const tokenInvalid = !loaderData.token || (actionData && !actionData.ok && actionData.tokenInvalid);
  const serverErrors = !hydrated && actionData && !actionData.ok ? actionData.errors : undefined;

  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:p-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">Choose a new password</h1>
      <p className="mt-2 mb-6 text-ink-700">
        Your new password ends every session of your account: you log in again afterwards.
      </p>
      {tokenInvalid ? (
        <InvalidLink />
      ) : (
        <Form {...formProps} method="post" aria-label="New password" className="space-y-5">
          {serverErrors && isPasswordMismatch(serverErrors) ? (
            <FormError message={`${PASSWORD_MISMATCH.title}: ${PASSWORD_MISMATCH.description}`} />
          ) : null}
          {serverErrors ? (
            <ErrorSummary
              items={errorSummaryItems<keyof typeof FIELD_IDS>(serverErrors, FIELD_IDS).filter(
                (item) => item.message !== PASSWORD_MISMATCH.description,
              )}
            />
          ) : null}
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields
            name="password"
            ids={{ password: FIELD_IDS.password, confirm: FIELD_IDS.confirmPassword }}
            labels={{ password: "New Password", confirm: "Confirm New Password" }}
            errors={{ password: errors.password, confirm: errors.confirmPassword }}
          />
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? "Saving…" : "Set new password"}
          </Button>
        </Form>
      )}
    </div>
  );
}
