import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/account";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { BRAND } from "~/content/site";
import { DeleteAccountForm } from "~/features/account/delete-account-form";
import { NameForm } from "~/features/account/name-form";
import { PasswordForm } from "~/features/account/password-form";
import { SessionList } from "~/features/account/session-list";
import {
  ACCOUNT_ERRORS,
  changeNameSchema,
  changePasswordSchema,
  deleteAccountSchema,
} from "~/domain/account";
import { AUTH_LIMITS } from "~/domain/auth";
import { deleteAccount } from "~/backend/account-data.server";
import { PaymentsUnavailableError } from "~/backend/billing/stripe.server";
import { endSubscriptionOfDeletedAccount } from "~/backend/billing/subscriptions.server";
import { submitLogout } from "~/backend/auth/account.server";
import {
  changeName,
  changePassword,
  currentSessionId,
  endOtherSessions,
  endSession,
  listSessions,
  verifyPassword,
} from "~/backend/auth/account-settings.server";
import { requireUser } from "~/backend/auth/session.server";
import { redirectWithFlash, type FlashKind } from "~/backend/flash.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { isAuthId } from "~/domain/ids";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Account settings — ${BRAND}`,
      description: `Your ${BRAND} account: name, password, signed-in devices, your data and deleting the account.`,
      path: "/account",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** A request that signed in, then lost its session mid-way: log in again. */
async function requireSessionId(request: Request) {
  const id = await currentSessionId(request);
  if (!id) throw redirect("/auth?redirectTo=%2Faccount");
  return id;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const sessions = await listSessions(user.id, await requireSessionId(request));
  return data({ name: user.name, email: user.email, sessions });
}

/**
 * name, password, end-session, end-other-sessions or delete. Each success redirects with a
 * one-time message (the toast); a rejected form is answered with its errors.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const done = (kind: FlashKind, headers?: Headers, to = "/account") =>
    redirectWithFlash(request, to, kind, headers);
  // Password checks count against a per-account limit, like guesses at the login form.
  const passwordLimit = { bucket: "accountPassword", key: user.id } as const;

  if (intent === "name") {
    const submission = await parseSubmission(form, changeNameSchema, { echo: { name: AUTH_LIMITS.name } });
    if (!submission.ok) return data({ intent: "name" as const, ...submission.reply() }, submission.init);
    await changeName(submission.value.name, request);
    throw done("nameChanged");
  }

  if (intent === "password") {
    const submission = await parseSubmission(form, changePasswordSchema, { rateLimit: passwordLimit });
    if (!submission.ok) return data({ intent: "password" as const, ...submission.reply() }, submission.init);
    const outcome = await changePassword(submission.value, request);
    if (!outcome.ok) {
      const errors = { currentPassword: ACCOUNT_ERRORS[outcome.reason] };
      return data({ intent: "password" as const, ...submission.reply({ errors }) }, { status: 400 });
    }
    throw done("accountPasswordChanged", outcome.headers);
  }

  if (intent === "end-session") {
    const sessionId = form.get("sessionId");
    const currentId = await requireSessionId(request);
    // Someone else's session, an ended one, or this device's: nothing to end here.
    if (!isAuthId(sessionId) || !(await endSession(user.id, sessionId, currentId))) {
      throw data(null, { status: 404 });
    }
    throw done("sessionEnded");
  }

  if (intent === "end-other-sessions") {
    await endOtherSessions(user.id, await requireSessionId(request));
    throw done("otherSessionsEnded");
  }

  if (intent === "delete") {
    const submission = await parseSubmission(form, deleteAccountSchema, { rateLimit: passwordLimit });
    if (!submission.ok) return data({ intent: "delete" as const, ...submission.reply() }, submission.init);
    const verdict = await verifyPassword(submission.value.password, request);
    if (verdict !== true) {
      const errors = { password: ACCOUNT_ERRORS[verdict] };
      return data({ intent: "delete" as const, ...submission.reply({ errors }) }, { status: 400 });
    }
    try {
      await endSubscriptionOfDeletedAccount(user.id);
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      const formError =
        "Your subscription could not be ended with our payment provider just now, so your account was not deleted: please try again in a few minutes.";
      return data({ intent: "delete" as const, ...submission.reply({ formError }) }, { status: 503 });
    }
    await deleteAccount(user.id);
    console.info("[account] deleted", { userId: user.id });
    // The session is gone with the account; this clears its cookies.
    throw done("accountDeleted", await submitLogout(request), "/");
  }

  refuseForm();
}

function SettingsSection({
  id,
  title,
  intro,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  intro: string;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className={tone === "danger" ? "ring-red-200 sm:p-8" : "sm:p-8"}>
        <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
          {title}
        </h2>
        <p className="mt-2 mb-6 text-ink-700">{intro}</p>
        {children}
      </Card>
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, sessions } = loaderData;
  // A changed password starts a new session for this device: the form starts over, empty.
  const passwordFormKey = sessions.find((session) => session.current)?.id;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Account settings</h1>
      <p className="mt-4 text-lg break-words text-ink-700">
        Signed in as <strong className="font-semibold text-ink-900">{email}</strong>.
      </p>
      <nav aria-label="More settings" className="mt-6">
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link to="/account/plan" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Your plan and billing
            </Link>
          </li>
          <li>
            <Link to="/account/reminders" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Reminders and calendar
            </Link>
          </li>
          <li>
            <Link
              to="/account/notifications"
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              Notifications
            </Link>
          </li>
          <li>
            <Link to="/family" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Family sharing
            </Link>
          </li>
        </ul>
      </nav>

      <div className="mt-10 space-y-8">
        <SettingsSection
          id="name"
          title="Your name"
          intro="Shown in the header and to the family you share pets with."
        >
          <NameForm name={name} result={resultFor(actionData, "name")} />
        </SettingsSection>

        <SettingsSection
          id="password"
          title="Password"
          intro="Changing your password signs you out on every other device."
        >
          <PasswordForm key={passwordFormKey} result={resultFor(actionData, "password")} />
        </SettingsSection>

        <SettingsSection
          id="sessions"
          title="Signed-in devices"
          intro="Where your account is signed in now. Sign out any device you do not recognise, then change your password."
        >
          <SessionList sessions={sessions} />
        </SettingsSection>

        <SettingsSection
          id="export"
          title="Your data"
          intro="Everything we hold about you, in one JSON file: your profile, devices, pets and their records, family sharing, settings, your plan and the messages you sent us."
        >
          {/* A file download, not a page: the browser fetches it itself. */}
          <a href="/account/export" download className={buttonVariants({ variant: "secondary" })}>
            Download my data
          </a>
        </SettingsSection>

        <SettingsSection
          id="delete"
          title="Delete account"
          tone="danger"
          intro="This deletes your account, your pets with all their records, your family sharing and everything else that belongs to your account, for good, and ends a plan you pay for (nothing more is charged). Download your data first if you want to keep it."
        >
          <DeleteAccountForm result={resultFor(actionData, "delete")} />
        </SettingsSection>
      </div>
    </div>
  );
}
