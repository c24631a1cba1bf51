import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatUtcMoment } from "~/domain/time-format";
import { replyHref } from "./format";
import { HandledBadge } from "./inbox-list";
import type { InboxMessage } from "~/domain/contact";

/**
 * One message in full, with a reply link, the form that marks it handled and, for an admin and a
 * signed-in sender, a link to set that account's plan (filled in from "Upgrade to …").
 */
export function MessageView({
  message,
  setPlanHref,
}: {
  message: InboxMessage;
  setPlanHref?: string | null;
}) {
  const saving = useSubmitting();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <Link
        to="/admin/messages"
        className="text-sm font-semibold text-brand-800 underline underline-offset-4"
      >
        Back to messages
      </Link>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-extrabold tracking-tight break-words text-ink-900 sm:text-3xl">
          {message.subject}
        </h1>
        <HandledBadge handled={message.handledAt !== null} />
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-ink-900">From</dt>
        <dd className="break-words text-ink-700">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="font-semibold text-ink-900">Account</dt>
        <dd className="break-words text-ink-700" data-testid="message-account">
          {message.sender ? `Signed in as ${message.sender.name} <${message.sender.email}>` : "Not signed in"}
        </dd>
        <dt className="font-semibold text-ink-900">Received</dt>
        <dd className="text-ink-700">
          <time dateTime={message.createdAt}>{formatUtcMoment(message.createdAt)}</time>
        </dd>
        <dt className="font-semibold text-ink-900">Mailed to the team</dt>
        <dd className="text-ink-700">{message.mailedAt ? formatUtcMoment(message.mailedAt) : "Not yet"}</dd>
        <dt className="font-semibold text-ink-900">Handled</dt>
        <dd className="text-ink-700">{message.handledAt ? formatUtcMoment(message.handledAt) : "Not yet"}</dd>
      </dl>
      <div
        data-testid="message-text"
        className="mt-6 rounded-2xl bg-white p-6 break-words whitespace-pre-wrap text-ink-900 shadow-sm ring-1 ring-ink-100"
      >
        {message.message}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={replyHref(message.email, message.subject)}
          className={buttonVariants({ variant: "primary" })}
        >
          <Icon name="mail" /> Reply by email
        </a>
        {setPlanHref ? (
          <Link to={setPlanHref} className={buttonVariants({ variant: "secondary" })}>
            Set this account&apos;s plan
          </Link>
        ) : null}
        {message.handledAt ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="handled" />
            <Button type="submit" variant="secondary" disabled={saving}>
              {saving ? "Saving…" : "Mark as handled"}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
