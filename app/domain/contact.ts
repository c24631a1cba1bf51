/** Longest accepted values; the form's maxLength attributes use the same numbers. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
} as const;

export const CONTACT_ERRORS = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Please shorten your name to ${CONTACT_LIMITS.name} characters or fewer.`,
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address, like name@example.com.",
  emailTooLong: `Please shorten your email address to ${CONTACT_LIMITS.email} characters or fewer.`,
  subjectRequired: "Please enter a subject.",
  subjectTooLong: `Please shorten the subject to ${CONTACT_LIMITS.subject} characters or fewer.`,
  messageRequired: "Please write your message.",
  messageTooLong: `Please shorten your message to ${CONTACT_LIMITS.message} characters or fewer.`,
} as const;

/** What a link may fill in on the contact form: `/contact?subject=…&message=…` (contactHref). */
export type ContactPrefill = { subject?: string; message?: string };

/* eslint-disable no-control-regex -- dropping control characters is the point */
/**
 * The subject and message a link asks the contact form to start with: each trimmed, cut to
 * the form's limit, the subject on one line, without control characters. Anything else in the
 * query is ignored, and so is an empty or missing value.
 */
export function contactPrefill(search: URLSearchParams): ContactPrefill {
  const prefill: ContactPrefill = {};
  const subject = (search.get("subject") ?? "")
    .replace(/[\u0000-\u001F\u007F]+/g, " ")
    .trim()
    .slice(0, CONTACT_LIMITS.subject)
    .trim();
  const message = (search.get("message") ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .trim()
    .slice(0, CONTACT_LIMITS.message)
    .trim();
  if (subject) prefill.subject = subject;
  if (message) prefill.message = message;
  return prefill;
}
/* eslint-enable no-control-regex */

/** The contact page's address with its form filled in (contactPrefill reads it back). */
export function contactHref(prefill: ContactPrefill): string {
  const query = new URLSearchParams();
  if (prefill.subject) query.set("subject", prefill.subject);
  if (prefill.message) query.set("message", prefill.message);
  const search = query.toString();
  return search ? `/contact?${search}#contact-form-title` : "/contact";
}

/** A message as the staff inbox lists it (dates as ISO strings). */
export type InboxRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  createdAt: string;
  handledAt: string | null;
};

export type InboxMessage = InboxRow & {
  message: string;
  mailedAt: string | null;
  /** The signed-in sender's account, if the message came with one (and it still exists). */
  sender: { id: string; name: string; email: string } | null;
};
