import { data, Link } from "react-router";
import type { Route } from "./+types/verify-email";
import { Card } from "~/components/ui/card";
import { BRAND } from "~/content/site";
import { ResendVerificationForm } from "~/features/account/verify-email-notice";
import { safeRedirect } from "~/features/auth/redirect";
import { resendVerificationMail, verifyEmailLink } from "~/backend/auth/account.server";
import { getUser, requireUser } from "~/backend/auth/session.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { readForm } from "~/backend/forms.server";
import { tooManyRequests } from "~/backend/rate-limit.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Confirm your email address — ${BRAND}`,
      description: `Confirm the email address of your ${BRAND} account.`,
      path: "/verify-email",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

type Answer =
  { kind: "invalid" | "expired"; canResend: boolean; next?: string } | { kind: "tooMany"; message: string };

// The 429's Retry-After reaches the document answer too.
export const headers = actionOrLoaderHeaders;

/**
 * The mailed link: confirms the address once, then says so where the person was going when the
 * link was asked for (`next`, e.g. the family invitation they signed up from; only a path on
 * this site), or on /account; signed out, on the login page, which then goes there.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const token = search.get("token") ?? "";
  const next = safeRedirect(search.get("next"), "/account");
  const outcome = await verifyEmailLink(token);
  const user = await getUser(request);
  if (outcome.ok) {
    const login =
      next === "/account" ? "/auth?tab=login" : `/auth?tab=login&redirectTo=${encodeURIComponent(next)}`;
    throw redirectWithFlash(request, user ? next : login, "emailVerified");
  }
  const canResend = Boolean(user && !user.emailVerified);
  return data<Answer>({ kind: outcome.reason, canResend, next }, { status: 400 });
}

/** "Send the link again", from any page that shows the notice: a few an hour per account. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") !== "resend") {
    return data<Answer>({ kind: "invalid", canResend: !user.emailVerified }, { status: 400 });
  }
  const redirectTo = safeRedirect(form.get("redirectTo"), "/account");
  // The new link comes back to the page it was asked from (an invitation, say), as the first did.
  const outcome = await resendVerificationMail(user, request, redirectTo);
  if (outcome.ok) throw redirectWithFlash(request, redirectTo, "verificationSent");
  if (outcome.reason === "alreadyVerified") throw redirectWithFlash(request, redirectTo, "emailVerified");
  const limited = tooManyRequests(outcome.retryAfterSeconds, "confirmation mails");
  return data<Answer>({ kind: "tooMany", message: limited.message }, limited.init);
}

const titleClass = "text-3xl font-extrabold tracking-tight text-ink-900";
const textClass = "mt-4 text-lg break-words text-ink-700";

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const answer: Answer = actionData ?? loaderData;
  return (
    <Card className="mx-auto max-w-2xl sm:p-10">
      {answer.kind === "tooMany" ? (
        <>
          <h1 className={titleClass}>No new link yet</h1>
          <p role="alert" className={textClass}>
            {answer.message} The links we sent already work for 24 hours.
          </p>
        </>
      ) : (
        <>
          <h1 className={titleClass}>
            {answer.kind === "expired" ? "This link has expired" : "This link does not work"}
          </h1>
          <p className={textClass}>
            {answer.kind === "expired"
              ? "Links to confirm your email address work for 24 hours."
              : "A link works once, and a newer one replaces it: it may have been used or replaced already."}{" "}
            {answer.canResend ? (
              "Ask for a new one:"
            ) : (
              <>
                If your address is not confirmed yet,{" "}
                <Link to="/account" className="font-semibold underline underline-offset-4">
                  log in
                </Link>{" "}
                and ask for a new link there.
              </>
            )}
          </p>
          {answer.canResend && (
            <ResendVerificationForm redirectTo={answer.next ?? "/account"} className="mt-8" />
          )}
        </>
      )}
    </Card>
  );
}
