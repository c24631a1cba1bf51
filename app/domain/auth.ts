import { z } from "~/utils/zod";
import type { PetType } from "./pets";
import { PLAN_IDS } from "./plans";
import { singleLine } from "./text";

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

const email = z
  .string({ error: AUTH_ERRORS.emailRequired })
  .trim()
  .min(1, AUTH_ERRORS.emailRequired)
  .max(AUTH_LIMITS.email, AUTH_ERRORS.emailTooLong)
  .pipe(z.email(AUTH_ERRORS.emailInvalid));

/** Passwords are taken as typed: no trimming, spaces count. */
function password(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .max(AUTH_LIMITS.password, AUTH_ERRORS.passwordTooLong);
}

/** A password being chosen: 8 to 128 characters. */
function newPassword(required: string) {
  return password(required).min(AUTH_LIMITS.passwordMin, AUTH_ERRORS.passwordTooShort);
}

export const loginSchema = z.object({
  email,
  password: password(AUTH_ERRORS.passwordRequired),
});

const signupFields = z.object({
  name: singleLine(
    z
      .string({ error: AUTH_ERRORS.nameRequired })
      .trim()
      .min(1, AUTH_ERRORS.nameRequired)
      .max(AUTH_LIMITS.name, AUTH_ERRORS.nameTooLong),
  ),
  email,
  password: newPassword(AUTH_ERRORS.newPasswordRequired),
  confirmPassword: password(AUTH_ERRORS.confirmRequired),
  petName: singleLine(z.string().trim().max(AUTH_LIMITS.petName, AUTH_ERRORS.petNameTooLong)).optional(),
  petType: z.enum(SIGNUP_PET_CHOICES, AUTH_ERRORS.petTypeInvalid).optional(),
  /** The plan picked on the pricing page, if any; an unknown value is ignored. */
  plan: z.enum(PLAN_IDS).optional().catch(undefined),
});

const passwordPair = signupFields.pick({ password: true, confirmPassword: true });

export const signupSchema = signupFields.refine((values) => values.password === values.confirmPassword, {
  message: AUTH_ERRORS.passwordMismatch,
  path: ["confirmPassword"],
  // Compare as soon as both passwords are filled in, even if another field still has a problem.
  when: (payload) => passwordPair.safeParse(payload.value).success,
});

export const forgotPasswordSchema = z.object({ email });

const resetFields = z.object({
  password: newPassword(AUTH_ERRORS.newPasswordRequired),
  confirmPassword: password(AUTH_ERRORS.confirmRequired),
  token: z.string({ error: AUTH_ERRORS.resetTokenInvalid }).min(1, AUTH_ERRORS.resetTokenInvalid),
});

export const resetPasswordSchema = resetFields.refine(
  (values) => values.password === values.confirmPassword,
  {
    message: AUTH_ERRORS.passwordMismatch,
    path: ["confirmPassword"],
    when: (payload) => passwordPair.safeParse(payload.value).success,
  },
);

export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
export type ResetPasswordField = keyof ResetPasswordValues;

/** The pet type stored for a sign-up's choice: dog and cat as they are, anything else "other". */
export function storedPetType(petType: SignupPetChoice | undefined): PetType {
  return petType === "dog" || petType === "cat" ? petType : "other";
}

export type LoginValues = z.output<typeof loginSchema>;
export type LoginField = keyof LoginValues;

export type SignupValues = z.output<typeof signupSchema>;
export type SignupField = keyof SignupValues;

/** True when a signup check failed only because the two passwords differ (among other things). */
export function isPasswordMismatch(errors: Partial<Record<string, string>>) {
  return errors.confirmPassword === AUTH_ERRORS.passwordMismatch;
}
