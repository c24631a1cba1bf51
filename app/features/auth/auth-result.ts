import type { FormReply } from "~/utils/forms";
import type { LoginField, SignupField } from "~/domain/auth";

/**
 * What the auth route's action answers when it does not redirect; `intent` says which of
 * the forms it is for. `formError` is a problem of the whole form (too many attempts,
 * wrong email or password), shown above its fields.
 */
export type AuthActionData =
  | { intent: "login"; ok: true }
  | ({ intent: "login" } & FormReply<LoginField>)
  | { intent: "signup"; ok: true }
  | ({ intent: "signup" } & FormReply<SignupField>)
  | { intent: "social"; ok: false; formError: string };

export type LoginResult = Extract<AuthActionData, { intent: "login" }>;
export type SignupResult = Extract<AuthActionData, { intent: "signup" }>;

/** The flags the auth page's loader passes: which social providers can be used. */
export type SocialFlags = { google: boolean; facebook: boolean };
