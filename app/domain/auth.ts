import type { PetType } from "./pets";

/** The signed-in user as pages see it; "staff" have a staff role too (backend/staff/staff.server.ts). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "user" | "staff";
  /** False until the link mailed to the address is opened: nothing that trusts the address works. */
  emailVerified: boolean;
};

/** Longest accepted values; the forms' maxLength attributes use the same numbers. */
export const AUTH_LIMITS = {
  name: 100,
  email: 254,
  /** better-auth's limits (app/backend/auth/better-auth.server.ts) for a new password. */
  passwordMin: 8,
  password: 128,
  petName: 50,
} as const;

/** The sign-up form's "Pet Type" choices (specification, section 5): none, or one of these. */
export const SIGNUP_PET_CHOICES = ["", "dog", "cat", "both", "other"] as const;
export type SignupPetChoice = (typeof SIGNUP_PET_CHOICES)[number];

export const AUTH_ERRORS = {
  nameRequired: "Please enter your full name.",
  nameTooLong: `Please shorten your name to ${AUTH_LIMITS.name} characters or fewer.`,
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address, like name@example.com.",
  emailTooLong: `Please shorten your email address to ${AUTH_LIMITS.email} characters or fewer.`,
  passwordRequired: "Please enter your password.",
  newPasswordRequired: "Please choose a password.",
  passwordTooShort: `Please use a password of at least ${AUTH_LIMITS.passwordMin} characters.`,
  passwordTooLong: `Please use a password of ${AUTH_LIMITS.password} characters or fewer.`,
  confirmRequired: "Please confirm your password.",
  /** Also the description of the mismatch toast (specification, sections 5 and 8). */
  passwordMismatch: "Please make sure your passwords match.",
  petNameTooLong: `Please shorten your pet's name to ${AUTH_LIMITS.petName} characters or fewer.`,
  petTypeInvalid: "Please choose a pet type from the list.",
  /** The same for an unknown email and a wrong password: it must not tell which. */
  invalidCredentials: "Invalid email or password",
  resetTokenInvalid: "This password reset link is invalid or has expired.",
} as const;

/** The pet type stored for a sign-up's choice: dog and cat as they are, anything else "other". */
export function storedPetType(petType: SignupPetChoice | undefined): PetType {
  return petType === "dog" || petType === "cat" ? petType : "other";
}

/** True when a signup check failed only because the two passwords differ (among other things). */
export function isPasswordMismatch(errors: Partial<Record<string, string>>) {
  return errors.confirmPassword === AUTH_ERRORS.passwordMismatch;
}
