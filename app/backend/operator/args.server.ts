import { PLAN_IDS, type PlanId } from "~/domain/plans";
import { staffProfileSchema, type StaffProfileValues } from "~/domain/staff-profile";
import { z } from "~/utils/zod";

/* The arguments of the operator commands (`npm run staff:create`, `npm run plan:set`). */

type Parsed<Args> = { ok: true; args: Args } | { ok: false; error: string };

/** `--flag value` and `--flag=value` pairs, each flag one of `flags`, at most once. */
function readFlags(argv: readonly string[], flags: readonly string[]): Parsed<Record<string, string>> {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    if (!flags.includes(flag!)) return { ok: false, error: `Unknown argument: ${arg}` };
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      return { ok: false, error: `${flag} needs a value.` };
    }
    if (flag!.slice(2) in values) return { ok: false, error: `${flag} was given more than once.` };
    values[flag!.slice(2)] = value;
  }
  return { ok: true, args: values };
}

const email = z.email("--email must be an email address, like name@example.com.").max(254);

export const STAFF_USAGE =
  "Usage: npm run staff:create -- --email <email> [--password <8 to 128 characters>] [--name <name>] [--role admin|support|vet] [--display-name <name owners see>] [--region <where a vet is licensed>]";

/** The password is needed only to create an account; an existing one keeps its own. */
export type StaffArgs = { email: string; password: string | null; name: string; profile: StaffProfileValues };

const staffSchema = z.object({
  email,
  password: z
    .string()
    .min(8, "--password must have at least 8 characters.")
    .max(128, "--password must have at most 128 characters.")
    .optional(),
  name: z.string().trim().min(1, "--name must not be empty.").max(100).optional(),
});

/**
 * The arguments of staff:create: `--email E [--password P] [--name N] [--role admin|support|vet]
 * [--display-name D] [--region R]` (also `--flag=value`). The name defaults to the part of the
 * address before the @, the role to support (an admin is made only by naming it), the name owners see to the name; a vet needs a region.
 */
export function parseStaffArgs(argv: readonly string[]): Parsed<StaffArgs> {
  const read = readFlags(argv, ["--email", "--password", "--name", "--role", "--display-name", "--region"]);
  if (!read.ok) return read;
  const values = read.args;
  if (values.email === undefined) return { ok: false, error: "--email is required." };
  const parsed = staffSchema.safeParse({ ...values, email: values.email.trim().toLowerCase() });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  const name = parsed.data.name ?? parsed.data.email.split("@")[0]!;
  const profile = staffProfileSchema.safeParse({
    role: values.role ?? "support",
    displayName: values["display-name"] ?? name,
    region: values.region,
  });
  if (!profile.success) {
    const issue = profile.error.issues[0]!;
    const flag = { role: "--role", displayName: "--display-name", region: "--region" }[String(issue.path[0])];
    return { ok: false, error: flag ? `${flag}: ${issue.message}` : issue.message };
  }
  return {
    ok: true,
    args: { email: parsed.data.email, password: parsed.data.password ?? null, name, profile: profile.data },
  };
}

export const PLAN_USAGE =
  "Usage: npm run plan:set -- --email <email> --plan free|pro|premium [--until YYYY-MM-DD]";

export type PlanArgs = { email: string; plan: PlanId; until: Date | null };

/**
 * The arguments of plan:set: `--email E --plan free|pro|premium [--until YYYY-MM-DD]`. `until`
 * is the last day the plan is included (UTC): it ends when the next day begins, which must be
 * after `now`. Free takes no date.
 */
export function parsePlanArgs(argv: readonly string[], now = new Date()): Parsed<PlanArgs> {
  const read = readFlags(argv, ["--email", "--plan", "--until"]);
  if (!read.ok) return read;
  const values = read.args;
  if (values.email === undefined) return { ok: false, error: "--email is required." };
  if (values.plan === undefined) return { ok: false, error: "--plan is required." };
  const address = email.safeParse(values.email.trim().toLowerCase());
  if (!address.success) return { ok: false, error: address.error.issues[0]!.message };
  const plan = PLAN_IDS.find((known) => known === values.plan);
  if (!plan) return { ok: false, error: `--plan must be one of ${PLAN_IDS.join(", ")}.` };
  return untilFrom(values.until, plan, now, (until) => ({
    ok: true,
    args: { email: address.data, plan, until },
  }));
}

/** When a plan staff set ends ("" or absent: never), with the same rules for the page and the command. */
export function untilFrom<T>(
  value: string | undefined,
  plan: PlanId,
  now: Date,
  then: (until: Date | null) => Parsed<T>,
): Parsed<T> {
  if (!value) return then(null);
  if (plan === "free") return { ok: false, error: "The Free plan has no end date: leave --until out." };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    return { ok: false, error: "--until must be a date like 2027-01-31." };
  }
  // The plan includes that whole day: it ends as the next one begins.
  const ends = new Date(day.getTime() + 86_400_000);
  if (ends <= now) return { ok: false, error: "--until must be today or a later day." };
  return then(ends);
}
