import { eq } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { job } from "~/backend/db/schema.server";
import { MAIL_JOB, type Mail } from "~/backend/mail/mailer.server";

/*
 * The one reader of queued mails (the outbox's jobs: backend/mail/mailer.server.ts queueMail),
 * for integration tests. Mails a server has sent are outbox.ts's.
 */

/** A queued mail, with the account its job belongs to and whether the job has run. */
export type QueuedMail = Mail & { userId: string | null; sent: boolean };

/** Every queued mail, oldest first; only those to `to` (exactly that address) when given. */
export async function queuedMails(to?: string): Promise<QueuedMail[]> {
  const rows = await (
    await getDb()
  )
    .select({ payload: job.payload, userId: job.userId, doneAt: job.doneAt })
    .from(job)
    .where(eq(job.kind, MAIL_JOB))
    .orderBy(job.createdAt, job.id);
  return rows
    .map((row) => ({ ...(row.payload as Mail), userId: row.userId, sent: row.doneAt !== null }))
    .filter((mail) => to === undefined || mail.to === to);
}

/** The mails queued to `to`, oldest first. */
export const mailsTo = (to: string) => queuedMails(to);
