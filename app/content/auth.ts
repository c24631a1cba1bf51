import { BRAND } from "~/content/site";
import { AUTH_ERRORS } from "~/domain/auth";

/** Toasts of the specification, sections 4 and 8 (also the inline messages without JavaScript). */
export const LOGIN_SUCCESS = {
  title: "Welcome back!",
  description: "You've been successfully logged in.",
} as const;

export const SIGNUP_SUCCESS = {
  title: "Account created!",
  description: `Welcome to ${BRAND}! You can now start using our services.`,
} as const;

export const PASSWORD_MISMATCH = {
  title: "Password mismatch",
  description: AUTH_ERRORS.passwordMismatch,
} as const;

export const PET_TYPE_OPTIONS = [
  { value: "", label: "Select a pet type" },
  { value: "dog", label: "Dog" },
  { value: "cat", label: "Cat" },
  { value: "both", label: "Both" },
  { value: "other", label: "Other" },
] as const;

export const SOCIAL_PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "facebook", label: "Facebook" },
] as const;

/** Said under a social button whose provider has no client id and secret on this server. */
export function socialNotConfigured(provider: "google" | "facebook") {
  return `${provider === "google" ? "Google" : "Facebook"} sign-in is not configured on this server.`;
}

export const FORGOT_PASSWORD_SENT =
  "If an account exists for that email, we've sent a link to reset the password. It expires in one hour.";
