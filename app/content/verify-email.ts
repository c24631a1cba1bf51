/** What signed-in accounts with an unconfirmed address are told, on every page that shows it. */
export const VERIFY_EMAIL = {
  notice: "Please confirm your email address: open the link we mailed you.",
  why: "Until then, family invitations and reminders cannot reach you.",
  joinRefused:
    "To join with this address, confirm it first: open the link we mailed you, then open this invitation again.",
  resend: "Send the link again",
  resending: "Sending…",
} as const;
