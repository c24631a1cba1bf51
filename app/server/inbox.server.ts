import { count, desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { contactMessage, user } from "~/server/db/schema.server";

export const INBOX_PAGE_SIZE = 20;

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
