import { PASSWORD_RESET_JOB, sendPasswordReset } from "~/server/auth/account.server";
import { CONTACT_TEAM_MAIL_JOB, mailContactMessageToTeam } from "~/server/contact-messages.server";
import { MAIL_JOB, sendMail, type Mail } from "~/server/mail/mailer.server";
import { REMINDER_JOB, sendReminder } from "~/server/reminders.server";
import type { JobHandlers } from "./queue.server";

/** What each kind of job does (server/start.ts runs them; scripts/jobs-run.ts runs one pass). */
export const JOB_HANDLERS: JobHandlers = {
  [MAIL_JOB]: (payload) => sendMail(payload as Mail),
  [CONTACT_TEAM_MAIL_JOB]: mailContactMessageToTeam,
  [PASSWORD_RESET_JOB]: sendPasswordReset,
  [REMINDER_JOB]: sendReminder,
};
