import { Badge } from "~/components/ui/badge";
import { URGENCY_LABELS, type Urgency } from "~/domain/triage";
import { cn } from "~/utils/cn";

const LOOK: Record<Urgency, string> = {
  emergency: "bg-red-100 text-red-900 ring-1 ring-red-300",
  today: "bg-accent-100 text-accent-900 ring-1 ring-accent-300",
  "can-wait": "bg-brand-50 text-brand-900 ring-1 ring-brand-200",
  none: "bg-ink-100 text-ink-800",
};

/** A conversation's urgency from what the owner ticked: "Go now", "See a vet today", "Can wait" or "Not assessed". */
export function UrgencyBadge({ urgency, className }: { urgency: Urgency; className?: string }) {
  return (
    <Badge data-urgency={urgency} className={cn(LOOK[urgency], className)}>
      {URGENCY_LABELS[urgency]}
    </Badge>
  );
}
