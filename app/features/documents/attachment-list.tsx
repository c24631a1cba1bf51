import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { useSubmitting } from "~/components/ui/use-submitting";
import { describeAttachment, type Attachment } from "~/domain/attachments";
import { formatDateTime } from "~/domain/time-format";

/**
 * The pet's documents, newest first: each opens (a photo) or downloads (a PDF) from
 * /pets/<id>/documents/<attachmentId>, with who attached it, when, the record it belongs to, and
 * for those who may, its removal.
 */
export function AttachmentList({
  attachments,
  recordLabels,
  timeZone,
}: {
  /** Each with whether the family's rule lets the reader remove it. */
  attachments: readonly (Attachment & { removable: boolean })[];
  recordLabels: Readonly<Record<string, string>>;
  timeZone: string;
}) {
  if (attachments.length === 0) return <p className="mt-3 text-ink-700">No documents yet.</p>;
  return (
    <ul className="mt-4 space-y-3">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="rounded-xl p-4 ring-1 ring-ink-100">
          <a
            href={`/pets/${attachment.petId}/documents/${attachment.id}`}
            className="font-semibold break-words text-brand-800 underline underline-offset-4"
          >
            {attachment.title}
          </a>
          <p className="mt-1 text-sm text-ink-700">
            {describeAttachment(attachment)} · added {formatDateTime(attachment.createdAt, timeZone)}
            {attachment.addedByName && !attachment.addedByYou ? ` by ${attachment.addedByName}` : ""}
          </p>
          {attachment.recordId && recordLabels[attachment.recordId] ? (
            <p className="mt-1 text-sm text-ink-700">With {recordLabels[attachment.recordId]}</p>
          ) : null}
          {attachment.removable ? <RemoveButton attachment={attachment} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RemoveButton({ attachment }: { attachment: Attachment }) {
  const submitting = useSubmitting({ intent: "remove-attachment", attachmentId: attachment.id });
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="remove-attachment" />
      <input type="hidden" name="attachmentId" value={attachment.id} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={submitting}
        aria-label={`Remove ${attachment.title}`}
      >
        {submitting ? "Removing…" : "Remove"}
      </Button>
    </Form>
  );
}
