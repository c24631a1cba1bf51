import { eq } from "drizzle-orm";
import { getAuth } from "~/backend/auth/better-auth.server";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { getDb } from "~/backend/db/client.server";
import type { OperatorReply } from "~/backend/db/pglite-folder.server";
import { user } from "~/backend/db/schema.server";
import { lastIncludedDay, PLAN_NAMES } from "~/domain/plans";
import { requeueConversationsOf } from "~/backend/chat/conversations.server";
import { cancelConsultationsOf } from "~/backend/consultations/vet-cancellations.server";
import { setStaffProfile } from "~/backend/staff/staff.server";
import { STAFF_ROLE_LABELS } from "~/domain/staff";
import { parsePlanArgs, parseStaffArgs, PLAN_USAGE, STAFF_USAGE } from "./args.server";

/*
 * The operator commands, run by scripts/operator.ts in its own process, or, while a server
 * holds the embedded database, by that server (asked over its socket, pglite-folder.server.ts).
 * A reply that is not ok with `usage` set was a mistake in the arguments.
 */

type Reply = OperatorReply & { usage?: true };

/**
 * staff:create: creates a staff account, or makes an existing account staff (its password
 * unchanged), with its role (admin, support or vet), the name owners see and where a vet is licensed.
 */
async function createStaff(argv: string[]): Promise<Reply> {
  const parsed = parseStaffArgs(argv);
  if (!parsed.ok) return { ok: false, error: `${parsed.error}\n${STAFF_USAGE}`, usage: true };
  const { email, password, name, profile } = parsed.args;
  const db = await getDb();
  const [existing] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  const role = `${STAFF_ROLE_LABELS[profile.role].toLowerCase()}${profile.role === "vet" ? ` licensed in ${profile.region}` : ""}`;
  if (existing) {
    await setStaffProfile(existing.id, profile);
    // No longer a vet: whoever they were talking to goes back to the queue, and their
    // consultations to come are cancelled (each owner told).
    if (profile.role !== "vet") {
      await requeueConversationsOf(existing.id);
      await cancelConsultationsOf(existing.id);
    }
    return {
      ok: true,
      message: `${email} ${existing.role === "staff" ? "is" : "is now"} staff: ${role}, shown as ${profile.displayName} (password unchanged).`,
    };
  }
  if (!password)
    return { ok: false, error: `--password is required to create an account.\n${STAFF_USAGE}`, usage: true };
  const auth = await getAuth();
  const created = await auth.api.signUpEmail({ body: { name, email, password } });
  await setStaffProfile(created.user.id, profile);
  return {
    ok: true,
    message: `Created the staff account ${email}: ${role}, shown as ${profile.displayName}.`,
  };
}

/** plan:set: sets an account's plan (until a date, or with no end); Free ends any plan now. */
async function setPlan(argv: string[]): Promise<Reply> {
  const parsed = parsePlanArgs(argv);
  if (!parsed.ok) return { ok: false, error: `${parsed.error}\n${PLAN_USAGE}`, usage: true };
  const { email, plan, until } = parsed.args;
  const db = await getDb();
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!account) return { ok: false, error: `There is no account with the address ${email}.` };
  const set = await setPlanByStaff({ userId: account.id, plan, until });
  if (!set.ok) {
    return {
      ok: false,
      error: `${email} pays for a plan through Stripe: change or cancel it in Stripe's dashboard.`,
    };
  }
  const end = until ? ` until ${lastIncludedDay(until)}` : "";
  return { ok: true, message: `${email} is on the ${PLAN_NAMES[plan]} plan${end}.` };
}

const COMMANDS: Record<string, (argv: string[]) => Promise<Reply>> = {
  "staff:create": createStaff,
  "plan:set": setPlan,
};

export const OPERATOR_COMMAND_NAMES = Object.keys(COMMANDS);

export async function runOperatorCommand(command: string, argv: string[]): Promise<Reply> {
  const run = COMMANDS[command];
  if (!run)
    return {
      ok: false,
      error: `Unknown command ${command}: one of ${OPERATOR_COMMAND_NAMES.join(", ")}.`,
      usage: true,
    };
  try {
    return await run(argv);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
