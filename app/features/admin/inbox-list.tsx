import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { formatUtcMoment } from "~/domain/time-format";
import type { InboxRow } from "~/domain/contact";

type InboxListProps = {
  rows: readonly InboxRow[];
  page: number;
  pageCount: number;
  total: number;
};

/** The staff inbox: one page of messages, newest first, with links to the pages around it. */
export function InboxList({ rows, page, pageCount, total }: InboxListProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">Messages</h1>
      <p className="mt-2 text-ink-700">
        {total === 0
          ? "No messages yet."
          : `${total} message${total === 1 ? "" : "s"}, newest first. Page ${page} of ${pageCount}.`}
      </p>
      {rows.length > 0 ? (
        <ul
          aria-label="Messages"
          className="mt-6 divide-y divide-ink-100 rounded-2xl bg-white shadow-sm ring-1 ring-ink-100"
        >
          {rows.map((row) => (
            <li key={row.id} data-testid="inbox-row">
              <Link
                to={`/admin/messages/${row.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-brand-50 focus-visible:bg-brand-50 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink-900">{row.subject}</span>
                  <span className="block truncate text-sm text-ink-700">
                    {row.name} &lt;{row.email}&gt;
                  </span>
                </span>
                <span className="flex items-center gap-3 text-sm text-ink-700">
                  <time dateTime={row.createdAt}>{formatUtcMoment(row.createdAt)}</time>
                  <HandledBadge handled={row.handledAt !== null} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : page > 1 ? (
        <p className="mt-6 text-ink-700">There are no messages on this page.</p>
      ) : null}
      {pageCount > 1 || page > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link
              to={`/admin/messages?page=${Math.min(page - 1, pageCount)}`}
              rel="prev"
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              Previous page
            </Link>
          ) : (
            <span />
          )}
          {page < pageCount ? (
            <Link
              to={`/admin/messages?page=${page + 1}`}
              rel="next"
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function HandledBadge({ handled }: { handled: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        handled ? "bg-ink-100 text-ink-800" : "bg-accent-100 text-accent-900",
      )}
    >
      {handled ? "Handled" : "Open"}
    </span>
  );
}
