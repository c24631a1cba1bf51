import { ErrorSummary, errorSummaryItems } from "~/components/ui/form-message";
import { FormError } from "~/components/ui/form-error";
import type { FormReply } from "~/domain/forms";

/**
 * Above a form: a problem of the whole form (too many attempts), and, for visitors without
 * JavaScript whose page reloaded, the list of field errors linked to their fields.
 */
export function FormProblems<Field extends string>({
  result,
  hydrated,
  fieldIds,
}: {
  result: FormReply<Field> | undefined;
  hydrated: boolean;
  fieldIds: Record<Field, string>;
}) {
  if (!result) return null;
  return (
    <>
      {result.formError ? <FormError message={result.formError} /> : null}
      {!hydrated ? <ErrorSummary items={errorSummaryItems(result.errors, fieldIds)} /> : null}
    </>
  );
}
