import { sql } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { rateLimit } from "~/backend/db/schema.server";

/** Limits per client address; a fixed window is enough to stop guessing and flooding. */
export const RATE_LIMITS = {
  contact: { limit: 10, windowSeconds: 10 * 60 },
  login: { limit: 10, windowSeconds: 15 * 60 },
  // Per lower-cased email, from whatever address: guessing one account's password from many
  // addresses. A successful sign-in gives its attempt back (refundRateLimit): failures count.
  loginEmail: { limit: 10, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  // Per address, whoever asks: the "someone tried to sign up with your address" mail.
  signupExistingEmail: { limit: 3, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  // Per address asked for, whoever asks: no flood of reset mails to one inbox.
  passwordResetEmail: { limit: 3, windowSeconds: 60 * 60 },
  // Per account: /account's password checks (change, delete) allow no more guesses than logging in.
  accountPassword: { limit: 10, windowSeconds: 15 * 60 },
  // Per account: asking for the email-confirmation link again (each sends a mail to the account's address).
  verifyEmail: { limit: 3, windowSeconds: 60 * 60 },
  // Family invitations (backend/family.server.ts), per inviting account and per invited address:
  // each sends a mail, so neither one account nor many may flood an inbox.
  familyInvite: { limit: 20, windowSeconds: 60 * 60 },
  familyInviteEmail: { limit: 5, windowSeconds: 24 * 60 * 60 },
  // Each uncached search costs the shared, volunteer-run Overpass service.
  nearby: { limit: 20, windowSeconds: 10 * 60 },
  nominatim: { limit: 1, windowSeconds: 1 }, // Overall (key "all"): Nominatim allows 1 request a second.
  // Per account and conversation (a vet answers several at once): a fast typist, not a flood.
  chatMessage: { limit: 30, windowSeconds: 60 },
  // Per account, whatever the conversation: photos sent in chats (each is decoded in a worker).
  chatPhoto: { limit: 10, windowSeconds: 10 * 60 },
  // Per account: new emergency chats (each one waits in every on-duty vet's queue).
  chatOpen: { limit: 10, windowSeconds: 60 * 60 },
  // Per client address: opening share links (a guess of a 256-bit token is hopeless; a flood is not).
  shareOpen: { limit: 60, windowSeconds: 10 * 60 },
  // Per account: consultations booked or moved.
  consultationBook: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

/** Expired windows are deleted now and then, not on every attempt. */
const PRUNE_CHANCE = 0.01;

/**
 * Counts one attempt for (bucket, client) and answers whether it is allowed, or how long to
 * wait. The one rate-limit API: forms go through parseSubmission (forms.server.ts); the JSON
 * routes, and limits a form cannot key (per account, per address asked for), call it directly.
 * The windows live in the database, so every server process sharing it counts against the
 * same limits; one atomic upsert per attempt.
 */
export async function consumeRateLimit(
  bucket: RateLimitBucket,
  clientKey: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const { limit, windowSeconds } = RATE_LIMITS[bucket];
  const db = await getDb();
  const at = now.toISOString();
  const fresh = new Date(now.getTime() + windowSeconds * 1000).toISOString();
  const result = await db.execute(sql`
    insert into ${rateLimit} (key, count, resets_at) values (${`${bucket}:${clientKey}`}, 1, ${fresh}::timestamptz)
    on conflict (key) do update set
      count = case when ${rateLimit.resetsAt} <= ${at}::timestamptz then 1 else ${rateLimit.count} + 1 end,
      resets_at = case when ${rateLimit.resetsAt} <= ${at}::timestamptz then ${fresh}::timestamptz else ${rateLimit.resetsAt} end
    returning count, resets_at`);
  const [row] = (result as unknown as { rows: { count: number; resets_at: string | Date }[] }).rows;
  if (Math.random() < PRUNE_CHANCE)
    await db.execute(sql`delete from ${rateLimit} where resets_at < ${at}::timestamptz`);
  if (row!.count <= limit) return { ok: true };
  const resetsAt = new Date(row!.resets_at).getTime();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

/**
 * Gives back one attempt counted by consumeRateLimit, once its outcome shows it was no
 * guess. Counting first and refunding after keeps concurrent attempts from all slipping in.
 */
export async function refundRateLimit(bucket: RateLimitBucket, clientKey: string) {
  await (
    await getDb()
  ).execute(
    sql`update ${rateLimit} set count = greatest(count - 1, 0) where key = ${`${bucket}:${clientKey}`}`,
  );
}

/** "45 seconds", "2 minutes": the wait a 429 answer names. */
export function describeWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * The one "too many requests" answer: status 429, a Retry-After header, and words that say
 * when to try again ("Too many attempts. Please try again in 2 minutes."). `tooMany` names
 * what there were too many of.
 */
export function tooManyRequests(retryAfterSeconds: number, tooMany = "attempts") {
  return {
    message: `Too many ${tooMany}. Please try again in ${describeWait(retryAfterSeconds)}.`,
    init: { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  };
}

/** For tests: forget every window. */
export async function resetRateLimits() {
  await (await getDb()).delete(rateLimit);
}
