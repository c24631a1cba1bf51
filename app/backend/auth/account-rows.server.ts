import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/backend/db/client.server";
import { user, verification } from "~/backend/db/schema.server";

/*
 * The user row's writes outside better-auth (which signs people up, in, out and resets): staff
 * making an account staff, and an account's deletion. With better-auth.server.ts and
 * account.server.ts, auth/ is the only part of the backend that writes the user and
 * verification tables.
 */

type Executor = Pick<Database, "update" | "delete"> | Transaction;

/** The account becomes staff (its profile says which kind: staff.server.ts). */
export async function markAsStaff(tx: Executor, userId: string) {
  await tx.update(user).set({ role: "staff", updatedAt: new Date() }).where(eq(user.id, userId));
}

/**
 * Deletes the user row, in the deletion's transaction (account-data.server.ts), with its
 * password-reset and email-verification rows, which name the account by its id, exactly. The
 * rest goes with the user row (foreign keys cascade: db/schema.server.ts).
 */
export async function deleteUserRow(tx: Executor, userId: string) {
  await tx.delete(verification).where(eq(verification.value, userId));
  await tx.delete(user).where(eq(user.id, userId));
}
