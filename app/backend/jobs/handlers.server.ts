import { PASSWORD_RESET_JOB, sendPasswordReset } from "~/backend/auth/account.server";
import { PLAN_SETTLE_JOB, runPlanSettleJob } from "~/backend/billing/plan-changes.server";
import {
  CONSULTATION_REMINDER_JOB,
  sendConsultationReminder,
} from "~/backend/consultations/consultation-mails.server";
import { pushRoomOpens, ROOM_OPENS_JOB } from "~/backend/consultations/consultation-pushes.server";
import { CONTACT_TEAM_MAIL_JOB, mailContactMessageToTeam } from "~/backend/contact-messages.server";
import { MAIL_JOB, sendMail, type Mail } from "~/backend/mail/mailer.server";
import { PUSH_JOB, sendPush } from "~/backend/notifications/push.server";
import { REMINDER_JOB, sendReminder } from "~/backend/reminders.server";
import type { JobHandlers } from "./queue.server";

/** What each kind of job does (host/start.ts runs them; scripts/jobs-run.ts runs one pass). */
export const JOB_HANDLERS: JobHandlers = {
  [MAIL_JOB]: (payload) => sendMail(payload as Mail),
  [CONTACT_TEAM_MAIL_JOB]: mailContactMessageToTeam,
  [PASSWORD_RESET_JOB]: sendPasswordReset,
  [REMINDER_JOB]: sendReminder,
  [PLAN_SETTLE_JOB]: runPlanSettleJob,
  [CONSULTATION_REMINDER_JOB]: sendConsultationReminder,
  [PUSH_JOB]: sendPush,
  [ROOM_OPENS_JOB]: pushRoomOpens,
};
