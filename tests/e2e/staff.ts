/**
 * The staff account of the browser tests, an admin (the plans page, the staff page and the
 * inbox), created by global-setup.ts once their server runs (plain values only: the config
 * imports this file).
 */
export const STAFF = {
  email: "staff@pawpal.test",
  password: "staff-password-123",
  name: "Sam Staff",
} as const;

/** The secret the fake Stripe signs its webhooks with, and the server checks them with. */
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_pawpal_e2e";
