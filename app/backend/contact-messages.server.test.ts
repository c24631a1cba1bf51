// vitest: own module graph
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/backend/db/client.server";
import * as schema from "~/backend/db/schema.server";
import { sendMail } from "~/backend/mail/mailer.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { testDatabase } from "~tests/support/test-database";
import { submitContactMessage } from "./contact-messages.server";

vi.mock("~/backend/mail/mailer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/backend/mail/mailer.server")>()),
  sendMail: vi.fn(async () => {}),
  supportEmail: () => "team@pawpal.test",
}));

const values = { name: "Ada", email: "ada@example.com", subject: "Feeding", message: "How much?" };

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});
beforeEach(async () => {
  // Each test starts with an empty queue.
  await db.update(schema.job).set({ doneAt: new Date() });
  vi.mocked(sendMail).mockReset();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const stored = async (id: string) =>
  (await db.select().from(schema.contactMessage).where(eq(schema.contactMessage.id, id)))[0];

const runJobs = (now = new Date()) => runDueJobs(JOB_HANDLERS, { now });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("submitContactMessage", () => {
  it("stores the message and queues its mail: the job runner mails the team and notes it", async () => {
    const { id, duplicate } = await submitContactMessage(values, { user: null });
    expect(duplicate).toBe(false);
    const row = await stored(id);
    expect(row).toMatchObject({ ...values, userId: null, handledAt: null, mailedAt: null });
    expect(sendMail).not.toHaveBeenCalled();

    expect(await runJobs()).toEqual({ ran: 1, failed: 0 });
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        to: "team@pawpal.test",
        replyTo: values.email,
        subject: "[Contact] Feeding",
        text: expect.stringContaining(values.message),
      }),
    );
    expect((await stored(id))?.mailedAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await runJobs(minutesFromNow(10))).toEqual({ ran: 0, failed: 0 });
    expect(sendMail).toHaveBeenCalledTimes(1);
  });

  it("mails no receipt to an address it was only given: no relay", async () => {
    await submitContactMessage({ ...values, email: "someone-else@example.com" }, { user: null });
    await runJobs();
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(sendMail).not.toHaveBeenCalledWith(expect.objectContaining({ to: "someone-else@example.com" }));
  });

  it("records a signed-in sender and sends the receipt to their own address, without quoting the message", async () => {
    await db.insert(schema.user).values({ id: "user-1", name: "Ada", email: "ada.account@example.com" });
    const sender = { id: "user-1", name: "Ada", email: "ada.account@example.com", emailVerified: true };
    const { id } = await submitContactMessage({ ...values, email: "typed@example.com" }, { user: sender });
    expect((await stored(id))?.userId).toBe("user-1");
    await runJobs();
    const receipt = vi
      .mocked(sendMail)
      .mock.calls.map(([mail]) => mail)
      .find((mail) => mail.to === sender.email);
    expect(receipt?.subject).toBe("We received your message");
    expect(receipt?.text).not.toContain(values.message);
    expect(sendMail).not.toHaveBeenCalledWith(expect.objectContaining({ to: "typed@example.com" }));
  });

  it("mails no receipt to a signed-in sender whose address is not verified yet", async () => {
    await db.insert(schema.user).values({ id: "user-2", name: "Una", email: "una@example.com" });
    const sender = { id: "user-2", name: "Una", email: "una@example.com", emailVerified: false };
    const { id } = await submitContactMessage({ ...values, subject: "Unverified" }, { user: sender });
    expect((await stored(id))?.userId).toBe("user-2");
    await runJobs();
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(sendMail).not.toHaveBeenCalledWith(expect.objectContaining({ to: sender.email }));
  });

  it("stores a retried post once, by its submission key or, without one, by its content", async () => {
    const keyed = { ...values, subject: "Retried", submissionKey: "k-1234567890abcdef" };
    const first = await submitContactMessage(keyed, { user: null });
    const again = await submitContactMessage(keyed, { user: null });
    expect(again).toEqual({ id: first.id, duplicate: true });
    const plain = { ...values, subject: "Retried without a key" };
    const firstPlain = await submitContactMessage(plain, { user: null });
    expect(await submitContactMessage(plain, { user: null })).toEqual({ id: firstPlain.id, duplicate: true });
    const rows = await db.select().from(schema.contactMessage);
    expect(rows.filter((row) => row.subject.startsWith("Retried"))).toHaveLength(2);
  });

  it("keeps the message and its mail when sending fails, and retries later until it goes", async () => {
    vi.mocked(sendMail).mockRejectedValueOnce(new Error("SMTP is down"));
    const { id } = await submitContactMessage({ ...values, subject: "Later" }, { user: null });
    expect(await runJobs()).toEqual({ ran: 0, failed: 1 });
    expect((await stored(id))?.mailedAt).toBeNull();
    // Not again at once: the retry waits (30 s after the first failure).
    expect(await runJobs()).toEqual({ ran: 0, failed: 0 });
    expect(await runJobs(minutesFromNow(1))).toEqual({ ran: 1, failed: 0 });
    expect((await stored(id))?.mailedAt).toBeInstanceOf(Date);
  });
});
