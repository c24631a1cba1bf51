import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { contactMessage } from "~/server/db/schema.server";
import { sendMail, supportEmail } from "~/server/mail/mailer.server";
import type { ContactValues } from "~/domain/contact";

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
