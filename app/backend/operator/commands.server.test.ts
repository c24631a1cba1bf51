import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getAuth } from "~/backend/auth/better-auth.server";
import { planOf } from "~/backend/billing/plans.server";
import { getDb } from "~/backend/db/client.server";
import { account, staffProfile, user } from "~/backend/db/schema.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { PLAN_USAGE, STAFF_USAGE } from "./args.server";
import { runOperatorCommand } from "./commands.server";

// The real better-auth on the test database; the secret is given so nothing is written to ./data.
vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

/** A fresh account inserted as it is stored (no password). */
async function addAccount(name: string) {
  serial += 1;
  const values = {
    id: `operator-test-${serial}`,
    name,
    email: `${name.toLowerCase()}-${serial}@example.com`,
  };
  await (await getDb()).insert(user).values(values);
  return values;
}

/** Whether `password` signs `email` in, through better-auth. */
async function signsIn(email: string, password: string) {
  const auth = await getAuth();
  try {
    await auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

async function roleOf(email: string) {
  const [row] = await (await getDb()).select({ role: user.role }).from(user).where(eq(user.email, email));
  return row?.role;
}

describe("plan:set", () => {
  it("sets the plan of an existing account and says so", async () => {
    const kim = await addAccount("Kim");
    expect(await planOf(kim.id)).toBe("free");
    // The address in any case.
    const reply = await runOperatorCommand("plan:set", ["--email", kim.email.toUpperCase(), "--plan", "pro"]);
    expect(reply).toEqual({ ok: true, message: `${kim.email} is on the Pro plan.` });
    expect(await planOf(kim.id)).toBe("pro");

    expect(await runOperatorCommand("plan:set", ["--email", kim.email, "--plan", "free"])).toEqual({
      ok: true,
      message: `${kim.email} is on the Free plan.`,
    });
    expect(await planOf(kim.id)).toBe("free");
  });

  it("with --until, the plan lasts through that day (UTC)", async () => {
    const kim = await addAccount("Kim");
    const until = new Date(Date.now() + 40 * DAY_MS).toISOString().slice(0, 10);
    const reply = await runOperatorCommand("plan:set", [
      "--email",
      kim.email,
      "--plan",
      "premium",
      `--until=${until}`,
    ]);
    expect(reply).toEqual({ ok: true, message: `${kim.email} is on the Premium plan until ${until}.` });
    expect(await planOf(kim.id)).toBe("premium");
    expect(await planOf(kim.id, new Date(`${until}T23:59:59Z`))).toBe("premium");
    expect(await planOf(kim.id, new Date(new Date(`${until}T00:00:00Z`).getTime() + DAY_MS))).toBe("free");
  });

  it("an address without an account is refused with a clear error, not the usage", async () => {
    const reply = await runOperatorCommand("plan:set", ["--email", "nobody@example.com", "--plan", "pro"]);
    expect(reply).toEqual({ ok: false, error: "There is no account with the address nobody@example.com." });
  });

  it("bad arguments answer the error and the usage, and change nothing", async () => {
    const kim = await addAccount("Kim");
    for (const argv of [
      ["--email", kim.email, "--plan", "gold"],
      ["--email", kim.email],
      ["--email", kim.email, "--plan", "pro", "--until", "2020-01-01"],
      ["--email", kim.email, "--plan", "pro", "--force"],
    ]) {
      const reply = await runOperatorCommand("plan:set", argv);
      expect(reply, argv.join(" ")).toMatchObject({ ok: false, usage: true });
      expect(reply.ok === false && reply.error.endsWith(`\n${PLAN_USAGE}`), argv.join(" ")).toBe(true);
    }
    expect(await runOperatorCommand("plan:set", ["--email", kim.email, "--plan", "gold"])).toEqual({
      ok: false,
      error: `--plan must be one of free, pro, premium.\n${PLAN_USAGE}`,
      usage: true,
    });
    expect(await planOf(kim.id)).toBe("free");
  });
});

describe("an unknown command", () => {
  it("names the commands there are, with usage set", async () => {
    expect(await runOperatorCommand("plan:get", [])).toEqual({
      ok: false,
      error: "Unknown command plan:get: one of staff:create, plan:set.",
      usage: true,
    });
  });
});

describe("staff:create", () => {
  it("creates a staff account that signs in with the password given", async () => {
    const reply = await runOperatorCommand("staff:create", [
      "--email",
      "Sam.Staff@Example.com",
      "--password",
      "staff-password-1",
      "--name",
      "Sam Staff",
    ]);
    expect(reply).toEqual({
      ok: true,
      message: "Created the staff account sam.staff@example.com: support, shown as Sam Staff.",
    });
    const [created] = await (
      await getDb()
    )
      .select()
      .from(user)
      .where(eq(user.email, "sam.staff@example.com"));
    expect(created).toMatchObject({ name: "Sam Staff", role: "staff" });
    expect(await signsIn("sam.staff@example.com", "staff-password-1")).toBe(true);
  });

  it("makes an existing account staff, its password unchanged", async () => {
    const auth = await getAuth();
    const email = `existing-${serial}@example.com`;
    const created = await auth.api.signUpEmail({
      body: { name: "Erin", email, password: "erins-password-1" },
    });
    const hashBefore = await passwordHash(created.user.id);
    expect(await roleOf(email)).toBe("user");

    const reply = await runOperatorCommand("staff:create", [
      "--email",
      email,
      "--password",
      "another-password",
    ]);
    expect(reply).toEqual({
      ok: true,
      message: `${email} is now staff: support, shown as ${email.split("@")[0]} (password unchanged).`,
    });
    expect(await roleOf(email)).toBe("staff");
    expect(await passwordHash(created.user.id)).toBe(hashBefore);
    expect(await signsIn(email, "erins-password-1")).toBe(true);
    expect(await signsIn(email, "another-password")).toBe(false);

    expect(
      await runOperatorCommand("staff:create", ["--email", email, "--password", "another-password"]),
    ).toEqual({
      ok: true,
      message: `${email} is staff: support, shown as ${email.split("@")[0]} (password unchanged).`,
    });
    const accounts = await (await getDb()).select().from(user).where(eq(user.email, email));
    expect(accounts).toHaveLength(1);
  });

  it("makes a vet, changes the role later, and needs a password only for a new account", async () => {
    const email = `vet-${serial}@example.com`;
    expect(
      await runOperatorCommand("staff:create", ["--email", email, "--role", "vet", "--region", "Ohio"]),
    ).toEqual({
      ok: false,
      error: `--password is required to create an account.\n${STAFF_USAGE}`,
      usage: true,
    });
    const argv = ["--email", email, "--password", "vet-password-1", "--role", "vet"];
    expect(
      await runOperatorCommand("staff:create", [
        ...argv,
        "--display-name",
        "Dr. Ana Silva",
        "--region",
        "Ohio, USA",
      ]),
    ).toEqual({
      ok: true,
      message: `Created the staff account ${email}: vet licensed in Ohio, USA, shown as Dr. Ana Silva.`,
    });
    const [profile] = await (
      await getDb()
    )
      .select()
      .from(staffProfile)
      .innerJoin(user, eq(user.id, staffProfile.userId))
      .where(eq(user.email, email));
    expect(profile?.staff_profile).toMatchObject({
      role: "vet",
      displayName: "Dr. Ana Silva",
      region: "Ohio, USA",
    });
    expect(
      await runOperatorCommand("staff:create", [
        "--email",
        email,
        "--role",
        "support",
        "--display-name",
        "Ana",
      ]),
    ).toEqual({
      ok: true,
      message: `${email} is staff: support, shown as Ana (password unchanged).`,
    });
    const [after] = await (
      await getDb()
    )
      .select()
      .from(staffProfile)
      .where(eq(staffProfile.userId, profile!.user.id));
    expect(after).toMatchObject({ role: "support", displayName: "Ana", region: null, onDuty: false });
  });

  it("makes an admin only when --role admin is given, and upgrades an existing staff account", async () => {
    const email = `admin-${serial}@example.com`;
    expect(
      await runOperatorCommand("staff:create", [
        "--email",
        email,
        "--password",
        "admin-password-1",
        "--role",
        "admin",
        "--name",
        "Ada Admin",
      ]),
    ).toEqual({ ok: true, message: `Created the staff account ${email}: admin, shown as Ada Admin.` });
    expect(await staffRoleByEmail(email)).toBe("admin");
    expect(await signsIn(email, "admin-password-1")).toBe(true);

    // An existing support account, upgraded; without --role it would go back to support.
    const support = `support-${serial}@example.com`;
    await runOperatorCommand("staff:create", ["--email", support, "--password", "support-password-1"]);
    expect(await staffRoleByEmail(support)).toBe("support");
    expect(await runOperatorCommand("staff:create", ["--email", support, "--role", "admin"])).toEqual({
      ok: true,
      message: `${support} is staff: admin, shown as ${support.split("@")[0]} (password unchanged).`,
    });
    expect(await staffRoleByEmail(support)).toBe("admin");
  });

  it("refuses an unknown role with the roles there are and the usage, changing nothing", async () => {
    const email = `vet-kept-${serial}@example.com`;
    await runOperatorCommand("staff:create", [
      "--email",
      email,
      "--password",
      "vet-password-1",
      "--role",
      "vet",
      "--region",
      "Ohio, USA",
    ]);
    for (const role of ["boss", "staff", "superuser", ""]) {
      expect(await runOperatorCommand("staff:create", ["--email", email, `--role=${role}`])).toEqual({
        ok: false,
        error: `--role: Choose admin, support or vet.\n${STAFF_USAGE}`,
        usage: true,
      });
    }
    expect(await staffRoleByEmail(email)).toBe("vet");
    expect(STAFF_USAGE).toContain("--role admin|support|vet");
  });

  it("bad arguments answer the error and the usage, and create nothing", async () => {
    const reply = await runOperatorCommand("staff:create", [
      "--email",
      "new-staff@example.com",
      "--password",
      "short",
    ]);
    expect(reply).toEqual({
      ok: false,
      error: `--password must have at least 8 characters.\n${STAFF_USAGE}`,
      usage: true,
    });
    expect(await roleOf("new-staff@example.com")).toBeUndefined();
  });
});

async function staffRoleByEmail(email: string) {
  const [row] = await (
    await getDb()
  )
    .select({ role: staffProfile.role })
    .from(staffProfile)
    .innerJoin(user, eq(user.id, staffProfile.userId))
    .where(eq(user.email, email));
  return row?.role;
}

async function passwordHash(userId: string) {
  const [row] = await (
    await getDb()
  )
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return row?.password;
}
