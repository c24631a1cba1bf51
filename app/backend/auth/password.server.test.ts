import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import {
  PRODUCTION_COST,
  TEST_COST,
  passwordCostFor,
  passwordHashing,
  passwords,
} from "~/backend/auth/password.server";

describe("password hashing", () => {
  const production = passwordHashing(PRODUCTION_COST);

  it("at production cost, reads better-auth's own hashes, and better-auth reads ours", async () => {
    const password = "biscuit-2024";
    const theirs = await hashPassword(password);
    expect(await production.verify({ hash: theirs, password })).toBe(true);
    expect(await production.verify({ hash: theirs, password: "biscuit-2025" })).toBe(false);

    const ours = await production.hash(password);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: "biscuit-2025" })).toBe(false);
  });

  it("hashes the NFKC form with a new salt each time", async () => {
    const first = await passwords.hash("ﬁsh-and-chips");
    expect(first).not.toBe(await passwords.hash("ﬁsh-and-chips"));
    expect(await passwords.verify({ hash: first, password: "fish-and-chips" })).toBe(true);
  });

  it("a stored value that is not a hash opens nothing", async () => {
    for (const hash of ["", "no-colon", ":abc", "abc:", "abc:zz"])
      expect(await passwords.verify({ hash, password: "" }), hash).toBe(false);
  });

  it("costs production's work everywhere but under Vitest (decision 021)", () => {
    expect(passwordCostFor("production")).toEqual({ N: 16384, r: 16, p: 1 });
    // Scripts run by tsx (the operator's) have no Vite mode.
    expect(passwordCostFor(undefined)).toBe(PRODUCTION_COST);
    expect(passwordCostFor("development")).toBe(PRODUCTION_COST);
    expect(passwordCostFor(import.meta.env.MODE)).toBe(TEST_COST);
  });
});
