import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts.server";

export const contactMessage = pgTable(
  "contact_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Made when the form rendered (or from the content): a retried post stores one message. */
    submissionKey: text("submission_key").unique(),
    /** The signed-in sender, if any; the message stays when the account goes. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the mail to the team went out; null until it has (it is retried). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (table) => [index("contact_message_created_at_idx").on(table.createdAt)],
);

/**
 * Background work that must happen exactly once and survive restarts: mails (the outbox),
 * password-reset requests, reminders. Any number of server processes claim due jobs with
 * FOR UPDATE SKIP LOCKED (backend/jobs/queue.server.ts).
 */
export const job = pgTable(
  "job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /**
     * The account the job belongs to (its reminders, its own mails, invitations it sent), if
     * any: deleting the account deletes its jobs by this column, never by what a payload says.
     */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** A job with a key is enqueued once: a second one with the same key is dropped. */
    key: text("key").unique(),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** A claim's lease: a process that died while running the job lets it go when this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Set when the job gave up after its last attempt (it stays here to be looked at). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("job_user_id_idx").on(table.userId),
    index("job_pending_idx")
      .on(table.runAfter)
      .where(sql`done_at is null and failed_at is null`),
  ],
);

/** Rate-limit windows, shared by every server process (backend/rate-limit.server.ts). */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});
