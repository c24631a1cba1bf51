/**
 * The staff account of the browser tests, created by playwright.config.ts before the
 * server starts (plain values only: the config imports this file).
 */
export const STAFF = {
  email: "staff@pawpal.test",
  password: "staff-password-123",
  name: "Sam Staff",
} as const;
