import { useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useSubmitting } from "~/components/ui/use-submitting";
import { CHAT_LIMITS } from "~/domain/chat";
import { firstProblem, type FormReply } from "~/domain/forms";

/**
 * Writing a message: a plain form that posts and reloads (no JavaScript needed); with the live
 * channel open, text goes over it at once, and a photo still goes with the form.
 */
export function Composer({
  messageKey,
  send,
  failed,
  photos,
  action,
}: {
  messageKey: string;
  send: ((body: string) => void) | null;
  /** The action's refusal of a message sent with the form, with what was typed. */
  failed?: FormReply<"body">;
  photos: boolean;
  /** Where the form posts without the live channel (the page's own action when not given). */
  action?: string;
}) {
  const busy = useSubmitting({ intent: "send" });
  const problem = failed && firstProblem(failed);
  const text = useRef<HTMLTextAreaElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  return (
    <Card className="p-4 sm:p-6" id="composer">
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        aria-label="Send a message"
        onSubmit={(event) => {
          const body = text.current?.value.trim() ?? "";
          const hasPhoto = (photo.current?.files?.length ?? 0) > 0;
          if (!send || hasPhoto || !body) return;
          event.preventDefault();
          send(body);
          text.current!.value = "";
          text.current!.focus();
        }}
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="key" value={messageKey} />
        {problem ? (
          <FormMessage tone="error" title="Not sent." description={problem} className="mb-4" />
        ) : null}
        <Field id="chat-body" label="Your message">
          {(control) => (
            <Textarea
              {...control}
              ref={text}
              name="body"
              rows={3}
              className="min-h-20"
              maxLength={CHAT_LIMITS.message}
              defaultValue={failed?.values.body}
              onKeyDown={(event) => {
                // Enter sends, Shift+Enter starts a new line (as in every chat).
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
          )}
        </Field>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
          {photos ? (
            <Field id="chat-photo" label="Photo (optional, JPEG or PNG, up to 5 MB)">
              {(control) => (
                <input
                  {...control}
                  ref={photo}
                  type="file"
                  name="photo"
                  accept="image/jpeg,image/png"
                  className="block max-w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
                />
              )}
            </Field>
          ) : (
            <span />
          )}
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? "Sending…" : "Send"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
