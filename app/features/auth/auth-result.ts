import type { FieldErrors } from "~/components/ui/form";
import type { LoginField, SignupField } from "./auth-schemas";

/** Submitted values sent back to refill a rejected form without JavaScript. Never passwords. */
export type SignupEcho = Partial<Record<"name" | "email" | "petName" | "petType", string>>;

/** What the auth route's action answers; `intent` says which of the two forms it is for. */
export type AuthActionData =
  | { intent: "login"; ok: true }
  | { intent: "login"; ok: false; errors: FieldErrors<LoginField>; values: { email?: string } }
  | { intent: "signup"; ok: true }
  | { intent: "signup"; ok: false; errors: FieldErrors<SignupField>; values: SignupEcho };

export type LoginResult = Extract<AuthActionData, { intent: "login" }>;
export type SignupResult = Extract<AuthActionData, { intent: "signup" }>;
