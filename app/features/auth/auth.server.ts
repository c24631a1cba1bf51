import type { LoginValues, SignupValues } from "./auth-schemas";

/**
 * Server side of the login and sign-up forms. For now they only note the attempt in the
 * server log, never with a password; real accounts replace these bodies later, behind
 * the same signatures.
 */
export async function submitLogin({ email }: LoginValues): Promise<void> {
  console.info("[auth] login", { email });
}

export async function submitSignup({
  password: _password,
  confirmPassword: _confirm,
  ...values
}: SignupValues): Promise<void> {
  console.info("[auth] signup", values);
}
