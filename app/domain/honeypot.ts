/**
 * A field people never see or fill in: only form-filling bots do. Its name sounds like a
 * real field so that they do.
 */
export const HONEYPOT_FIELD = "website";

/** True when the hidden field came back with anything in it: a bot, answered as if it worked. */
export function isHoneypotFilled(formData: FormData): boolean {
  return formData.getAll(HONEYPOT_FIELD).some((value) => typeof value !== "string" || value.trim() !== "");
}
