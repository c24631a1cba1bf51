import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import { dataDir, getDb, type Database } from "~/backend/db/client.server";
import { accountSettings, pushSubscription } from "~/backend/db/schema.server";
import { saveAccountSettings } from "./settings.server";
import { outboundHttpsAgent, RefusedDestinationError } from "~/backend/net/outbound.server";
import { enqueueJob, RetryLater, type Executor } from "~/backend/jobs/queue.server";
import {
  allowedOrigins,
  normalisedEndpoint,
  isUrgentKind,
  PUSH_KINDS,
  quietHoursEnd,
  type PushKind,
  type PushMessage,
  type PushSubscriptionKeys,
  type QuietHours,
} from "~/domain/notifications";
import { isId } from "~/domain/ids";

/*
 * Web Push: devices an account turned notifications on for, and the notifications sent to them.
 * A notification is queued as a job per device, in the transaction that stored what it tells
 * (so it is never about what was not stored, and never lost when a process dies), under a key
 * per event and device (so it goes once, whichever process runs it).
 */

export const PUSH_JOB = "push";

/** The endpoints outside the browsers' push services that this server may POST to (PUSH_ALLOWED_ORIGINS). */
export const pushAllowedOrigins = () => allowedOrigins(process.env.PUSH_ALLOWED_ORIGINS);

type VapidKeys = { publicKey: string; privateKey: string; subject: string };
/** The keys, and where they came from: read again only when that changes (the environment or DATA_DIR). */
let vapid: { source: string; keys: VapidKeys } | undefined;

/**
 * The server's VAPID keys, which sign every push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a
 * pair generated once into DATA_DIR (like the session secret), so that devices subscribed
 * before a restart keep receiving.
 */
export function vapidKeys(): VapidKeys {
  const subject = process.env.VAPID_SUBJECT || "mailto:hello@pawpal.example";
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = process.env;
  const file = path.join(dataDir(), "vapid-keys.json");
  const source = publicKey && privateKey ? `${publicKey} ${privateKey} ${subject}` : `${file} ${subject}`;
  if (vapid?.source !== source) {
    const keys = publicKey && privateKey ? { publicKey, privateKey } : storedVapidKeys(file);
    vapid = { source, keys: { ...keys, subject } };
  }
  return vapid.keys;
}

/** The pair kept in `file`, generated there first if there is none. */
function storedVapidKeys(file: string): { publicKey: string; privateKey: string } {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: that pair is the one.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
}

export type Device = { id: string; device: string; createdAt: Date };

/** This account's devices, newest first. */
export async function listDevices(userId: string): Promise<Device[]> {
  const db = await getDb();
  return db
    .select({
      id: pushSubscription.id,
      device: pushSubscription.device,
      createdAt: pushSubscription.createdAt,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .orderBy(sql`${pushSubscription.createdAt} desc`);
}

/**
 * Stores a device's subscription for `userId`. An endpoint another account holds moves to this
 * one only with the same keys (the same browser, signed in to another account): false, and
 * nothing changes, when the keys differ, so an endpoint cannot be taken from its device.
 */
export async function subscribe(
  userId: string,
  subscription: PushSubscriptionKeys,
  device: string,
): Promise<boolean> {
  const db = await getDb();
  const stored = await db
    .insert(pushSubscription)
    .values({ userId, ...subscription, device })
    .onConflictDoUpdate({
      target: pushSubscription.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, device, createdAt: new Date() },
      setWhere: or(
        eq(pushSubscription.userId, userId),
        and(eq(pushSubscription.p256dh, subscription.p256dh), eq(pushSubscription.auth, subscription.auth)),
      ),
    })
    .returning({ id: pushSubscription.id });
  return stored.length > 0;
}

/** Forgets this account's subscription of `endpoint` (the page turned notifications off); false if none. */
export async function unsubscribe(userId: string, endpoint: string): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.endpoint, endpoint)))
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}

/** Removes one of this account's devices from its list; false if it has no such device. */
export async function removeDevice(userId: string, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const db = await getDb();
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.id, id)))
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}

/** The kinds this account turned off, and its quiet hours. */
export async function pushSettingsOf(userId: string): Promise<{ off: string[]; quiet: QuietHours | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ off: accountSettings.pushOff, quiet: accountSettings.pushQuiet })
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId));
  return { off: row?.off ?? [], quiet: row?.quiet ?? null };
}

export async function savePushSettings(
  userId: string,
  settings: { off: string[]; quiet: QuietHours | null },
) {
  const off = settings.off.filter((id) => PUSH_KINDS.some((kind) => kind.id === id));
  await saveAccountSettings(userId, { pushOff: off, pushQuiet: settings.quiet });
}

type Reader = Pick<Database, "select">;

type PushPayload = { subscriptionId: string; message: PushMessage; urgent: boolean };

/**
 * Queues `message` for every device of `userIds` whose account has `kind` on, in `tx` (the
 * transaction that stored what it tells). `event` names the event: queued twice, it goes once.
 * A kind that is not urgent waits for the end of the account's quiet hours.
 */
export async function pushTo(
  tx: Reader & Executor,
  userIds: readonly string[],
  kind: PushKind,
  message: PushMessage,
  event: string,
  now = new Date(),
) {
  if (userIds.length === 0) return;
  const devices = await tx
    .select({
      id: pushSubscription.id,
      userId: pushSubscription.userId,
      off: accountSettings.pushOff,
      quiet: accountSettings.pushQuiet,
    })
    .from(pushSubscription)
    .leftJoin(accountSettings, eq(accountSettings.userId, pushSubscription.userId))
    .where(inArray(pushSubscription.userId, [...new Set(userIds)]));
  const urgent = isUrgentKind(kind);
  for (const device of devices) {
    if (device.off?.includes(kind)) continue;
    const payload: PushPayload = { subscriptionId: device.id, message, urgent };
    const runAfter = !urgent && device.quiet ? (quietHoursEnd(now, device.quiet) ?? undefined) : undefined;
    await enqueueJob(PUSH_JOB, payload, {
      key: `push:${event}:${device.id}`,
      db: tx,
      userId: device.userId,
      runAfter,
    });
  }
}

/** How long a push service keeps a notification for a device that is offline: a day. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * The push job: encrypts the message for the device (aes128gcm), signs the request (VAPID) and
 * POSTs it to the device's push service. A device the service no longer knows (404, 410) is
 * removed; one that asks for a pause (429) or fails (5xx) is tried again after it.
 */
export async function sendPush(payload: unknown) {
  const { subscriptionId, message, urgent } = payload as PushPayload;
  const db = await getDb();
  const [device] = await db.select().from(pushSubscription).where(eq(pushSubscription.id, subscriptionId));
  // Removed since: nothing to send.
  if (!device) return;
  // Stored before PUSH_ALLOWED_ORIGINS or the rules changed: not posted to any more.
  const endpoint = normalisedEndpoint(device.endpoint, pushAllowedOrigins());
  if (!endpoint) return;
  const keys = vapidKeys();
  try {
    await webpush.sendNotification(
      { endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        urgency: urgent ? "high" : "normal",
        contentEncoding: "aes128gcm",
        // Notifications of one thing replace each other on the device (the newest reply).
        topic: crypto.createHash("sha256").update(message.tag).digest("base64url").slice(0, 32),
        timeout: 10_000,
        // Connects only to public addresses, whatever the endpoint's host resolves to now.
        agent: outboundHttpsAgent,
      },
    );
  } catch (error) {
    // A host that resolves to an internal address now: refused again on any retry, so not retried.
    if (error instanceof RefusedDestinationError) {
      console.error(`[push] ${endpoint.slice(0, 60)}… not sent: ${error.message}`);
      return;
    }
    if (!(error instanceof WebPushError)) throw error;
    if (error.statusCode === 404 || error.statusCode === 410) {
      await db.delete(pushSubscription).where(eq(pushSubscription.id, device.id));
      return;
    }
    if (error.statusCode === 429 || error.statusCode >= 500)
      throw new RetryLater(
        `The push service answered ${error.statusCode}`,
        retryAfterSeconds(error.headers["retry-after"]),
      );
    // Any other refusal (400, 413…) would be refused again: logged, not retried.
    console.error(`[push] ${device.endpoint.slice(0, 60)}… refused the notification: ${error.statusCode}`);
  }
}

/** Retry-After in seconds or as a date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
