import { eq } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { accountSettings } from "~/backend/db/schema.server";

/*
 * The account_settings row: what an account chose about being told things (email reminders and
 * the calendar feed: reminders.server.ts; push kinds and quiet hours: push.server.ts). The one
 * writer of the table; each reads its own columns.
 */

type SettingsValues = Partial<Omit<typeof accountSettings.$inferInsert, "userId" | "updatedAt">>;

/** Creates the account's row or changes these of its columns; the others stay. */
export async function saveAccountSettings(userId: string, values: SettingsValues) {
  const db = await getDb();
  await db
    .insert(accountSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: accountSettings.userId, set: { ...values, updatedAt: new Date() } });
}

/** Changes these columns of a row that exists, and creates none (an account without one has the defaults). */
export async function changeExistingSettings(userId: string, values: SettingsValues) {
  const db = await getDb();
  await db
    .update(accountSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountSettings.userId, userId));
}
