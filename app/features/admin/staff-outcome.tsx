import { FormMessage } from "~/components/ui/form-message";

/** What a staff form (a plan set by hand, a staff account) did: done, with what, or nothing changed, and why. */
export function StaffOutcome({
  outcome,
  className,
}: {
  outcome: { ok: true; message: string } | { ok: false; error: string } | undefined;
  className?: string;
}) {
  if (!outcome) return null;
  return (
    <FormMessage
      tone={outcome.ok ? "success" : "error"}
      title={outcome.ok ? "Done." : "Nothing changed."}
      description={outcome.ok ? outcome.message : outcome.error}
      className={className}
    />
  );
}
