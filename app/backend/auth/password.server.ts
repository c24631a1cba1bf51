import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's work factor: memory and time grow with N × r (128 × N × r bytes). */
export type PasswordCost = { N: number; r: number; p: number };

/** better-auth's own work factor (32 MiB and ~0.2 s of a core per hash on the CI machine). */
export const PRODUCTION_COST: PasswordCost = { N: 16384, r: 16, p: 1 };

/**
 * Vitest's: 1/32 of the work. Its tests sign up and log in ~240 times and nothing they prove
 * depends on the work factor; at production cost hashing was a fifth of their CPU. Rails does the
 * same in its test environment (has_secure_password's min_cost). Decision 021.
 */
export const TEST_COST: PasswordCost = { N: 1024, r: 8, p: 1 };

/** The cost for Vite's mode: `test` under Vitest; the build says `production`, and tsx says nothing. */
export function passwordCostFor(mode: string | undefined): PasswordCost {
  return mode === "test" ? TEST_COST : PRODUCTION_COST;
}

const KEY_BYTES = 64;

function deriveKey(password: string, salt: string, { N, r, p }: PasswordCost) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Password hashing in better-auth's own scheme, so every hash it wrote verifies here and the
 * other way round: scrypt of the NFKC form with a random 16-byte salt written as hex (the hex
 * text is the salt), a 64-byte key, stored as "<salt>:<key>". Ours only so that the cost is a
 * parameter (password.server.test.ts checks it against better-auth's).
 */
export function passwordHashing(cost: PasswordCost) {
  return {
    async hash(password: string) {
      const salt = randomBytes(16).toString("hex");
      return `${salt}:${(await deriveKey(password, salt, cost)).toString("hex")}`;
    },
    async verify({ hash, password }: { hash: string; password: string }) {
      const [salt, key] = hash.split(":");
      if (!salt || !key) return false;
      const expected = Buffer.from(key, "hex");
      const actual = await deriveKey(password, salt, cost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

/** The hashing better-auth is configured with. */
export const passwords = passwordHashing(passwordCostFor(import.meta.env?.MODE));
