import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SHARE_SECTION_LABELS, type ShareState, type ShareSummary } from "~/domain/shares";
import { formatDateTime } from "~/domain/time-format";

const STATE_WORDS: Record<ShareState, string> = { active: "Works", ended: "Ended", expired: "Expired" };

/**
 * Every share of the pet, newest first: what it shows, for whom, until when, each time it was
 * opened, and for a working one the button that ends it at once.
 */
export function ShareList({ shares, timeZone }: { shares: readonly ShareSummary[]; timeZone: string }) {
  if (shares.length === 0) return <p className="mt-3 text-ink-700">No share links yet.</p>;
  return (
    <ul className="mt-4 space-y-4">
      {shares.map((share) => (
        <li key={share.id} className="rounded-xl p-4 ring-1 ring-ink-100" aria-label={shareLabel(share)}>
          <div className="flex flex-wrap items-center gap-2">
            <Badge className={share.state === "active" ? undefined : "bg-ink-100 text-ink-700"}>
              {STATE_WORDS[share.state]}
            </Badge>
            <p className="font-semibold break-words text-ink-900">{share.note ?? "No note"}</p>
          </div>
          <p className="mt-2 text-sm text-ink-700">
            {share.sections.map((section) => SHARE_SECTION_LABELS[section]).join(", ")}
          </p>
          <p className="mt-1 text-sm text-ink-700">
            Made {formatDateTime(share.createdAt, timeZone)}
            {share.createdByName && !share.madeByYou ? ` by ${share.createdByName}` : ""} ·{" "}
            {share.state === "ended" && share.endedAt
              ? `ended ${formatDateTime(share.endedAt, timeZone)}`
              : `${share.state === "active" ? "works until" : "expired"} ${formatDateTime(share.expiresAt, timeZone)}`}
          </p>
          <ShareViews share={share} timeZone={timeZone} />
          {share.state === "active" ? <EndShareButton share={share} /> : null}
        </li>
      ))}
    </ul>
  );
}

function shareLabel(share: ShareSummary) {
  return `Share link${share.note ? ` ${share.note}` : ""}, ${STATE_WORDS[share.state].toLowerCase()}`;
}

function ShareViews({ share, timeZone }: { share: ShareSummary; timeZone: string }) {
  if (share.viewCount === 0) return <p className="mt-2 text-sm text-ink-600">Not opened yet.</p>;
  return (
    <div className="mt-2">
      <p className="text-sm font-semibold text-ink-800">
        Opened {share.viewCount === 1 ? "once" : `${share.viewCount} times`}
        {share.viewCount > share.views.length ? ` (the latest ${share.views.length})` : ""}
      </p>
      <ul className="mt-1 space-y-0.5 text-sm text-ink-700">
        {share.views.map((view, index) => (
          // Two openings can share a millisecond.
          <li key={`${view.at}-${index}`}>
            {formatDateTime(view.at, timeZone)}, {view.client}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EndShareButton({ share }: { share: ShareSummary }) {
  const submitting = useSubmitting({ intent: "end-share", shareId: share.id });
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="end-share" />
      <input type="hidden" name="shareId" value={share.id} />
      <Button type="submit" variant="secondary" size="sm" disabled={submitting}>
        {submitting ? "Ending…" : "End this link now"}
      </Button>
    </Form>
  );
}
