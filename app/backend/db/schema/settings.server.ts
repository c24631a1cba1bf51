import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { QuietHours } from "../../../domain/notifications";
import { user } from "./accounts.server";

/** Per-account settings that are not better-auth's: reminders and the calendar feed. */
export const accountSettings = pgTable("account_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  remindersEnabled: boolean("reminders_enabled").notNull().default(false),
  reminderDaysAhead: integer("reminder_days_ahead").notNull().default(7),
  /** The secret in the account's iCalendar feed URL; a new one revokes the old URL. Null: no feed. */
  calendarToken: text("calendar_token").unique(),
  /** The kinds of push notification this account turned off (domain/notifications.ts). */
  pushOff: jsonb("push_off").$type<string[]>().notNull().default([]),
  /** When notifications that are not urgent wait (domain/notifications.ts); null: never. */
  pushQuiet: jsonb("push_quiet").$type<QuietHours>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device that receives this account's push notifications: the browser's push endpoint (a URL
 * of its push service) and the keys its payloads are encrypted for (backend/notifications).
 */
export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** One device, one person: the same endpoint posted by another account moves to it. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the account's device list calls it, e.g. "Chrome on Android". */
    device: text("device").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscription_user_id_idx").on(table.userId)],
);
