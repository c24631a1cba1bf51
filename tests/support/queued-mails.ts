import { eq } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { job } from "~/backend/db/schema.server";
import { MAIL_JOB, type Mail } from "~/backend/mail/mailer.server";

/** The mails queued (the outbox's jobs) to `to`, oldest first: what integration tests read. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const rows = await (
    await getDb()
  )
    .select({ payload: job.payload })
    .from(job)
    .where(eq(job.kind, MAIL_JOB))
    .orderBy(job.createdAt);
  return rows.map((row) => row.payload as Mail).filter((mail) => mail.to === to);
}
