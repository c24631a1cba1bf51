import { and, asc, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { data } from "react-router";
import { markAsStaff } from "~/backend/auth/account-rows.server";
import { getUser } from "~/backend/auth/session.server";
import { announce, announceAccessChanged } from "~/backend/live/notices.server";
import { getDb, type Database, type Transaction } from "~/backend/db/client.server";
import { staffProfile, user } from "~/backend/db/schema.server";
import type { SessionUser } from "~/domain/auth";
import type { Availability, DayHours } from "~/domain/availability";
import {
  DOCTOR_TITLE_SQL_PATTERN,
  staffMayOpen,
  vetTitle,
  staffPageOf,
  type StaffRole,
} from "~/domain/staff";
import type { StaffProfileValues } from "~/domain/staff-profile";

/**
 * The staff_profile table: staff accounts' roles (admin, support or vet), names owners see, and duty.
 * Others join it in their own reads for a vet's name and region: pet-records.server.ts,
 * chat/conversations.server.ts, consultations/consultations.server.ts and consultation-mails.server.ts,
 * and account-data.server.ts (the export).
 */

export type StaffMember = {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  displayName: string;
  region: string | null;
  onDuty: boolean;
};

/** A vet as they act: `displayName` is the name owners see, with its title ("Dr. Ana Silva", domain/staff.ts vetTitle). */
export type Vet = SessionUser & { displayName: string; region: string; onDuty: boolean };

/**
 * A display name read in SQL as owners see it, by vetTitle's rule: "Dr. " before it unless it
 * starts with the title already; null stays null (no such vet).
 */
export function vetTitleSql(displayName: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`case when btrim(${displayName}) ~* ${DOCTOR_TITLE_SQL_PATTERN} then btrim(${displayName}) else 'Dr. ' || btrim(${displayName}) end`;
}

/** Every staff account, with its profile (a staff account made before roles existed is support). */
export async function listStaff(): Promise<StaffMember[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: staffProfile.role,
      displayName: staffProfile.displayName,
      region: staffProfile.region,
      onDuty: staffProfile.onDuty,
    })
    .from(user)
    .leftJoin(staffProfile, eq(staffProfile.userId, user.id))
    .where(eq(user.role, "staff"))
    .orderBy(asc(user.email));
  return rows.map((row) => ({
    ...row,
    role: row.role ?? "support",
    displayName: row.displayName ?? row.name,
    onDuty: row.onDuty ?? false,
  }));
}

/**
 * The staff role of a signed-in account, or null for anyone who is not staff. A staff account
 * without a profile (made before roles existed) is support, as listStaff shows it.
 */
export async function staffRoleOf(
  signedIn: Pick<SessionUser, "id" | "role"> | null,
): Promise<StaffRole | null> {
  if (signedIn?.role !== "staff") return null;
  const db = await getDb();
  const [profile] = await db
    .select({ role: staffProfile.role })
    .from(staffProfile)
    .where(eq(staffProfile.userId, signedIn.id));
  return profile?.role ?? "support";
}

/**
 * A staff member whose role may open the staff page the request is for (its path, read against
 * domain/staff.ts STAFF_PAGES); anyone else, staff of another role included, gets the 404 page, so
 * the page does not reveal it exists.
 */
export async function requireStaffFor(request: Request): Promise<SessionUser & { staffRole: StaffRole }> {
  const page = staffPageOf(new URL(request.url).pathname);
  const signedIn = await getUser(request);
  const staffRole = await staffRoleOf(signedIn);
  if (!page || !signedIn || !staffMayOpen(staffRole, page)) throw data(null, { status: 404 });
  return { ...signedIn, staffRole: staffRole! };
}

/** Makes the account staff with this profile (a vet keeps being on duty or not). */
export async function setStaffProfile(userId: string, values: StaffProfileValues) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // A vet on duty made support or admin goes off duty: owners' pages must hear of it.
    const [before] = await tx
      .select({ onDuty: staffProfile.onDuty })
      .from(staffProfile)
      .where(eq(staffProfile.userId, userId))
      .for("update");
    await markAsStaff(tx, userId);
    const row = {
      role: values.role,
      displayName: values.displayName,
      region: values.role === "vet" ? values.region : null,
      updatedAt: new Date(),
    };
    await tx
      .insert(staffProfile)
      .values({ userId, ...row })
      .onConflictDoUpdate({
        target: staffProfile.userId,
        // Someone who is no longer a vet is no longer on duty.
        set: values.role === "vet" ? row : { ...row, onDuty: false },
      });
    if (before?.onDuty && values.role !== "vet") await announceDutyChange(tx);
    // A vet made support or admin no longer reads the queue or the conversations they took.
    await announceAccessChanged(tx, [userId]);
  });
}

/** Pages of conversations reload: an owner's says whether a vet is on duty (in the change's transaction). */
export async function announceDutyChange(tx: Transaction) {
  await announce(tx, { topic: "duty" });
}

/** The vet's profile, or null for anyone who is not a vet. */
export async function findVet(signedIn: SessionUser | null): Promise<Vet | null> {
  if (signedIn?.role !== "staff") return null;
  const db = await getDb();
  const [profile] = await db
    .select()
    .from(staffProfile)
    .where(and(eq(staffProfile.userId, signedIn.id), eq(staffProfile.role, "vet")));
  if (!profile) return null;
  return {
    ...signedIn,
    displayName: vetTitle(profile.displayName),
    region: profile.region ?? "",
    onDuty: profile.onDuty,
  };
}

/** A vet; anyone else gets the 404 page, as for the staff pages. */
export async function requireVet(request: Request): Promise<Vet> {
  const vet = await findVet(await getUser(request));
  if (!vet) throw data(null, { status: 404 });
  return vet;
}

/**
 * A vet goes on or off duty. Announced on the live channel in the same transaction: the pages of
 * waiting conversations reload and say whether a vet is on duty (or show the emergency answer).
 */
export async function setOnDuty(vetId: string, onDuty: boolean) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(staffProfile)
      // Going on duty counts as being seen: the console's page connects in the next seconds.
      .set({ onDuty, updatedAt: new Date(), ...(onDuty ? { lastSeenAt: new Date() } : {}) })
      // Only a change is announced: switching to what it is already writes nothing.
      .where(
        and(eq(staffProfile.userId, vetId), eq(staffProfile.role, "vet"), ne(staffProfile.onDuty, onDuty)),
      )
      .returning({ userId: staffProfile.userId });
    if (changed.length > 0) await announceDutyChange(tx);
  });
}

const onDuty = () => and(eq(staffProfile.role, "vet"), eq(staffProfile.onDuty, true));

export async function countVetsOnDuty(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(staffProfile).where(onDuty());
  return row?.n ?? 0;
}

/** The vets on duty now (in `db`: the transaction that tells them of a waiting conversation). */
export async function vetsOnDuty(db: Pick<Database, "select">): Promise<string[]> {
  const rows = await db.select({ id: staffProfile.userId }).from(staffProfile).where(onDuty());
  return rows.map((row) => row.id);
}

/** A vet's consultation hours as stored (domain/availability.ts). */
export async function availabilityOf(vetId: string): Promise<Availability> {
  const db = await getDb();
  const [row] = await db
    .select({
      timeZone: staffProfile.timeZone,
      weekly: staffProfile.weeklyHours,
      daysOff: staffProfile.daysOff,
    })
    .from(staffProfile)
    .where(eq(staffProfile.userId, vetId));
  return row ?? { timeZone: "UTC", weekly: [], daysOff: [] };
}

/** The vet's zone and week (days off are kept). */
export async function setWeeklyHours(vetId: string, timeZone: string, weekly: DayHours[]) {
  const db = await getDb();
  await db
    .update(staffProfile)
    .set({ timeZone, weeklyHours: weekly, updatedAt: new Date() })
    .where(and(eq(staffProfile.userId, vetId), eq(staffProfile.role, "vet")));
}

/** Adds or removes one day off, in one statement (two tabs at once lose neither change). */
export async function changeDayOff(
  vetId: string,
  day: string,
  off: boolean,
  executor?: Pick<Awaited<ReturnType<typeof getDb>>, "update">,
) {
  const db = executor ?? (await getDb());
  const days = off
    ? sql`(select coalesce(jsonb_agg(d order by d), '[]'::jsonb) from (select distinct jsonb_array_elements_text(${staffProfile.daysOff} || to_jsonb(${day}::text)) d) days)`
    : sql`(select coalesce(jsonb_agg(d order by d), '[]'::jsonb) from jsonb_array_elements_text(${staffProfile.daysOff}) d where d <> ${day})`;
  await db
    .update(staffProfile)
    .set({ daysOff: days, updatedAt: new Date() })
    .where(and(eq(staffProfile.userId, vetId), eq(staffProfile.role, "vet")));
}
