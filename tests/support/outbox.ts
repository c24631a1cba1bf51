import fs from "node:fs";
import path from "node:path";

/*
 * The one reader of mails a server sent (decision 11). Without SMTP_URL the mailer writes each
 * mail as DATA_DIR/outbox/<time>-<id>.eml (backend/mail/mailer.server.ts); browser tests and
 * the two-server tests read them here. Queued mails not sent yet are the job table's
 * (queued-mails.ts).
 */

export type SentMail = {
  /** The To header, as written. */
  to: string;
  /** The Subject header, unfolded. */
  subject: string;
  /** The header block, folded lines joined. */
  headers: string;
  /** The body, quoted-printable decoded when it was encoded so. */
  body: string;
  /** The file as written: headers and the body as sent. */
  raw: string;
};

/** Every mail in `dataDir`'s outbox, newest first; none when nothing was sent yet. */
export function sentMails(dataDir: string): SentMail[] {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => {
      const full = path.join(outbox, file);
      return { raw: fs.readFileSync(full, "utf8"), time: fs.statSync(full).mtimeMs, file };
    })
    .sort((a, b) => b.time - a.time || b.file.localeCompare(a.file))
    .map(({ raw }) => decoded(raw));
}

/** One header of the mail (Reply-To, Content-Type …), unfolded; "" when it has none. */
export function mailHeader(mail: Pick<SentMail, "headers">, name: string) {
  return new RegExp(`^${name}: (.*)$`, "im").exec(mail.headers)?.[1]?.trim() ?? "";
}

function decoded(raw: string): SentMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split < 0 ? raw.length : split).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => mailHeader({ headers }, name);
  const sent = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const body = /^Content-Transfer-Encoding: quoted-printable$/im.test(headers)
    ? fromQuotedPrintable(sent)
    : sent;
  return { to: header("To"), subject: header("Subject"), headers, body, raw };
}

/** RFC 2045: "=" at a line's end is a soft break; "=XX" is a byte, the bytes UTF-8. */
function fromQuotedPrintable(text: string) {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
