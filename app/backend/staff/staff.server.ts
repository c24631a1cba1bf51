import { and, asc, count, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { getUser } from "~/backend/auth/session.server";
import { getDb } from "~/backend/db/client.server";
import { staffProfile, user } from "~/backend/db/schema.server";
import type { SessionUser } from "~/domain/auth";
import type { Availability, DayHours } from "~/domain/availability";
import { staffMayOpen, type StaffPage, type StaffProfileValues, type StaffRole } from "~/domain/staff";

/** The staff_profile table: staff accounts' roles (admin, support or vet), names owners see, and duty. */

export type StaffMember = {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  displayName: string;
  region: string | null;
  onDuty: boolean;
};

export type Vet = SessionUser & { displayName: string; region: string; onDuty: boolean };

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
export async function staffRoleOf(signedIn: SessionUser | null): Promise<StaffRole | null> {
  if (signedIn?.role !== "staff") return null;
  const db = await getDb();
  const [profile] = await db
    .select({ role: staffProfile.role })
    .from(staffProfile)
    .where(eq(staffProfile.userId, signedIn.id));
  return profile?.role ?? "support";
}

/**
 * A staff member whose role may open this staff page (domain/staff.ts STAFF_PAGE_ROLES); anyone
 * else, staff of another role included, gets the 404 page, so the page does not reveal it exists.
 */
export async function requireStaffFor(
  request: Request,
  page: StaffPage,
): Promise<SessionUser & { staffRole: StaffRole }> {
  const signedIn = await getUser(request);
  const staffRole = await staffRoleOf(signedIn);
  if (!signedIn || !staffMayOpen(staffRole, page)) throw data(null, { status: 404 });
  return { ...signedIn, staffRole: staffRole! };
}

/** Makes the account staff with this profile (a vet keeps being on duty or not). */
export async function setStaffProfile(userId: string, values: StaffProfileValues) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(user).set({ role: "staff", updatedAt: new Date() }).where(eq(user.id, userId));
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
  });
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
    displayName: profile.displayName,
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

export async function setOnDuty(vetId: string, onDuty: boolean) {
  const db = await getDb();
  await db
    .update(staffProfile)
    .set({ onDuty, updatedAt: new Date() })
    .where(and(eq(staffProfile.userId, vetId), eq(staffProfile.role, "vet")));
}

export async function countVetsOnDuty(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(staffProfile)
    .where(and(eq(staffProfile.role, "vet"), eq(staffProfile.onDuty, true)));
  return row?.n ?? 0;
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
