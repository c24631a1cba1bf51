import { z } from "~/utils/zod";
import { AUTH_ERRORS, AUTH_LIMITS, SIGNUP_PET_CHOICES } from "./auth";
import { PLAN_IDS } from "./plans";
import { singleLine } from "./text";

/*
 * The account forms' schemas, apart from their limits and messages (auth.ts): the route actions
 * import them, and the forms load them when a visitor first uses one, so the sign-in and
 * password pages' first scripts carry no zod.
 */

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

export type LoginValues = z.output<typeof loginSchema>;
export type LoginField = keyof LoginValues;

export type SignupValues = z.output<typeof signupSchema>;
export type SignupField = keyof SignupValues;
