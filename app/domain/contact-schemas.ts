import { z } from "~/utils/zod";
import { CONTACT_ERRORS, CONTACT_LIMITS } from "./contact";
import { multiLine, singleLine } from "./text";

/*
 * The contact form's schema, apart from its limits and messages (contact.ts): the route action
 * imports it, and the form loads it when a visitor first uses it, so the contact page's first
 * scripts carry no zod.
 */

/** A required, trimmed text value with a length limit. */
function requiredText(limit: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(limit, tooLong);
}

/** Made by the form when it renders (letters, digits, dashes); anything else is ignored. */
const SUBMISSION_KEY = /^[A-Za-z0-9-]{16,64}$/;

/** The contact form, checked the same way in the browser and in the route action. */
export const contactSchema = z.object({
  name: singleLine(
    requiredText(CONTACT_LIMITS.name, CONTACT_ERRORS.nameRequired, CONTACT_ERRORS.nameTooLong),
  ),
  email: requiredText(CONTACT_LIMITS.email, CONTACT_ERRORS.emailRequired, CONTACT_ERRORS.emailTooLong).pipe(
    z.email(CONTACT_ERRORS.emailInvalid),
  ),
  subject: singleLine(
    requiredText(CONTACT_LIMITS.subject, CONTACT_ERRORS.subjectRequired, CONTACT_ERRORS.subjectTooLong),
  ),
  message: multiLine(
    requiredText(CONTACT_LIMITS.message, CONTACT_ERRORS.messageRequired, CONTACT_ERRORS.messageTooLong),
  ),
  /** Lets a retried post store one message (see backend/contact-messages.server.ts). */
  submissionKey: z.string().regex(SUBMISSION_KEY).optional().catch(undefined),
});

export type ContactValues = z.output<typeof contactSchema>;

export type ContactField = Exclude<keyof ContactValues, "submissionKey">;
