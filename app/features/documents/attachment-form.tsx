import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useSubmitting } from "~/components/ui/use-submitting";
import { ATTACHMENT_LIMITS } from "~/domain/attachments";

/** A record the file may belong to, as the choice names it ("Vaccination: Rabies, Nov 15, 2026"). */
export type RecordChoice = { id: string; label: string };

const FILE_CLASSES =
  "block w-full max-w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900";

/**
 * Attach a photo or a PDF: the file, a title (the file's name if left empty) and the record it
 * belongs to. A plain multipart form: the server judges the file by its bytes, so the answer
 * (the error, or the new file in the list) is the same with or without JavaScript.
 */
export function AttachmentForm({
  records,
  error,
  values,
}: {
  records: readonly RecordChoice[];
  error: string | undefined;
  values: { title?: string; recordId?: string } | undefined;
}) {
  const submitting = useSubmitting({ intent: "add-attachment" });
  return (
    <Form method="post" encType="multipart/form-data" aria-label="Attach a document" className="space-y-4">
      <input type="hidden" name="intent" value="add-attachment" />
      {error ? <FormMessage tone="error" title={error} description="" /> : null}
      <Field
        id="attachment-file"
        label="Photo or PDF"
        hint={`A vaccine card, a certificate, an invoice: JPEG, PNG or PDF, up to ${ATTACHMENT_LIMITS.fileBytes / 1024 / 1024} MB and ${ATTACHMENT_LIMITS.pdfPages} pages. Photos are stored without their location or camera details.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name="file"
            required
            accept="image/jpeg,image/png,application/pdf"
            className={FILE_CLASSES}
          />
        )}
      </Field>
      <Field id="attachment-title" label="Title (optional)" hint="The file's name if you leave it empty.">
        {(control) => (
          <Input
            {...control}
            name="title"
            maxLength={ATTACHMENT_LIMITS.title}
            defaultValue={values?.title}
            placeholder="Rabies certificate 2026"
          />
        )}
      </Field>
      {records.length > 0 ? (
        <Field id="attachment-record" label="Belongs to (optional)">
          {(control) => (
            <Select {...control} name="recordId" defaultValue={values?.recordId ?? ""}>
              <option value="">The pet as a whole</option>
              {records.map((record) => (
                <option key={record.id} value={record.id}>
                  {record.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Button type="submit" aria-disabled={submitting || undefined}>
        {submitting ? "Attaching…" : "Attach"}
      </Button>
    </Form>
  );
}
