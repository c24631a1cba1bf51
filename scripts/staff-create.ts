/**
 * Creates a staff account, or makes an existing account staff:
 *   npm run staff:create -- --email E --password P [--name N]
 * With PGlite (no DATABASE_URL) run it while the server is stopped: only one process may
 * open the data folder. An existing account keeps its password.
 */
import { eq } from "drizzle-orm";
import { getAuth } from "~/backend/auth/better-auth.server";
import { closeDatabase, getDb } from "~/backend/db/client.server";
import { user } from "~/backend/db/schema.server";
import { parseStaffArgs, STAFF_USAGE } from "~/backend/staff-args.server";

const parsed = parseStaffArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.error}\n${STAFF_USAGE}`);
  process.exit(2);
}
const { email, password, name } = parsed.args;

try {
  const db = await getDb();
  const [existing] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  if (existing) {
    await db.update(user).set({ role: "staff", updatedAt: new Date() }).where(eq(user.id, existing.id));
    console.log(
      existing.role === "staff"
        ? `${email} is already staff (password unchanged).`
        : `${email} is now staff (password unchanged).`,
    );
  } else {
    const auth = await getAuth();
    const created = await auth.api.signUpEmail({ body: { name, email, password } });
    await db.update(user).set({ role: "staff" }).where(eq(user.id, created.user.id));
    console.log(`Created the staff account ${email}.`);
  }
  await closeDatabase();
} catch (error) {
  console.error("Could not create the staff account:", error instanceof Error ? error.message : error);
  await closeDatabase().catch(() => {});
  process.exit(1);
}
