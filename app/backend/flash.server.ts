import crypto from "node:crypto";
import { redirect, redirectDocument } from "react-router";
import { LOGIN_SUCCESS, SIGNUP_SUCCESS } from "~/content/auth";

/**
 * One-time messages that survive a redirect: the action sets a short-lived cookie naming
 * one of the messages below (never free text, so nothing can be injected through it), the
 * root loader reads it, clears it and shows the message once.
 */
export const FLASH_MESSAGES = {
  login: LOGIN_SUCCESS,
  signup: SIGNUP_SUCCESS,
  passwordChanged: { title: "Your password has been changed.", description: "Please log in." },
  // /account
  nameChanged: { title: "Your name has been changed.", description: "It shows like this across PawPal." },
  accountPasswordChanged: {
    title: "Your password has been changed.",
    description: "Every other device was signed out.",
  },
  sessionEnded: { title: "Signed out.", description: "That device has to log in again to use your account." },
  otherSessionsEnded: {
    title: "Signed out everywhere else.",
    description: "Every other device has to log in again to use your account.",
  },
  accountDeleted: {
    title: "Your account has been deleted.",
    description: "Your pets, their records and everything else we held about you are gone.",
  },
  emailVerified: {
    title: "Your email address is confirmed.",
    description: "Family invitations and reminders can reach you there now.",
  },
  verificationSent: {
    title: "We sent you a new link.",
    description: "Open it within 24 hours to confirm your email address.",
  },
  dueDone: { title: "Marked done.", description: "What comes next, if anything, is on the list." },
  appointmentAdded: {
    title: "Appointment added.",
    description:
      "PawPal has not booked it: call or visit the clinic's website to confirm this time with them.",
  },
  checkoutDone: {
    title: "Thank you: your plan is active.",
    description: "Everything it includes is open now; a mail confirms it.",
  },
  consultationBooked: {
    title: "Your consultation is booked.",
    description:
      "A mail confirms it with a calendar invitation and, when it is more than an hour away, a reminder comes 1 hour before.",
  },
  consultationMoved: { title: "Your consultation is moved.", description: "A mail confirms the new time." },
  consultationCancelled: { title: "Your consultation is cancelled.", description: "Its time is free again." },
  familyJoined: {
    title: "Welcome to the family!",
    description: "Their pets are listed on this page: open one to see and add to its records.",
  },
} as const;

export type FlashKind = keyof typeof FLASH_MESSAGES;
/** What the page shows; `id` differs for every flash so the same message can toast twice. */
export type Flash = { id: string; kind: FlashKind; title: string; description: string };

export const FLASH_COOKIE = "pawpal.flash";
const MAX_AGE_SECONDS = 60;
const VALUE = /^([A-Za-z]{1,32})\.([A-Za-z0-9_-]{8,32})$/;

function isFlashKind(kind: string): kind is FlashKind {
  return Object.hasOwn(FLASH_MESSAGES, kind);
}

/** The Set-Cookie value that leaves `kind` for the next page. */
export function flashCookie(kind: FlashKind, secure = false) {
  const value = `${kind}.${crypto.randomBytes(9).toString("base64url")}`;
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that removes the flash once shown. */
export function clearFlashCookie(secure = false) {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The flash named by a Cookie header, or null (none, unknown or malformed). */
export function parseFlash(cookieHeader: string | null | undefined): Flash | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== FLASH_COOKIE) continue;
    const [, kind, id] = VALUE.exec(part.slice(separator + 1).trim()) ?? [];
    if (!kind || !id || !isFlashKind(kind)) return null;
    return { id, kind, ...FLASH_MESSAGES[kind] };
  }
  return null;
}

/** Cookies are Secure when the site is reached over https (plain http in development and tests). */
function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/** For a loader: the flash of this request and the header that clears it, if there is one. */
export function takeFlash(request: Request): { flash: Flash | null; headers?: HeadersInit } {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes(FLASH_COOKIE)) return { flash: null };
  return { flash: parseFlash(cookieHeader), headers: { "Set-Cookie": clearFlashCookie(isHttps(request)) } };
}

/**
 * For an action: a redirect to `to` that shows `kind`'s toast there, keeping any `headers` of
 * its own (the session cookies of a login, say). `document` makes the browser load `to` as a new
 * document even after a script's submission: a session starts in a document sent with the
 * signed-in headers (host/security.ts).
 */
export function redirectWithFlash(
  request: Request,
  to: string,
  kind: FlashKind,
  headers?: HeadersInit,
  { document = false } = {},
) {
  const all = new Headers(headers);
  all.append("Set-Cookie", flashCookie(kind, isHttps(request)));
  return (document ? redirectDocument : redirect)(to, { headers: all });
}
