import { z } from "~/utils/zod";

export const STAFF_USAGE =
  "Usage: npm run staff:create -- --email <email> --password <8 to 128 characters> [--name <name>]";

export type StaffArgs = { email: string; password: string; name: string };

const schema = z.object({
  email: z.email("--email must be an email address, like name@example.com.").max(254),
  password: z
    .string({ error: "--password is required." })
    .min(8, "--password must have at least 8 characters.")
    .max(128, "--password must have at most 128 characters."),
  name: z.string().trim().min(1, "--name must not be empty.").max(100).optional(),
});

const FLAGS = new Set(["--email", "--password", "--name"]);

/**
 * The arguments of scripts/staff-create.ts: `--email E --password P [--name N]` (also
 * `--flag=value`). The name defaults to the part of the address before the @.
 */
export function parseStaffArgs(
  argv: readonly string[],
): { ok: true; args: StaffArgs } | { ok: false; error: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    if (!FLAGS.has(flag!)) return { ok: false, error: `Unknown argument: ${arg}` };
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      return { ok: false, error: `${flag} needs a value.` };
    }
    if (flag!.slice(2) in values) return { ok: false, error: `${flag} was given more than once.` };
    values[flag!.slice(2)] = value;
  }
  if (values.email === undefined) return { ok: false, error: "--email is required." };
  if (values.password === undefined) return { ok: false, error: "--password is required." };
  const parsed = schema.safeParse({ ...values, email: values.email.trim().toLowerCase() });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  const { email, password, name } = parsed.data;
  return { ok: true, args: { email, password, name: name ?? email.split("@")[0]! } };
}
