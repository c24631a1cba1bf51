import { count, desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { contactMessage, user } from "~/server/db/schema.server";
import { sendMail, supportEmail } from "~/server/mail/mailer.server";
import type { ContactValues, InboxMessage, InboxRow } from "~/domain/contact";

/*
 * The contact_message table: messages stored and mailed as they arrive, and the staff inbox
 * that reads and marks them.
 */

export type ContactSender = {
  /** The signed-in sender's user id, or null. */
  userId: string | null;
};

/**
 * Stores a validated contact message, then mails it to the team (reply-to the sender) and
 * a receipt to the sender. Storing comes first: once it returns the message is safe, so a
 * mail failure is only logged (mailedAt stays null, the message can be mailed again later).
 */
export async function submitContactMessage(
  values: ContactValues,
  { userId }: ContactSender,
): Promise<{ id: string }> {
  const db = await getDb();
  const [stored] = await db
    .insert(contactMessage)
    .values({ ...values, userId })
    .returning({ id: contactMessage.id, createdAt: contactMessage.createdAt });
  if (!stored) throw new Error("The contact message was not stored.");
  console.info("[contact] message stored", { id: stored.id });

  try {
    await sendMail(teamMail(values, stored.id, userId));
    await db.update(contactMessage).set({ mailedAt: new Date() }).where(eq(contactMessage.id, stored.id));
  } catch (error) {
    console.error(`[contact] message ${stored.id} is stored but could not be mailed to the team`, error);
  }
  try {
    await sendMail(receiptMail(values));
  } catch (error) {
    console.error(`[contact] the receipt for message ${stored.id} could not be mailed`, error);
  }
  return { id: stored.id };
}

function teamMail(values: ContactValues, id: string, userId: string | null) {
  return {
    to: supportEmail(),
    replyTo: values.email,
    subject: `[Contact] ${values.subject}`,
    text: [
      `From: ${values.name} <${values.email}>${userId ? ` (signed in, user ${userId})` : ""}`,
      `Message id: ${id}`,
      "",
      values.message,
    ].join("\n"),
  };
}

function receiptMail(values: ContactValues) {
  return {
    to: values.email,
    replyTo: supportEmail(),
    subject: "We received your message",
    text: [
      `Hello ${values.name},`,
      "",
      "Thank you for contacting PawPal. We'll get back to you within 24 hours.",
      "This is what you sent us:",
      "",
      `Subject: ${values.subject}`,
      "",
      values.message,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One message with its sender's account, or null when there is none with this id. */
export async function getMessage(id: string): Promise<InboxMessage | null> {
  if (!UUID.test(id)) return null;
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
  if (!UUID.test(id)) return false;
  const db = await getDb();
  const message = await getMessage(id);
  if (!message) return false;
  if (!message.handledAt) {
    await db.update(contactMessage).set({ handledAt: new Date() }).where(eq(contactMessage.id, id));
  }
  return true;
}
