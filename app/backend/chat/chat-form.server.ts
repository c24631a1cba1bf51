import { refuseForm } from "~/backend/forms.server";
import { CHAT_ERRORS, CHAT_LIMITS, clientKeySchema, messageBodySchema } from "~/domain/chat";
import type { NewMessage } from "./conversations.server";

export type MessageForm = { ok: true; message: NewMessage } | { ok: false; error: string; body: string };

/**
 * A message as the chat's forms post it: `body`, an optional `photo` (its bytes, at most 5 MB:
 * decoded and re-encoded only once the sender may post, in conversations.server.ts) and the `key`
 * the page made. A key no page would make is refused (400).
 */
export async function readMessageForm(form: FormData): Promise<MessageForm> {
  const key = clientKeySchema.safeParse(form.get("key"));
  if (!key.success) refuseForm();
  const raw = form.get("body");
  const typed = typeof raw === "string" ? raw : "";
  const body = messageBodySchema.safeParse(typed);
  // What was typed comes back to the form, cut to the limit: never lost to a refusal.
  const echo = typed.slice(0, CHAT_LIMITS.message + 100);
  if (!body.success) return { ok: false, error: body.error.issues[0]!.message, body: echo };
  const file = form.get("photo");
  let photo: Uint8Array | null = null;
  if (file instanceof File && file.size > 0) {
    if (file.size > CHAT_LIMITS.photoBytes)
      return { ok: false, error: CHAT_ERRORS.photoTooLarge, body: echo };
    photo = new Uint8Array(await file.arrayBuffer());
  }
  if (!body.data && !photo) return { ok: false, error: CHAT_ERRORS.empty, body: echo };
  return { ok: true, message: { body: body.data, photo, key: key.data } };
}
