import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ignoreSubmitWhile, useSubmitting } from "~/components/ui/use-submitting";

/** What the cancel's question names. */
export type CancelSubject = { id: string; petName: string; vetName: string; when: string };

export function cancelQuestion({ petName, when }: CancelSubject) {
  return `Cancel the consultation for ${petName} at ${when}?`;
}

export function cancelNote({ vetName }: CancelSubject) {
  return `Its time becomes free for someone else, and ${vetName} is told by mail.`;
}

/**
 * The cancel's second step: "Yes, cancel" posts it, confirmed; `keep` leaves it as it is (a link
 * back to the page without JavaScript, the dialog's close button with it). A second submit while
 * the first is on its way is ignored.
 */
export function CancelConfirmForm({
  consultation,
  timeZone,
  keep,
}: {
  consultation: CancelSubject;
  timeZone: string;
  keep: ReactNode;
}) {
  const cancelling = useSubmitting({ intent: "cancel", id: consultation.id }, { untilLoaded: true });
  return (
    <Form
      method="post"
      aria-label="Cancel the consultation"
      className="mt-4 flex flex-wrap items-center gap-3"
      onSubmit={ignoreSubmitWhile(cancelling)}
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="id" value={consultation.id} />
      <input type="hidden" name="timeZone" value={timeZone} />
      <input type="hidden" name="confirmed" value="yes" />
      <Button type="submit" size="sm" variant="destructive" aria-disabled={cancelling || undefined}>
        {cancelling ? "Cancelling…" : "Yes, cancel"}
      </Button>
      {keep}
    </Form>
  );
}
