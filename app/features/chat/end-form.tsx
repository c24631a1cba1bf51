import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { ignoreSubmitWhile, useSubmitting } from "~/components/ui/use-submitting";
import { CHAT_LIMITS } from "~/domain/chat";
import { CONSULTATION_LIMITS } from "~/domain/consultations";
import { firstProblem, type FormReply } from "~/domain/forms";

/** What the vet ends, and the words of its form: the text goes to the pet's records as a remote consultation. */
const ENDS = {
  conversation: {
    title: "End the conversation",
    field: "summary",
    id: "chat-summary",
    label: (petName: string) => `Summary for ${petName}'s records`,
    hint: undefined,
    rows: undefined,
    maxLength: CHAT_LIMITS.summary,
    submit: "End with this summary",
  },
  consultation: {
    title: "End the consultation",
    field: "notes",
    id: "consultation-notes",
    label: (petName: string) => `Your notes for ${petName}'s records`,
    hint: "The owner gets them by mail too.",
    rows: 5,
    maxLength: CONSULTATION_LIMITS.notes,
    submit: "End with these notes",
  },
} as const;

/**
 * The vet ends a conversation or a consultation with a text for the pet's records. A second
 * submit while the first is on its way is ignored: it would only be told that it has ended.
 */
export function EndForm({
  ends,
  petName,
  result,
}: {
  ends: keyof typeof ENDS;
  petName: string;
  /** The action's refusal, with the text typed. */
  result?: FormReply<string>;
}) {
  const words = ENDS[ends];
  const busy = useSubmitting({ intent: "end" }, { untilLoaded: true });
  const problem = result && firstProblem(result);
  return (
    <Card>
      <Form method="post" aria-label={words.title} onSubmit={ignoreSubmitWhile(busy)}>
        <input type="hidden" name="intent" value="end" />
        <h2 className="text-xl font-bold text-ink-900">{words.title}</h2>
        {problem ? (
          <FormMessage tone="error" title="Not ended." description={problem} className="mt-3" />
        ) : null}
        <div className="mt-3">
          <Field id={words.id} label={words.label(petName)} hint={words.hint}>
            {(control) => (
              <Textarea
                {...control}
                name={words.field}
                required
                rows={words.rows}
                maxLength={words.maxLength}
                defaultValue={result?.values[words.field]}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" className="mt-3" aria-disabled={busy || undefined}>
          {busy ? "Ending…" : words.submit}
        </Button>
      </Form>
    </Card>
  );
}
