import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { authSecret } from "~/backend/auth/better-auth.server";
import { getDb } from "~/backend/db/client.server";
import { accountSettings, pet, user } from "~/backend/db/schema.server";
import { dueItemsForPets } from "~/backend/due.server";
import { petsWhereAllowed } from "~/backend/billing/plans.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { sendMail } from "~/backend/mail/mailer.server";
import { pushTo } from "~/backend/notifications/push.server";
import { changeExistingSettings, saveAccountSettings } from "~/backend/notifications/settings.server";
import { daysBetween, addDays } from "~/domain/vaccine-schedule";
import { isoDay, type DueItem } from "~/domain/due";
import { formatDate } from "~/domain/time-format";
import { REMINDER_DAYS_AHEAD } from "~/domain/reminders";
import { siteBaseUrl } from "~/utils/seo";

/*
 * Email reminders and the calendar feed of an account (the account_settings table, which the
 * account's data export, account-data.server.ts, reads too).
 *
 * A scan (every few minutes in each server process, and at once for an account that turns
 * reminders on) finds, for every account with reminders on and a verified address, its own pets' items due within its
 * days-ahead window (overdue ones included), and enqueues one job per item and due date under
 * the key reminder:<petId>:<itemKey>:<dueDate>: the job table's unique key makes each reminder
 * exactly once, however many scans and processes race. The job re-checks before it sends:
 * reminders still on, the pet still the account's, the item still due on that date (not marked
 * done, its record not changed). Reminders go to the pet's owner only; family members see the
 * same items on the pet page and in their calendar feed, which includes pets shared with them.
 */

export const REMINDER_JOB = "reminder";

export type ReminderSettings = {
  remindersEnabled: boolean;
  reminderDaysAhead: number;
  calendarToken: string | null;
};

const DEFAULT_SETTINGS: ReminderSettings = {
  remindersEnabled: false,
  reminderDaysAhead: REMINDER_DAYS_AHEAD.default,
  calendarToken: null,
};

/** The account's settings; the defaults (reminders off, no feed) when it never saved any. */
export async function getReminderSettings(userId: string): Promise<ReminderSettings> {
  const db = await getDb();
  const [found] = await db
    .select({
      remindersEnabled: accountSettings.remindersEnabled,
      reminderDaysAhead: accountSettings.reminderDaysAhead,
      calendarToken: accountSettings.calendarToken,
    })
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId));
  return found ?? DEFAULT_SETTINGS;
}

export async function saveReminderSettings(
  userId: string,
  { remindersEnabled, daysAhead }: { remindersEnabled: boolean; daysAhead: number },
) {
  await saveAccountSettings(userId, { remindersEnabled, reminderDaysAhead: daysAhead });
}

/**
 * Turns email reminders off (the unsubscribe link); the other settings stay. An account without
 * settings has them off already, and one deleted since the mail was sent has nothing to change.
 */
export async function turnRemindersOff(userId: string) {
  await changeExistingSettings(userId, { remindersEnabled: false });
}

/** A new secret calendar feed address for the account; the old one stops working. */
export async function replaceCalendarToken(userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await saveAccountSettings(userId, { calendarToken: token });
  return token;
}

export async function revokeCalendarToken(userId: string) {
  await saveAccountSettings(userId, { calendarToken: null });
}

const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The account whose feed has this token, or null (unknown, revoked or malformed). */
export async function findCalendarAccount(token: string): Promise<{ userId: string; name: string } | null> {
  if (!CALENDAR_TOKEN.test(token)) return null;
  const db = await getDb();
  const [found] = await db
    .select({ userId: accountSettings.userId, name: user.name })
    .from(accountSettings)
    .innerJoin(user, eq(user.id, accountSettings.userId))
    .where(eq(accountSettings.calendarToken, token));
  return found ?? null;
}

/** The path of an account's calendar feed. */
export function calendarFeedPath(token: string) {
  return `/calendar/${token}.ics`;
}

/*
 * Unsubscribe links work without logging in: the token is the account id signed with the
 * server's auth secret (HMAC-SHA256), so it cannot be forged or pointed at another account.
 */
function unsubscribeSignature(userId: string) {
  return crypto
    .createHmac("sha256", authSecret())
    .update(`pawpal:reminders-unsubscribe:${userId}`)
    .digest("base64url");
}

export function unsubscribeToken(userId: string) {
  return `${Buffer.from(userId).toString("base64url")}.${unsubscribeSignature(userId)}`;
}

/** The account an unsubscribe token was made for, or null when it was not made by this server. */
export function userIdFromUnsubscribeToken(token: string): string | null {
  const [encodedId, signature, ...rest] = token.split(".");
  if (!encodedId || !signature || rest.length > 0) return null;
  const userId = Buffer.from(encodedId, "base64url").toString();
  const expected = Buffer.from(unsubscribeSignature(userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

export function unsubscribeUrl(userId: string) {
  return `${siteBaseUrl()}/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;
}

type ReminderPayload = { userId: string; petId: string; itemKey: string; dueDate: string; today: string };

export function reminderJobKey({
  petId,
  itemKey,
  dueDate,
}: Pick<ReminderPayload, "petId" | "itemKey" | "dueDate">) {
  return `reminder:${petId}:${itemKey}:${dueDate}`;
}

/**
 * One scan at `now`: enqueues a reminder for every item due within the days-ahead window of
 * each account with reminders on (only `userIds`, when given). Answers how many reminders are
 * due in those windows; each is enqueued once, however often scans find it.
 */
export async function scanReminders({
  now = new Date(),
  userIds,
}: { now?: Date; userIds?: readonly string[] } = {}) {
  const db = await getDb();
  const today = isoDay(now);
  const enabled = await db
    .select({ petId: pet.id, userId: accountSettings.userId, daysAhead: accountSettings.reminderDaysAhead })
    .from(accountSettings)
    .innerJoin(pet, eq(pet.userId, accountSettings.userId))
    .innerJoin(user, eq(user.id, accountSettings.userId))
    .where(
      and(
        eq(accountSettings.remindersEnabled, true),
        // Reminders go to the account's address only once it is proven (decision 12).
        eq(user.emailVerified, true),
        userIds ? inArray(accountSettings.userId, [...userIds]) : undefined,
      ),
    );
  // Reminders are health tracking: only for accounts whose plan has it (their own pets).
  const pets = await petsWhereAllowed(
    enabled.map((row) => ({ ...row, ownerId: row.userId })),
    "health-tracking",
    now,
  );
  const itemsOf = await dueItemsForPets(
    pets.map(({ petId }) => petId),
    today,
  );
  let due = 0;
  for (const { petId, userId, daysAhead } of pets) {
    const horizon = addDays(today, daysAhead);
    for (const item of itemsOf[petId] ?? []) {
      if (item.dueDate > horizon) continue;
      due += 1;
      const payload: ReminderPayload = { userId, petId, itemKey: item.key, dueDate: item.dueDate, today };
      await enqueueJob(REMINDER_JOB, payload, { key: reminderJobKey(payload), userId });
    }
  }
  return due;
}

function isReminderPayload(payload: unknown): payload is ReminderPayload {
  const value = payload as Partial<Record<keyof ReminderPayload, unknown>> | null;
  return ["userId", "petId", "itemKey", "dueDate", "today"].every(
    (field) => typeof value?.[field as keyof ReminderPayload] === "string",
  );
}

function whenDue(item: DueItem, today: string) {
  const days = daysBetween(today, item.dueDate);
  if (days < 0) return `overdue since ${formatDate(item.dueDate)}`;
  if (days === 0) return `due today, ${formatDate(item.dueDate)}`;
  return `due ${formatDate(item.dueDate)} (in ${days} day${days === 1 ? "" : "s"})`;
}

/**
 * The reminder job: mails the pet's owner about one due item, unless reminders are off by now,
 * the pet is no longer theirs, the owner's address is not verified, or the item is no longer
 * due on that date (marked done, record changed). Those cases end the job without a mail.
 */
export async function sendReminder(payload: unknown): Promise<void> {
  if (!isReminderPayload(payload)) throw new Error("A reminder job without its user, pet, item and dates");
  const { userId, petId, itemKey, dueDate, today } = payload;
  const settings = await getReminderSettings(userId);
  if (!settings.remindersEnabled) return;
  const db = await getDb();
  const [owner] = await db
    .select({ petName: pet.name, name: user.name, email: user.email })
    .from(pet)
    .innerJoin(user, eq(user.id, pet.userId))
    .where(and(eq(pet.id, petId), eq(pet.userId, userId), eq(user.emailVerified, true)));
  if (!owner) return;
  const item = (await dueItemsForPets([petId], today))[petId]?.find(
    (candidate) => candidate.key === itemKey && candidate.dueDate === dueDate,
  );
  if (!item) return;

  const base = siteBaseUrl();
  const unsubscribe = unsubscribeUrl(userId);
  const overdue = item.dueDate < today;
  await sendMail({
    to: owner.email,
    subject: `Reminder for ${owner.petName}: ${item.title}, ${overdue ? "overdue" : "due"} ${formatDate(item.dueDate)}`,
    text: [
      `Hello ${owner.name},`,
      "",
      `${owner.petName}: ${item.title}, ${whenDue(item, today)}.`,
      item.detail,
      "",
      `See what ${owner.petName} is due, and mark it done once it is:`,
      `${base}/pets/${petId}`,
      "",
      `You get these reminders because they are on for your PawPal account, ${settings.reminderDaysAhead} day${settings.reminderDaysAhead === 1 ? "" : "s"} ahead.`,
      `Change them: ${base}/account/reminders`,
      `Stop reminder emails: ${unsubscribe}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  // And on the account's devices, once per item and due date as the mail (a retry of this job
  // after the mail failed queues nothing twice).
  await pushTo(
    db,
    [userId],
    "reminders",
    {
      title: `${owner.petName}: ${item.title}, ${overdue ? "overdue" : "due"} ${formatDate(item.dueDate)}`,
      body: `See what ${owner.petName} is due, and mark it done once it is.`,
      url: `/pets/${petId}`,
      tag: `reminder:${petId}:${itemKey}`,
    },
    reminderJobKey(payload),
  );
}

/** How often each server process scans for reminders (REMINDER_SCAN_MINUTES, 5 by default). */
function scanIntervalMs() {
  const minutes = Number(process.env.REMINDER_SCAN_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 5) * 60_000;
}

/** Scans for reminders now and then every few minutes in this process, until stopped. Scans never overlap. */
export function startReminderScans(intervalMs = scanIntervalMs()) {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const scan = () => {
    if (running || stopped) return;
    running = scanReminders()
      .catch((error: unknown) => console.error("[reminders] scan failed:", error))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(scan, intervalMs);
  timer.unref();
  scan();
  return {
    /** Stops scanning and waits for the scan running. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
