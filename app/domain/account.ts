import { formatUtcDay } from "./time-format";
import { z } from "~/utils/zod";
import { AUTH_ERRORS, AUTH_LIMITS } from "./auth";
import { signupSchema } from "./auth-schemas";

/** Account settings (/account): the forms' schemas, shared by the browser and the action. */

export const ACCOUNT_ERRORS = {
  currentPasswordRequired: "Please enter your current password.",
  /** Beside the password field when it does not match the account's: nothing was changed. */
  wrongPassword: "That is not your current password.",
  noPassword:
    "Your account signs in with Google or Facebook and has no password yet. Set one with “Forgot password” first.",
} as const;

/** The password the account has now: taken as typed, only its length is checked. */
const currentPassword = z
  .string({ error: ACCOUNT_ERRORS.currentPasswordRequired })
  .min(1, ACCOUNT_ERRORS.currentPasswordRequired)
  .max(AUTH_LIMITS.password, AUTH_ERRORS.passwordTooLong);

/** The same rules as the sign-up form's name. */
export const changeNameSchema = z.object({ name: signupSchema.shape.name });

const passwordFields = z.object({
  currentPassword,
  // The same strength rules as sign-up: 8 to 128 characters, confirmed.
  newPassword: signupSchema.shape.password,
  confirmPassword: signupSchema.shape.confirmPassword,
});
const newPasswordPair = passwordFields.pick({ newPassword: true, confirmPassword: true });

export const changePasswordSchema = passwordFields.refine(
  (values) => values.newPassword === values.confirmPassword,
  {
    message: AUTH_ERRORS.passwordMismatch,
    path: ["confirmPassword"],
    when: (payload) => newPasswordPair.safeParse(payload.value).success,
  },
);

export const deleteAccountSchema = z.object({ password: currentPassword });

export type ChangeNameField = keyof z.input<typeof changeNameSchema>;
export type ChangePasswordField = keyof z.input<typeof changePasswordSchema>;
export type DeleteAccountField = keyof z.input<typeof deleteAccountSchema>;

/** One signed-in device of the account as the page lists it (no token, ever). */
export type AccountSession = {
  id: string;
  /** "Chrome on Android", in plain words. */
  device: string;
  startedAt: string;
  lastActiveAt: string;
  /** The session of the request that asked: "this device". */
  current: boolean;
};

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrom(e|ium)\/|\bHeadlessChrome\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

/** A user agent in plain words: "Firefox on Windows", "Safari on iPhone", or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

/** How long ago, in words: "just now", "5 minutes ago", "yesterday", "Nov 2, 2026". */
export function describeSince(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 30) return `${days} days ago`;
  return `on ${formatUtcDay(then)}`;
}

/** The export's file name: pawpal-export-YYYY-MM-DD.json (the UTC date). */
export function exportFileName(now: Date) {
  return `pawpal-export-${now.toISOString().slice(0, 10)}.json`;
}
