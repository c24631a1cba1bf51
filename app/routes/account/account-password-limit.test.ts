import { describe, expect, it } from "vitest";
import { getUser } from "~/backend/auth/session.server";
import { ACCOUNT_ERRORS } from "~/domain/account";
import {
  get,
  postUrlencoded,
  routeArgs,
  setUpRouteTests,
  settled,
  signUp,
  type Account,
} from "~tests/support/route-requests";
import { action } from "./account";

/*
 * /account's password checks (changing the password, deleting the account) as the forms post
 * them, with a real session cookie: they allow an account no more guesses than the login form,
 * whichever form makes them, and the right password waits out the window too.
 */

setUpRouteTests();

const PASSWORD = "biscuit-2024";
const NEW_PASSWORD = "new-biscuit-2025";

type Answer = { status: number; headers: Headers; data: Record<string, unknown> };

async function post(who: Account, fields: Record<string, string>): Promise<Answer> {
  const value = await settled(() => action(routeArgs(postUrlencoded("/account", who, fields))));
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: {} };
  const wrapped = value as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: wrapped.init?.status ?? 200,
    headers: new Headers(wrapped.init?.headers),
    data: wrapped.data,
  };
}

describe("password checks on /account", () => {
  it("are limited per account: after 10 guesses both forms answer 429, the right password included", async () => {
    const guesser = await signUp("Gus Guesser");
    const bystander = await signUp("Bea Bystander");
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = await post(guesser, { intent: "delete", password: `guess-${attempt}` });
      expect(guess).toMatchObject({
        status: 400,
        data: { errors: { password: ACCOUNT_ERRORS.wrongPassword } },
      });
    }
    const deleteAgain = await post(guesser, { intent: "delete", password: PASSWORD });
    expect(deleteAgain.status).toBe(429);

    const change = await post(guesser, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(change.status).toBe(429);
    expect(Number(change.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(change.data).toMatchObject({
      intent: "password",
      formError: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    });

    // Nothing was deleted: the account is still there, signed in.
    expect(await getUser(get("/account", guesser))).toMatchObject({ id: guesser.id });
    // Another account is not held back by this one's guesses.
    const other = await post(bystander, { intent: "delete", password: "not-mine" });
    expect(other.status).toBe(400);
    // Each guess is a password hash checked: slow on a busy machine.
  }, 90_000);
});
