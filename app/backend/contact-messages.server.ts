import crypto from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/backend/db/client.server";
import { contactMessage, user } from "~/backend/db/schema.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { queueMail, sendMail, supportEmail } from "~/backend/mail/mailer.server";
import type { InboxMessage, InboxRow } from "~/domain/contact";
import type { ContactValues } from "~/domain/contact-schemas";
import { isId } from "~/domain/ids";

/*
 * The contact_message table: messages stored and mailed as they arrive, and the staff inbox
 * that reads and marks them. The account's data export and deletion (account-data.server.ts) read
 * and change a sender's own rows too.
 */

export type ContactSender = {
  /** The signed-in sender's account, or null. */
  user: { id: string; name: string; email: string; emailVerified: boolean } | null;
};

export const CONTACT_TEAM_MAIL_JOB = "contact-team-mail";

/**
 * The key that makes a retried post store one message: the one the form made when it
 * rendered, or, from a form without one (no JavaScript), the content itself on that day.
 */
function submissionKeyOf({ submissionKey, name, email, subject, message }: ContactValues, now: Date) {
  if (submissionKey) return `form:${submissionKey}`;
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([name, email, subject, message]))
    .digest("hex");
  return `content:${now.toISOString().slice(0, 10)}:${digest}`;
}

/**
 * Stores a validated contact message and, in the same transaction, queues its mail to the
 * team (and a receipt to a signed-in sender's own address). Once this returns the message and
 * its mails are safe: the job runner sends them, retrying until the mail server takes them.
 * A retry of a post already stored (same submission key) stores nothing new.
 */
export async function submitContactMessage(
  values: ContactValues,
  { user: sender }: ContactSender,
): Promise<{ id: string; duplicate: boolean }> {
  const db = await getDb();
  const submissionKey = submissionKeyOf(values, new Date());
  const { submissionKey: _formKey, ...fields } = values;
  const stored = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contactMessage)
      .values({ ...fields, userId: sender?.id ?? null, submissionKey })
      .onConflictDoNothing({ target: contactMessage.submissionKey })
      .returning({ id: contactMessage.id });
    if (!inserted) return undefined;
    await enqueueJob(
      CONTACT_TEAM_MAIL_JOB,
      { messageId: inserted.id },
      { key: `contact-team:${inserted.id}`, db: tx, userId: sender?.id },
    );
    // Only to the sender's own account address once it is verified, and never quoting the
    // message: a form that mails whatever address it is given would be a spam relay.
    if (sender?.emailVerified)
      await queueMail(receiptMail(sender), {
        key: `contact-receipt:${inserted.id}`,
        db: tx,
        userId: sender.id,
      });
    return inserted;
  });
  if (stored) {
    console.info("[contact] message stored", { id: stored.id });
    return { id: stored.id, duplicate: false };
  }
  const [existing] = await db
    .select({ id: contactMessage.id })
    .from(contactMessage)
    .where(eq(contactMessage.submissionKey, submissionKey));
  console.info("[contact] retried post, already stored", { id: existing?.id });
  return { id: existing!.id, duplicate: true };
}

/** The job that mails a stored message to the team (once: it notes when it did). */
export async function mailContactMessageToTeam(payload: unknown) {
  const { messageId } = payload as { messageId: string };
  const db = await getDb();
  const [message] = await db.select().from(contactMessage).where(eq(contactMessage.id, messageId));
  if (!message || message.mailedAt) return;
  await sendMail(teamMail(message));
  await db.update(contactMessage).set({ mailedAt: new Date() }).where(eq(contactMessage.id, messageId));
}

function teamMail(message: typeof contactMessage.$inferSelect) {
  return {
    to: supportEmail(),
    replyTo: message.email,
    subject: `[Contact] ${message.subject}`,
    text: [
      `From: ${message.name} <${message.email}>${message.userId ? ` (signed in, user ${message.userId})` : ""}`,
      `Message id: ${message.id}`,
      "",
      message.message,
    ].join("\n"),
  };
}

function receiptMail(sender: { name: string; email: string }) {
  return {
    to: sender.email,
    replyTo: supportEmail(),
    subject: "We received your message",
    text: [
      `Hello ${sender.name},`,
      "",
      "Thank you for contacting PawPal. We received your message and will get back to you within 24 hours.",
    ].join("\n"),
  };
}

// The staff inbox (/admin/messages).

export const INBOX_PAGE_SIZE = 20;

/** The page number in `?page=N`: a whole number from 1, anything else is page 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const raw = search.get("page");
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** One page of the inbox, newest first, and how many pages there are. */
export async function listMessages(page: number) {
  const db = await getDb();
  const [total] = await db.select({ value: count() }).from(contactMessage);
  const rows = await db
    .select({
      id: contactMessage.id,
      name: contactMessage.name,
      email: contactMessage.email,
      subject: contactMessage.subject,
      createdAt: contactMessage.createdAt,
      handledAt: contactMessage.handledAt,
    })
    .from(contactMessage)
    .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const totalCount = total?.value ?? 0;
  return {
    rows: rows.map((row): InboxRow => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
    })),
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / INBOX_PAGE_SIZE)),
  };
}

/** One message with its sender's account, or null when there is none with this id. */
export async function getMessage(id: string): Promise<InboxMessage | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      message: contactMessage,
      sender: { id: user.id, name: user.name, email: user.email },
    })
    .from(contactMessage)
    .leftJoin(user, eq(contactMessage.userId, user.id))
    .where(eq(contactMessage.id, id));
  if (!row) return null;
  const { message } = row;
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    mailedAt: message.mailedAt?.toISOString() ?? null,
    handledAt: message.handledAt?.toISOString() ?? null,
    sender: row.sender?.id ? row.sender : null,
  };
}

/** Marks a message handled (once: the first time stays). False when there is no such message. */
export async function markHandled(id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const db = await getDb();
  const message = await getMessage(id);
  if (!message) return false;
  if (!message.handledAt) {
    await db.update(contactMessage).set({ handledAt: new Date() }).where(eq(contactMessage.id, id));
  }
  return true;
}

/** An account's deletion: the messages it sent signed in are in its export, and go with it (decision 12). */
export async function deleteSignedInMessagesOf(tx: Transaction, userId: string) {
  await tx.delete(contactMessage).where(eq(contactMessage.userId, userId));
}
