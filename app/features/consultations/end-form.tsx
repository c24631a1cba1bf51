import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { CONSULTATION_LIMITS } from "~/domain/consultations";
import { useFormInFlight } from "./use-form-in-flight";

/** The vet ends the consultation with notes for the pet's records; a second submit in flight is ignored. */
export function EndForm({ failed, petName }: { failed?: { error: string; body: string }; petName: string }) {
  const busy = useFormInFlight({ intent: "end" });
  return (
    <Card>
      <Form
        method="post"
        aria-label="End the consultation"
        onSubmit={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="end" />
        <h2 className="text-xl font-bold text-ink-900">End the consultation</h2>
        {failed ? (
          <FormMessage tone="error" title="Not ended." description={failed.error} className="mt-3" />
        ) : null}
        <div className="mt-3">
          <Field
            id="consultation-notes"
            label={`Your notes for ${petName}'s records`}
            hint="The owner gets them by mail too."
          >
            {(control) => (
              <Textarea
                {...control}
                name="notes"
                required
                rows={5}
                maxLength={CONSULTATION_LIMITS.notes}
                defaultValue={failed?.body}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" className="mt-3" aria-disabled={busy || undefined}>
          {busy ? "Ending…" : "End with these notes"}
        </Button>
      </Form>
    </Card>
  );
}
