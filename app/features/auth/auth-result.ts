import type { FieldErrors } from "~/components/ui/form";
import type { LoginField, SignupField } from "~/domain/auth";

/** Submitted values sent back to refill a rejected form without JavaScript. Never passwords. */
export type SignupEcho = Partial<Record<"name" | "email" | "petName" | "petType", string>>;

/**
 * What the auth route's action answers when it does not redirect; `intent` says which of
 * the forms it is for. `formError` is a problem of the whole form (too many attempts,
 * wrong email or password), shown above its fields.
 */
export type AuthActionData =
  | { intent: "login"; ok: true }
  | {
      intent: "login";
      ok: false;
      errors: FieldErrors<LoginField>;
      values: { email?: string };
      formError?: string;
    }
  | { intent: "signup"; ok: true }
  | {
      intent: "signup";
      ok: false;
      errors: FieldErrors<SignupField>;
      values: SignupEcho;
      formError?: string;
    }
  | { intent: "social"; ok: false; formError: string };

export type LoginResult = Extract<AuthActionData, { intent: "login" }>;
export type SignupResult = Extract<AuthActionData, { intent: "signup" }>;

/** The flags the auth page's loader passes: which social providers can be used. */
export type SocialFlags = { google: boolean; facebook: boolean };
