import { beforeAll, describe, expect, it } from "vitest";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";
import { answer, setUpRouteTests, signUp, type Account } from "~tests/support/route-requests";
import { action as forgotPasswordAction } from "./account/forgot-password";
import { action as resetPasswordAction } from "./account/reset-password";
import { action as authAction } from "./auth/auth";
import { action as contactAction } from "./marketing/contact";
import { action as petsAction } from "./pets/pets";

/*
 * A body that is not a form (JSON, plain text), posted to each form route as a script might:
 * refused with 415 and the reason before anything is read (backend/forms.server.test.ts has
 * readForm's every case; the family routes are in routes/family/family-routes.test.ts).
 */

setUpRouteTests();

let account: Account;

beforeAll(async () => {
  account = await signUp("Jason Json");
});

const ROUTES = [
  ["/auth", authAction],
  ["/pets", petsAction],
  ["/forgot-password", forgotPasswordAction],
  ["/reset-password", resetPasswordAction],
  ["/contact", contactAction],
] as const;

describe("a body that is not a form", () => {
  it.each(
    ROUTES.flatMap(([path, action]) =>
      [
        ["application/json", '{"intent":"login"}'],
        ["text/plain", "intent=login"],
      ].map(([type, body]) => ({ path, action, type: type!, body: body! })),
    ),
  )("gets 415 with the reason: $type to $path", async ({ path, action, type, body }) => {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { cookie: account.cookie, "Content-Type": type },
      body,
    });
    const refused = await answer(
      // The actions that limit per client read its address from the context.
      (args: never) => action({ ...(args as object), context: { clientIp: "10.55.0.1" } } as never),
      request,
    );
    expect(refused).toMatchObject({ status: 415, data: { formError: FORM_DATA_ERRORS.contentType } });
  });
});
