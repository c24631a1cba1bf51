import { data, redirect } from "react-router";
import { parseSubmission, refuseForm, type Submission } from "~/backend/forms.server";
import { CHAT_ERRORS, CHAT_LIMITS, clientKeySchema, messageBodySchema } from "~/domain/chat";
import { z } from "~/utils/zod";
import type { NewMessage } from "./conversations.server";
import { answerRefusal, type Outcome } from "./vet-care.server";

/* The forms the chat's pages and a consultation's room share: a message, and the vet's End form. */

/** An empty or missing body is allowed here: a photo alone is a message (checked below). */
const messageSchema = z.object({ body: messageBodySchema.prefault("") });

/**
 * A message as the chat's forms post it: `body`, an optional `photo` (its bytes, at most 5 MB:
 * decoded and re-encoded only once the sender may post, in conversations.server.ts) and the `key`
 * the page made. A key no page would make is refused (400). Refused, what was typed comes back
 * to the form, cut to the limit: never lost to a refusal.
 */
export async function readMessageForm(form: FormData): Promise<Submission<NewMessage, "body">> {
  const key = clientKeySchema.safeParse(form.get("key"));
  if (!key.success) refuseForm();
  const submission = await parseSubmission(form, messageSchema, {
    echo: { body: CHAT_LIMITS.message + 100 },
  });
  if (!submission.ok) return submission;
  const { value, reply } = submission;
  const refuse = (formError: string) => ({
    ok: false as const,
    reply: () => reply({ formError }),
    init: { status: 400 },
  });
  const file = form.get("photo");
  let photo: Uint8Array | null = null;
  if (file instanceof File && file.size > 0) {
    if (file.size > CHAT_LIMITS.photoBytes) return refuse(CHAT_ERRORS.photoTooLarge);
    photo = new Uint8Array(await file.arrayBuffer());
  }
  if (!value.body && !photo) return refuse(CHAT_ERRORS.empty);
  return { ok: true, value: { body: value.body, photo, key: key.data }, reply };
}

/**
 * The vet's End form, the same for a conversation and a consultation: one text for the pet's
 * records (`field`: the conversation's summary, the consultation's notes, checked by `text`).
 * Refused, the form comes back with the text typed and why; ended, the page loads again at `then`.
 */
export async function endWithSummary(
  form: FormData,
  { field, text, maxLength }: { field: string; text: z.ZodType<string, string>; maxLength: number },
  end: (text: string) => Promise<Outcome>,
  then: string,
) {
  // A missing field is checked as an empty one: the schema's own sentence, not zod's.
  const schema = z.object({ [field]: text.prefault("") });
  const submission = await parseSubmission(form, schema, { echo: { [field]: maxLength + 100 } });
  if (!submission.ok) return data({ intent: "end" as const, ...submission.reply() }, submission.init);
  const ended = await end(submission.value[field]!);
  if (!ended.ok) {
    return answerRefusal(ended, { intent: "end" as const, ...submission.reply({ formError: ended.error }) });
  }
  throw redirect(then);
}
