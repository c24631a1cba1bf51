import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { CONTACT } from "~/content/site";
import { dataDir } from "~/backend/db/client.server";
import { enqueueJob, type EnqueueOptions } from "~/backend/jobs/queue.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header fields, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A calendar invitation (text/calendar, RFC 5546) that mail apps offer to add. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
};

/** Where mail goes when no SMTP server is configured: one .eml file per message. */
export function outboxDir() {
  return path.join(dataDir(), "outbox");
}

export function supportEmail() {
  return process.env.SUPPORT_EMAIL || CONTACT.email;
}

const FROM = () =>
  process.env.MAIL_FROM ||
  `PawPal <no-reply@${new URL(process.env.BASE_URL || "http://pawpal.example").hostname}>`;

let smtp: { url: string; transport: Transporter } | undefined;
/** How long a mail server may take to connect, greet and answer (a job retries after). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
// Renders the complete message (headers and body) without sending it anywhere.
const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/**
 * Sends a mail through SMTP_URL, or, without it, writes it to DATA_DIR/outbox/ and logs
 * it, so every flow works offline and tests can read the mails.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const message = { from: FROM(), ...mail };
  const smtpUrl = process.env.SMTP_URL;
  if (smtpUrl) {
    if (smtp?.url !== smtpUrl)
      smtp = {
        url: smtpUrl,
        // SMTP_URL is the operator's own server, reached as configured (decision 16), with deadlines.
        transport: nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
      };
    await smtp.transport.sendMail(message);
    return;
  }
  const rendered = await renderer.sendMail(message);
  const file = path.join(
    outboxDir(),
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`,
  );
  await fs.mkdir(outboxDir(), { recursive: true });
  await fs.writeFile(file, rendered.message as Buffer);
  console.info(`mail: "${mail.subject}" to ${mail.to} written to ${file}`);
}

/**
 * Puts a mail in the outbox (the job queue): it is sent in the background, retried until the
 * mail server takes it, and never lost. With a key, the same mail is queued once; `userId`
 * names the account it belongs to (it goes with that account).
 */
export async function queueMail(mail: Mail, options: Pick<EnqueueOptions, "key" | "db" | "userId"> = {}) {
  await enqueueJob(MAIL_JOB, mail, options);
}

export const MAIL_JOB = "mail";
