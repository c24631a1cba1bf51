import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { getDb } from "~/backend/db/client.server";
import { staffProfile, user } from "~/backend/db/schema.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { announceDutyChange } from "./staff.server";
import { DUTY_STALE_MS } from "~/domain/staff";
import { siteBaseUrl } from "~/utils/seo";

/*
 * A vet's duty ends by itself when none of their pages has been connected for DUTY_STALE_MS: a
 * closed browser must not leave owners told "1 vet is on duty". Every server process marks the
 * vets whose pages hold its live sockets as seen (host/live-socket.ts, at each ping), and sweeps
 * the stale ones off duty; the database's update decides once which, whichever process sweeps.
 */

const SWEEP_EVERY_MS = 60_000;

/** The vets among `userIds` (accounts with a live page now) are seen: only those on duty are written. */
export async function markVetsSeen(userIds: readonly string[], now = new Date()) {
  if (userIds.length === 0) return;
  const db = await getDb();
  await db
    .update(staffProfile)
    .set({ lastSeenAt: now })
    .where(and(inArray(staffProfile.userId, [...userIds]), eq(staffProfile.onDuty, true)));
}

/** Takes off duty every vet not seen for DUTY_STALE_MS, tells each by mail, and owners' pages at once; who they were. */
export async function endStaleDuty(now = new Date()): Promise<string[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - DUTY_STALE_MS);
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(staffProfile)
      .set({ onDuty: false, updatedAt: now })
      .where(
        and(
          eq(staffProfile.role, "vet"),
          eq(staffProfile.onDuty, true),
          or(isNull(staffProfile.lastSeenAt), lt(staffProfile.lastSeenAt, since)),
        ),
      )
      .returning({ userId: staffProfile.userId, displayName: staffProfile.displayName });
    if (ended.length === 0) return [];
    await announceDutyChange(tx);
    const addresses = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.id,
          ended.map((vet) => vet.userId),
        ),
      );
    for (const vet of ended) {
      const email = addresses.find((address) => address.id === vet.userId)?.email;
      if (!email) continue;
      await queueMail(
        {
          to: email,
          subject: "You are off duty on PawPal",
          text: [
            `Hello ${vet.displayName},`,
            "",
            `None of your PawPal pages was open for ${DUTY_STALE_MS / 60_000} minutes, so you were taken off duty:`,
            "owners are no longer told that a vet is on duty, and new conversations wait for another vet.",
            "",
            `To take conversations again, open your console and go on duty: ${siteBaseUrl()}/vet`,
          ].join("\n"),
        },
        { db: tx, userId: vet.userId, key: `duty-ended:${vet.userId}:${now.toISOString()}` },
      );
    }
    return ended.map((vet) => vet.userId);
  });
}

/** Sweeps every minute in this process; `stop` ends it. */
export function startDutySweeps(intervalMs = SWEEP_EVERY_MS) {
  const sweep = () =>
    void endStaleDuty().catch((error: unknown) => console.error("[duty] sweep failed:", error));
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
