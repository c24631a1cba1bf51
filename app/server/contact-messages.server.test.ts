// @vitest-environment node
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/server/db/client.server";
import * as schema from "~/server/db/schema.server";
import { sendMail } from "~/server/mail/mailer.server";
import { submitContactMessage } from "./contact-messages.server";

const client = new PGlite();
const db = drizzle({ client, schema }) as unknown as Database;

vi.mock("~/server/db/client.server", () => ({ getDb: async () => db }));
vi.mock("~/server/mail/mailer.server", () => ({
  sendMail: vi.fn(async () => {}),
  supportEmail: () => "team@pawpal.test",
}));

const values = { name: "Ada", email: "ada@example.com", subject: "Feeding", message: "How much?" };

beforeAll(async () => {
  await migrate(drizzle({ client, schema }), { migrationsFolder: "drizzle" });
});
afterAll(() => client.close());
beforeEach(() => {
  vi.mocked(sendMail).mockReset();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const stored = async (id: string) =>
  (await db.select().from(schema.contactMessage).where(eq(schema.contactMessage.id, id)))[0];

describe("submitContactMessage", () => {
  it("stores the message, mails the team (reply-to the sender) and a receipt, and notes the mailing", async () => {
    const { id } = await submitContactMessage(values, { userId: null });
    const row = await stored(id);
    expect(row).toMatchObject({ ...values, userId: null, handledAt: null });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    expect(sendMail).toHaveBeenCalledTimes(2);
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        to: "team@pawpal.test",
        replyTo: values.email,
        subject: "[Contact] Feeding",
      }),
    );
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: values.email }));
  });

  it("keeps the message when the mail fails: mailedAt stays empty and the failure is logged", async () => {
    vi.mocked(sendMail).mockRejectedValue(new Error("SMTP is down"));
    const { id } = await submitContactMessage(values, { userId: null });
    const row = await stored(id);
    expect(row).toMatchObject({ ...values, mailedAt: null });
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining("could not be mailed to the team"),
      expect.any(Error),
    );
  });

  it("records the signed-in sender", async () => {
    await db.insert(schema.user).values({ id: "user-1", name: "Ada", email: "ada@example.com" });
    const { id } = await submitContactMessage(values, { userId: "user-1" });
    expect((await stored(id))?.userId).toBe("user-1");
  });
});
