import { Form, useNavigation } from "react-router";
import { isSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { type DueItem, type DueKind, type DueStatus } from "~/domain/due";
import { formatDate } from "~/domain/time-format";
import { cn } from "~/utils/cn";

const KIND_LABELS: Record<DueKind, string> = {
  vaccine: "Vaccine",
  medication: "Treatment",
  checkup: "Check-up",
  appointment: "Appointment",
};

const STATUS_LABELS: Record<DueStatus, string> = { overdue: "Overdue", soon: "Due soon", later: "Later" };

const STATUS_STYLES: Record<DueStatus, string> = {
  overdue: "bg-red-50 text-red-800 ring-red-200",
  soon: "bg-accent-100 text-accent-900 ring-accent-300",
  later: "bg-ink-50 text-ink-700 ring-ink-100",
};

function StatusBadge({ status }: { status: DueStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
        STATUS_STYLES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

type DueListProps = {
  petId: string;
  petName: string;
  /** The pet's due items, soonest first (dueItemsForPets in backend/due.server.ts). */
  items: readonly DueItem[];
  /** A family member who may only view sees what is due without the buttons. */
  canMark: boolean;
};

/**
 * What a pet is due: overdue items first, then upcoming ones, each with its date and a
 * "Mark done" button (a plain form post to /pets/:id/due, so it works without JavaScript;
 * the action comes back to the pet's page with a toast).
 */
export function DueList({ petId, petName, items, canMark }: DueListProps) {
  const navigation = useNavigation();
  const action = `/pets/${petId}/due`;
  if (items.length === 0) {
    return <p className="text-ink-700">Nothing is due for {petName} right now.</p>;
  }
  return (
    <ul className="divide-y divide-ink-100" aria-label={`What ${petName} is due`}>
      {items.map((item) => {
        const marking = isSubmitting(navigation, { itemKey: item.key }, action);
        return (
          <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 py-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold break-words text-ink-900">{item.title}</span>
                <StatusBadge status={item.status} />
              </p>
              <p className="mt-1 text-sm text-ink-700">
                {KIND_LABELS[item.kind]} ·{" "}
                <time dateTime={item.dueDate}>
                  {item.status === "overdue" ? "was due" : "due"} {formatDate(item.dueDate)}
                </time>
              </p>
              <p className="mt-1 text-sm break-words text-ink-600">{item.detail}</p>
            </div>
            {canMark ? (
              <Form method="post" action={action} data-print-hide>
                <input type="hidden" name="itemKey" value={item.key} />
                <input type="hidden" name="dueDate" value={item.dueDate} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={marking}
                  aria-label={`Mark done: ${item.title}`}
                >
                  {marking ? "Marking…" : "Mark done"}
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One line for a pet's card: the soonest item and when, or that nothing is due. */
export function NextDue({ items }: { items: readonly DueItem[] }) {
  const next = items[0];
  if (!next) return <p className="text-sm text-ink-700">Nothing due</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
      <span>
        Next due: <span className="font-semibold text-ink-900">{next.title}</span>,{" "}
        <time dateTime={next.dueDate}>{formatDate(next.dueDate)}</time>
      </span>
      <StatusBadge status={next.status} />
    </p>
  );
}
